import { EndpointError, describe } from "../errors.js";
import { encodeUnreserved } from "./encode.js";
import { expandVarspec } from "./expand-varspec.js";
import { OPERATORS } from "./operators.js";

/**
 * Serialises parameters exactly as the RFC 6570 form-style query `{?a,b,c}` (§3.2.8) would, or
 * `{&a,b,c}` (§3.2.9) with `first` "&", for names that need not be valid varnames: each name is
 * pct-encoded with the unreserved set. Undefined values are left out; returns "" when none is
 * defined. `first` "" gives the bare `a=1&b=2` that `serializeQuery()` returns.
 *
 * @example
 * formQuery([["per-page", 30], ["filter[x]", "a b"], ["q", undefined]], "?");
 * // "?per-page=30&filter%5Bx%5D=a%20b"
 */
export function formQuery(entries: Iterable<readonly [string, unknown]>, first: string): string {
  let out = "";
  // Indexed for arrays (the endpoint's own call): no iterator object and no destructuring per entry.
  const list = Array.isArray(entries) ? (entries as ReadonlyArray<readonly [string, unknown]>) : [...entries];
  for (let i = 0; i < list.length; i++) {
    const entry = list[i]!;
    const name = entry[0];
    const value = entry[1];
    if (typeof name !== "string") {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `Invalid query parameter name: expected a string, got ${describe(name)}`,
      );
    }
    const pair = formPair(name, value);
    if (pair !== undefined) out += out === "" ? first + pair : "&" + pair;
  }
  return out;
}

/** One `name=value` of a form-style query (§3.2.8), or `undefined` for an undefined value (§2.3). */
function formPair(name: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const outputName = encodeUnreserved(name, name);
  // The common cases, as expandVarspec writes them for "?": name "=" value; ifemp "=".
  if (typeof value === "string") return outputName + "=" + encodeUnreserved(value, name);
  if (typeof value === "number" && Number.isFinite(value)) {
    return outputName + "=" + encodeUnreserved(String(value), name);
  }
  return expandVarspec(
    "",
    "",
    OPERATORS["?"],
    { name, explode: false, maxLength: undefined },
    value,
    "",
    0,
    outputName,
  );
}
