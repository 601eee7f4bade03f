import { ALPHA_DIGIT, asciiSet } from "../ascii-set.js";
import { EndpointError, codePointLabel, quote } from "../errors.js";

// RFC 3986 §2.3 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~".
const UNRESERVED_MARKS = "-._~";
// RFC 3986 §2.2 reserved: gen-delims and sub-delims.
const RESERVED_ASCII = ":/?#[]@!$&'()*+,;=";

/** U: the characters copied as they are by most operators (RFC 6570 §3.2.1). */
const ALLOW_U = /*#__PURE__*/ asciiSet(ALPHA_DIGIT, UNRESERVED_MARKS);
/** U+R: the characters copied as they are by `+` and `#` (RFC 6570 §3.2.1); `%` is handled apart. */
const ALLOW_UR = /*#__PURE__*/ asciiSet(ALPHA_DIGIT, UNRESERVED_MARKS, RESERVED_ASCII);

const HEX_DIGITS = "0123456789ABCDEF";
/** `%XX` for every octet, uppercase hex (RFC 3986 §2.1 "should use uppercase"). */
const PCT: readonly string[] = /*#__PURE__*/ Array.from(
  { length: 256 },
  (_, octet) => "%" + HEX_DIGITS.charAt(octet >> 4) + HEX_DIGITS.charAt(octet & 15),
);

/** Whether a UTF-16 code unit is an ASCII hex digit; `NaN` (past the end) is not. */
function isHexDigit(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/** RFC 3986 §2.1 pct-encoded = "%" HEXDIG HEXDIG, at offset `i` of `text`. */
export function isPctEncodedAt(text: string, i: number): boolean {
  return (
    text.charCodeAt(i) === 0x25 && isHexDigit(text.charCodeAt(i + 1)) && isHexDigit(text.charCodeAt(i + 2))
  );
}

/**
 * Encodes with the U set: everything but unreserved ASCII becomes UTF-8 pct-encoded triplets.
 * Fast path: a string of unreserved ASCII only is returned as it is.
 */
export function encodeUnreserved(value: string, name: string): string {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x80 || ALLOW_U[code] === 0) return encodeFrom(value, i, ALLOW_U, false, name);
  }
  return value;
}

/**
 * Encodes with the U+R set: unreserved and reserved ASCII and pct-encoded triplets stay as they
 * are, a `%` that starts no triplet becomes `%25` (RFC 6570 §3.2.1, §3.2.3).
 */
export function encodeReserved(value: string, name: string): string {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x80 || ALLOW_UR[code] === 0) return encodeFrom(value, i, ALLOW_UR, true, name);
  }
  return value;
}

// The slow path, from the first character that needs work: copies runs of allowed characters by
// slicing, and writes the others as the pct-encoded octets of their UTF-8 form (RFC 6570 §1.6).
function encodeFrom(
  value: string,
  start: number,
  allowed: Uint8Array,
  keepTriplets: boolean,
  name: string,
): string {
  const length = value.length;
  let out = "";
  let runStart = 0;
  let i = start;
  while (i < length) {
    const code = value.charCodeAt(i);
    if (code < 0x80) {
      if (allowed[code] === 1) {
        i++;
      } else if (keepTriplets && isPctEncodedAt(value, i)) {
        i += 3; // a pct-encoded triplet is copied as written
      } else {
        out += value.slice(runStart, i) + PCT[code]!;
        runStart = ++i;
      }
      continue;
    }
    out += value.slice(runStart, i);
    let codePoint = code;
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = value.charCodeAt(i + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) throw loneSurrogate(name, code);
      codePoint = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
      i += 2;
    } else {
      i++;
    }
    out += utf8Triplets(codePoint);
    runStart = i;
  }
  return out + value.slice(runStart);
}

function utf8Triplets(codePoint: number): string {
  if (codePoint < 0x800) return PCT[0xc0 | (codePoint >> 6)]! + PCT[0x80 | (codePoint & 63)]!;
  if (codePoint < 0x10000) {
    return (
      PCT[0xe0 | (codePoint >> 12)]! + PCT[0x80 | ((codePoint >> 6) & 63)]! + PCT[0x80 | (codePoint & 63)]!
    );
  }
  return (
    PCT[0xf0 | (codePoint >> 18)]! +
    PCT[0x80 | ((codePoint >> 12) & 63)]! +
    PCT[0x80 | ((codePoint >> 6) & 63)]! +
    PCT[0x80 | (codePoint & 63)]!
  );
}

// A lone surrogate has no UTF-8 form; we refuse it rather than silently send U+FFFD.
function loneSurrogate(name: string, code: number): EndpointError {
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    `Invalid parameter ${quote(name)}: a lone surrogate (${codePointLabel(code)}) cannot be encoded as UTF-8`,
  );
}
