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
  const row = continuation ? OPERATORS["&"] : OPERATORS["?"];
  let out = "";
  let defined = false;
  for (const [name, value] of entries) {
    if (typeof name !== "string") {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `Invalid query parameter name: expected a string, got ${describe(name)}`,
      );
    }
    if (value === undefined || value === null) continue;
    const spec = {
      name,
      outputName: encodeUnreserved(name, name),
      explode: false,
      maxLength: undefined,
      offset: 0,
    };
    const text = expandVarspec(row, spec, value, "");
    if (text === undefined) continue;
    out += defined ? row.sep + text : row.first + text;
    defined = true;
  }
  return out;
}
