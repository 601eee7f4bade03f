import { EndpointError, describe } from "../errors.js";
import { encodeUnreserved } from "./encode.js";
import { expandVarspec, type Varspec } from "./expand-varspec.js";
import { OPERATORS } from "./operators.js";

const FORM = OPERATORS["?"];

// The varspec of each query parameter name, its "name=" pct-encoded once: an app sends the same
// few names again and again. At most 1000 names of at most 100 characters are kept (all dropped
// when full), so any stream of names costs a bounded amount of memory.
// (Not a BoundedCache: querySerializer bundles this file, and its bundle stays without the
// caches module; spec/tree-shaking.spec.ts.)
const FORM_VARSPECS = /*#__PURE__*/ new Map<string, Varspec>();

/** A form-style query parameter as a varspec of `{?name}` (§3.2.8), for any name. */
function formVarspec(name: string): Varspec {
  let spec = FORM_VARSPECS.get(name);
  if (spec === undefined) {
    // Never exploded: the pct-encoded name is only written in the head, "name=" for the first
    // pair (so that it needs no slicing) and "&name=" for the others (§3.2.8).
    const first = encodeUnreserved(name, name) + "=";
    // Made as the tokenizer makes its varspecs (a spread of a frozen variable, then the same keys),
    // so that expandVarspec sees one shape of varspec from both.
    const variable = Object.freeze({ name, explode: false, maxLength: undefined });
    spec = { ...variable, row: FORM, slot: 0, offset: 0, first, sep: "&" + first };
    if (name.length <= 100) {
      if (FORM_VARSPECS.size >= 1000) FORM_VARSPECS.clear();
      FORM_VARSPECS.set(name, spec);
    }
  }
  return spec;
}

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
  // Indexed for arrays: no iterator object and no destructuring per entry.
  const list = Array.isArray(entries) ? (entries as ReadonlyArray<readonly [string, unknown]>) : [...entries];
  for (let i = 0; i < list.length; i++) {
    const entry = list[i]!;
    out = formPair(out, first, entry[0], entry[1]);
  }
  return out;
}

/**
 * `formQuery` of parameters held flat, `[key, value, key, value, …]`, as the endpoint's pipeline
 * keeps its leftover parameters (one array per call instead of one per parameter).
 */
export function formQueryFlat(flat: readonly unknown[], first: string): string {
  let out = "";
  for (let i = 0; i < flat.length; i += 2) out = formPair(out, first, flat[i], flat[i + 1]);
  return out;
}

/** `out` with the pair `name=value` added (`first` before the first pair, "&" before the others). */
function formPair(out: string, first: string, name: unknown, value: unknown): string {
  if (typeof name !== "string") {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `Invalid query parameter name: expected a string, got ${describe(name)}`,
    );
  }
  if (value == null) return out; // §2.3: an undefined value
  // The first pair with the spec's "name=" and `first` before it, the others with "&name=". A
  // non-empty string or a finite number is its text, encoded (§3.2.8), as expandVarspec writes it.
  // (compiled-url.ts's path expander has the same test written out: a shared function measured
  // 0.5–1.5% slower on the endpoint mix.)
  const spec = formVarspec(name);
  const text = typeof value === "string" ? value : Number.isFinite(value) ? "" + (value as number) : "";
  const pair =
    text !== ""
      ? (out !== "" ? spec.sep : spec.first) + encodeUnreserved(text, name)
      : expandVarspec(spec, value, "", out !== "");
  if (pair === undefined) return out;
  return out !== "" ? out + pair : first === "" ? pair : first + pair;
}
