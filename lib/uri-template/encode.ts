import { allInSet, asciiClass } from "../ascii-set.js";
import { codePointLabel } from "../errors.js";
import { parameterError } from "./values.js";

/** U: the characters copied as they are by most operators (RFC 6570 §3.2.1). */
const ALLOW_U = /*#__PURE__*/ asciiClass(/[\w.~-]/);
/** U+R: U and RFC 3986 §2.2 reserved, copied as they are by `+` and `#` (RFC 6570 §3.2.1). */
const ALLOW_UR = /*#__PURE__*/ asciiClass(/[\w.~:/?#[\]@!$&'()*+,;=-]/);

/** RFC 3986 §2.1 pct-encoded = "%" HEXDIG HEXDIG, at offset `i` of `text`. */
export function isPctEncodedAt(text: string, i: number): boolean {
  return /^%[\dA-Fa-f]{2}/.test(text.slice(i, i + 3));
}

/**
 * Encodes with the U set: everything but unreserved ASCII becomes UTF-8 pct-encoded triplets.
 * A string of unreserved ASCII only is returned as it is.
 */
export function encodeUnreserved(value: string, name: string): string {
  if (allInSet(value, ALLOW_U)) return value;
  // ASCII by table, one triplet per character (a space, "!", "/" are the usual ones): several
  // times faster than the built-in encoder and a replace of the marks it leaves.
  let out = "";
  let copied = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (ALLOW_U[code] === 1) continue;
    if (code >= 0x80) return encodeNonAscii(value, name);
    out += value.slice(copied, i) + PCT_ASCII[code];
    copied = i + 1;
  }
  return out + value.slice(copied);
}

/** RFC 3986 §2.1: "%" and two uppercase hex digits, for each ASCII code. */
const PCT_ASCII: readonly string[] = /*#__PURE__*/ Array.from(
  { length: 128 },
  (_, code) => "%" + (code < 16 ? "0" : "") + code.toString(16).toUpperCase(),
);

/** `encodeUnreserved` of a value that holds non-ASCII characters: the built-in UTF-8 encoder. */
function encodeNonAscii(value: string, name: string): string {
  // encodeURIComponent leaves U and the marks !'()* as they are: those five are encoded here.
  return toUtf8(value, name, encodeURIComponent).replace(
    /[!'()*]/g,
    (mark) => PCT_ASCII[mark.charCodeAt(0)]!,
  );
}

/**
 * Encodes with the U+R set: unreserved and reserved ASCII and pct-encoded triplets stay as they
 * are, a `%` that starts no triplet becomes `%25` (RFC 6570 §3.2.1, §3.2.3).
 */
export function encodeReserved(value: string, name: string): string {
  // encodeURI leaves U+R as it is but "[" and "]", and encodes every "%": a "%25" before two hex
  // digits was the "%" of a triplet of the value, so it and the brackets are decoded back.
  return allInSet(value, ALLOW_UR)
    ? value
    : toUtf8(value, name, encodeURI).replace(/%25(?=[\dA-Fa-f]{2})|%5[BD]/g, decodeURIComponent);
}

// RFC 6570 §1.6: characters are pct-encoded as the octets of their UTF-8 form (uppercase hex, as
// RFC 3986 §2.1 advises). A lone surrogate has no UTF-8 form: we refuse it rather than silently
// send U+FFFD (or the URIError of the built-in encoders).
function toUtf8(value: string, name: string, encode: (text: string) => string): string {
  // With the u flag, a surrogate that is half of a pair is read as part of its code point.
  const lone = /[\uD800-\uDFFF]/u.exec(value);
  if (lone) {
    throw parameterError(
      name,
      `a lone surrogate (${codePointLabel(lone[0].charCodeAt(0))}) cannot be encoded as UTF-8`,
    );
  }
  return encode(value);
}
