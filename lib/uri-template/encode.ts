import { asciiClass } from "../ascii-set.js";
import { codePointLabel } from "../errors.js";
import { parameterError } from "./values.js";

/** RFC 3986 §2.1 pct-encoded = "%" HEXDIG HEXDIG, at offset `i` of `text`. */
export function isPctEncodedAt(text: string, i: number): boolean {
  return /^%[\dA-Fa-f]{2}/.test(text.slice(i, i + 3));
}

/** A safe integer (an id, a page): its text is digits and "-" (ECMA-262 Number::toString), all unreserved. */
export const isUnreservedNumber = (value: unknown): value is number => Number.isSafeInteger(value);

/** Encodes with the U set (RFC 6570 §3.2.1): only unreserved ASCII stays as it is. */
export const encodeUnreserved = (value: string, name: string): string => encode(value, name, ALLOW_U);

/** Encodes with the U+R set (§3.2.1): reserved ASCII and pct-encoded triplets stay too; a lone `%` is `%25`. */
export const encodeReserved = (value: string, name: string): string => encode(value, name, ALLOW_UR);

/** `value` itself when every character is in `allow` (the usual case), else `encodeFrom`'s result. */
function encode(value: string, name: string, allow: Uint8Array): string {
  let i = 0;
  // A code unit of 128 or more reads past the table: undefined, not 1.
  while (i < value.length && allow[value.charCodeAt(i)] === 1) i++;
  return i === value.length ? value : encodeFrom(value, name, allow, i);
}

/** From `i` on, each character outside `allow` as its pct-encoded UTF-8 octets (RFC 6570 §1.6, §3.2.1). */
function encodeFrom(value: string, name: string, allow: Uint8Array, i: number): string {
  let out = value.slice(0, i);
  let copied = i; // value up to here is in `out`
  for (; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (allow[code] === 1) continue;
    if (allow === ALLOW_UR && isPctEncodedAt(value, i)) {
      i += 2;
      continue;
    }
    out += value.slice(copied, i);
    copied = i + 1;
    // ASCII from the table; a run of other code units at once, their octets from the built-in.
    if (code < 0x80) out += TRIPLETS[code];
    else if (allow === ALLOW_U) {
      // For U the built-in takes the whole rest: it leaves only !'()*, which U encodes (RFC 3986 §2.3).
      const rest = encodeUtf8(value.slice(i), name);
      return (
        out + (/[!'()*]/.test(rest) ? rest.replace(/[!'()*]/g, (c) => TRIPLETS[c.charCodeAt(0)]!) : rest)
      );
    } else {
      while (copied < value.length && value.charCodeAt(copied) >= 0x80) copied++;
      out += encodeUtf8(value.slice(i, copied), name);
      i = copied - 1;
    }
  }
  return out + value.slice(copied);
}

/** `text` pct-encoded as UTF-8; a lone surrogate (/\p{Cs}/u finds only those) has none: refused, not U+FFFD. */
function encodeUtf8(text: string, name: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    const lone = /\p{Cs}/u.exec(text)![0].charCodeAt(0);
    throw parameterError(name, `a lone surrogate (${codePointLabel(lone)}) cannot be encoded as UTF-8`);
  }
}

/**
 * The first `maxLength` characters of `text` (RFC 6570 §2.4.1), never splitting a surrogate pair.
 * With `keepTriplets` (U+R), a pct-encoded triplet is one character: Appendix A takes "care not to
 * split multi-octet or pct-encoded triplet characters".
 */
export function prefix(text: string, maxLength: number, keepTriplets: boolean): string {
  let end = 0;
  for (let count = 0; count < maxLength && end < text.length; count++) {
    end += keepTriplets && isPctEncodedAt(text, end) ? 3 : text.codePointAt(end)! > 0xffff ? 2 : 1;
  }
  return text.slice(0, end);
}

/** U: the characters copied as they are by most operators (RFC 6570 §3.2.1, RFC 3986 §2.3). */
const ALLOW_U = /*#__PURE__*/ asciiClass(/[\w.~-]/);
/** U+R: U and RFC 3986 §2.2 reserved, copied as they are by `+` and `#` (RFC 6570 §3.2.1). */
const ALLOW_UR = /*#__PURE__*/ asciiClass(/[\w.~:/?#[\]@!$&'()*+,;=-]/);
/** RFC 3986 §2.1: "%" and the two uppercase hex digits of each ASCII code ("U+003A" → "%3A"). */
const TRIPLETS: readonly string[] = /*#__PURE__*/ Array.from(
  { length: 128 },
  (_, code) => "%" + codePointLabel(code).slice(-2),
);
