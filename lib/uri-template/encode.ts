import { asciiClass } from "../ascii-set.js";
import { codePointLabel } from "../errors.js";
import { parameterError } from "./values.js";

/** RFC 3986 §2.1 pct-encoded = "%" HEXDIG HEXDIG, at offset `i` of `text`. */
export function isPctEncodedAt(text: string, i: number): boolean {
  return /^%[\dA-Fa-f]{2}/.test(text.slice(i, i + 3));
}

// Each encoder first reads the value with its own table (a constant to the compiler): the usual
// value has nothing to encode and is returned as it is, without a copy. (A code unit of 128 or
// more reads past the table: undefined, not 1.)

/** Encodes with the U set: everything but unreserved ASCII becomes UTF-8 pct-encoded triplets. */
export function encodeUnreserved(value: string, name: string): string {
  let i = 0;
  while (i < value.length && ALLOW_U[value.charCodeAt(i)] === 1) i++;
  return i === value.length ? value : encodeFrom(value, name, ALLOW_U, i);
}

/**
 * Encodes with the U+R set: unreserved and reserved ASCII and pct-encoded triplets stay as they
 * are, a `%` that starts no triplet becomes `%25` (RFC 6570 §3.2.1, §3.2.3).
 */
export function encodeReserved(value: string, name: string): string {
  let i = 0;
  while (i < value.length && ALLOW_UR[value.charCodeAt(i)] === 1) i++;
  return i === value.length ? value : encodeFrom(value, name, ALLOW_UR, i);
}

/**
 * Pct-encodes the characters of `value` outside `allow` (RFC 6570 §3.2.1) from offset `i`, that of
 * the first one, as the triplets of their UTF-8 octets (§1.6, uppercase hex as RFC 3986 §2.1
 * advises). With U+R, a pct-encoded triplet stays as it is and only a "%" that starts none becomes
 * "%25". `name` is for the error of a lone surrogate, which has no UTF-8 form: refused rather than
 * sent as U+FFFD.
 */
function encodeFrom(value: string, name: string, allow: Uint8Array, i: number): string {
  let out = "";
  let copied = 0;
  for (; i < value.length; i++) {
    const code = value.charCodeAt(i);
    // U+R keeps a pct-encoded triplet as it is (§3.2.1): isPctEncodedAt's test, written out so that
    // the bundle of parseTemplate alone carries no function for it.
    if (allow[code] === 1 || (allow === ALLOW_UR && /^%[\dA-Fa-f]{2}/.test(value.slice(i, i + 3)))) continue;
    const codePoint = value.codePointAt(i)!;
    // A surrogate read as a code point is one without its other half.
    if (codePoint >> 11 === 0x1b) {
      throw parameterError(
        name,
        "a lone surrogate (" + codePointLabel(codePoint) + ") cannot be encoded as UTF-8",
      );
    }
    const character = String.fromCodePoint(codePoint);
    out +=
      value.slice(copied, i) +
      // ASCII is one octet, written here (a space, "/", "?" are the usual ones); the built-in
      // encoder writes the UTF-8 octets of any other code point in uppercase hex.
      (code < 0x80 ? PCT_ASCII[code]! : encodeURIComponent(character));
    copied = i + character.length; // a pair is two code units
    i = copied - 1;
  }
  return out + value.slice(copied);
}

/** U: the characters copied as they are by most operators (RFC 6570 §3.2.1). */
const ALLOW_U = /*#__PURE__*/ asciiClass(/[\w.~-]/);
/** U+R: U and RFC 3986 §2.2 reserved, copied as they are by `+` and `#` (RFC 6570 §3.2.1). */
const ALLOW_UR = /*#__PURE__*/ asciiClass(/[\w.~:/?#[\]@!$&'()*+,;=-]/);

// (After the allowed sets: the bundle compresses better this way, −1 B.)
/** RFC 3986 §2.1: "%" and two uppercase hex digits (the last two of "U+00XX"), for each ASCII code. */
const PCT_ASCII: readonly string[] = /*#__PURE__*/ Array.from(
  { length: 128 },
  (_, code) => "%" + codePointLabel(code).slice(-2),
);
