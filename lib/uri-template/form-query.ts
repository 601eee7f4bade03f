import { EndpointError, describe } from "../errors.js";
import { encodeUnreserved } from "./encode.js";
import { expandVarspec } from "./expand-varspec.js";
import { OPERATORS } from "./operators.js";

/**
 * Serialises parameters exactly as the RFC 6570 form-style query `{?a,b,c}` (§3.2.8) would, or
 * `{&a,b,c}` (§3.2.9) when `continuation` is true, for names that need not be valid varnames:
 * each name is pct-encoded with the unreserved set. Undefined values are left out; returns ""
 * when none is defined.
 *
 * @example
 * expandFormQuery([["per-page", 30], ["filter[x]", "a b"], ["q", undefined]], false);
 * // "?per-page=30&filter%5Bx%5D=a%20b"
 */
export function expandFormQuery(
  entries: Iterable<readonly [string, unknown]>,
  continuation: boolean,
): string {
  return formQuery(entries, continuation ? "&" : "?");
}

/** The query of `expandFormQuery` after `first` instead of "?" or "&" (`""`: the bare `a=1&b=2`). */
export function formQuery(entries: Iterable<readonly [string, unknown]>, first: string): string {
  const row = OPERATORS["?"];
  let out = "";
  let defined = false;
  // Indexed for arrays (the endpoint's own call): no iterator object and no destructuring per entry.
  const list = Array.isArray(entries) ? (entries as ReadonlyArray<readonly [string, unknown]>) : [...entries];
  for (let i = 0; i < list.length; i++) {
    const [name, value] = list[i]!;
    if (typeof name !== "string") {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `Invalid query parameter name: expected a string, got ${describe(name)}`,
      );
    }
    if (value === undefined || value === null) continue;
    const outputName = encodeUnreserved(name, name);
    let text: string | undefined;
    if (typeof value === "string") {
      // The common cases, as expandVarspec writes them for "?" (§3.2.8): name "=" value; ifemp "=".
      text = outputName + "=" + encodeUnreserved(value, name);
    } else if (typeof value === "number" && Number.isFinite(value)) {
      text = outputName + "=" + encodeUnreserved(String(value), name);
    } else {
      const spec = { name, outputName, explode: false, maxLength: undefined, offset: 0 };
      text = expandVarspec(row, spec, value, "");
      if (text === undefined) continue;
    }
    out += defined ? row.sep + text : first + text;
    defined = true;
  }
  return out;
}
