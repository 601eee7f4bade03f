import { EndpointError, describe } from "../errors.js";
import { encodeUnreserved } from "./encode.js";
import { expandVarspec } from "./expand-varspec.js";
import { OPERATORS } from "./operators.js";
import type { Varspec } from "./types.js";

// Each query parameter name's varspec, its "name=" encoded once: an app sends the same few names
// again and again. At most 1000 names of at most 100 characters, all dropped when full.
const FORM_VARSPECS = /*#__PURE__*/ new Map<string, Varspec>();

/** A query parameter of any name as the varspec of `{?name}` (§3.2.8), without the "?". */
function formVarspec(name: string): Varspec {
  let spec = FORM_VARSPECS.get(name);
  if (spec === undefined) {
    const first = encodeUnreserved(name, name) + "=";
    const row = OPERATORS["?"];
    spec = { name, explode: false, maxLength: undefined, row, slot: 0, offset: 0, first, sep: "&" + first };
    if (name.length <= 100) {
      if (FORM_VARSPECS.size >= 1000) FORM_VARSPECS.clear();
      FORM_VARSPECS.set(name, spec);
    }
  }
  return spec;
}

/**
 * Serialises parameters as the form-style query `{?a,b,c}` (RFC 6570 §3.2.8) would, `first` before
 * the first pair ("?", "&" or ""), for any names: each is pct-encoded. "" when no value is defined.
 *
 * @example
 * formQuery([["per-page", 30], ["filter[x]", "a b"], ["q", undefined]], "?");
 * // "?per-page=30&filter%5Bx%5D=a%20b"
 */
export function formQuery(entries: Iterable<readonly [string, unknown]>, first: string): string {
  let out = "";
  for (const entry of entries) out = formPair(out, first, entry[0], entry[1]);
  return out;
}

/** `formQuery` of parameters held flat, `[name, value, name, value, …]`. */
export function formQueryFlat(flat: readonly unknown[], first: string): string {
  let out = "";
  for (let i = 0; i < flat.length; i += 2) out = formPair(out, first, flat[i], flat[i + 1]);
  return out;
}

/** `out` with the pair `name=value` added: `first` before the first pair, "&" before the others. */
function formPair(out: string, first: string, name: unknown, value: unknown): string {
  if (typeof name !== "string") {
    const problem = `expected a string, got ${describe(name)}`;
    throw new EndpointError("ERR_INVALID_PARAMETER", `Invalid query parameter name: ${problem}`);
  }
  const pair = value == null ? undefined : expandVarspec(formVarspec(name), value, "", out !== "");
  return pair === undefined ? out : (out === "" ? first : out) + pair; // §2.3: undefined values vanish
}
