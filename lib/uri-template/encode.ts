import { asciiClass } from "../ascii-set.js";
import { codePointLabel } from "../errors.js";
import { parameterError } from "./values.js";

/** RFC 3986 §2.1 pct-encoded = "%" HEXDIG HEXDIG, at offset `i` of `text`. */
export function isPctEncodedAt(text: string, i: number): boolean {
  return /^%[\dA-Fa-f]{2}/.test(text.slice(i, i + 3));
}

/** Encodes with the U set (RFC 6570 §3.2.1): only unreserved ASCII stays as it is. */
export function encodeUnreserved(value: string, name: string): string {
  return encode(value, name, ALLOW_U);
}

/**
 * Encodes with the U+R set (RFC 6570 §3.2.1, §3.2.3): unreserved and reserved ASCII and
 * pct-encoded triplets stay as they are; a `%` that starts no triplet becomes `%25`.
 */
export function encodeReserved(value: string, name: string): string {
  return encode(value, name, ALLOW_UR);
}

/**
 * Writes every character of `value` outside `allow` as the pct-encoded octets of its UTF-8 form
 * (RFC 6570 §1.6, §3.2.1). A lone surrogate has no UTF-8 form: it is refused, never sent as U+FFFD.
 * Returns `value` itself when nothing needs encoding.
 */
function encode(value: string, name: string, allow: Uint8Array): string {
  let out = "";
  let copied = 0; // value up to here is in `out`
  for (let i = 0; i < value.length; i++) {
    // A code unit of 128 or more reads past the table: undefined, not 1.
    if (allow[value.charCodeAt(i)] === 1) continue;
    if (allow === ALLOW_UR && isPctEncodedAt(value, i)) {
      i += 2;
      continue;
    }
    const codePoint = value.codePointAt(i)!;
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
      throw parameterError(
        name,
        `a lone surrogate (${codePointLabel(codePoint)}) cannot be encoded as UTF-8`,
      );
    }
    out += value.slice(copied, i) + utf8Triplets(codePoint);
    if (codePoint > 0xffff) i++; // the second half of a surrogate pair
    copied = i + 1;
  }
  return copied === 0 ? value : out + value.slice(copied);
}

/**
 * The UTF-8 octets of a code point (RFC 3629 §3) as pct-encoded triplets, uppercase (RFC 3986
 * §2.1). Written out because the built-in `encodeURIComponent` costs as much as a whole expansion.
 */
function utf8Triplets(codePoint: number): string {
  if (codePoint < 0x80) return TRIPLETS[codePoint]!;
  // A lead octet of 110xxxxx, 1110xxxx or 11110xxx, then 10xxxxxx octets of six bits each.
  const continuations = codePoint < 0x800 ? 1 : codePoint < 0x10000 ? 2 : 3;
  let triplets = TRIPLETS[UTF8_LEAD[continuations]! | (codePoint >> (6 * continuations))]!;
  for (let shift = 6 * (continuations - 1); shift >= 0; shift -= 6) {
    triplets += TRIPLETS[0x80 | ((codePoint >> shift) & 0x3f)]!;
  }
  return triplets;
}

/**
 * The first `maxLength` characters of `text` (RFC 6570 §2.4.1), never splitting a surrogate pair.
 * With `keepTriplets` (U+R), Appendix A counts a pct-encoded triplet as one character, and the
 * triplets of one UTF-8 encoded code point (a lead octet and its continuations) as one too.
 */
export function prefix(text: string, maxLength: number, keepTriplets: boolean): string {
  let end = 0;
  for (let count = 0; count < maxLength && end < text.length; count++) {
    if (keepTriplets && isPctEncodedAt(text, end)) {
      const lead = octetAt(text, end);
      let continuations = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 0;
      end += 3;
      while (continuations-- > 0 && isPctEncodedAt(text, end) && octetAt(text, end) >> 6 === 2) end += 3;
    } else {
      end += text.codePointAt(end)! > 0xffff ? 2 : 1;
    }
  }
  return text.slice(0, end);
}

/** The octet of the pct-encoded triplet at `i`. */
const octetAt = (text: string, i: number): number => parseInt(text.slice(i + 1, i + 3), 16);

/** U: the characters copied as they are by most operators (RFC 6570 §3.2.1, RFC 3986 §2.3). */
const ALLOW_U = /*#__PURE__*/ asciiClass(/[\w.~-]/);
/** U+R: U and RFC 3986 §2.2 reserved, copied as they are by `+` and `#` (RFC 6570 §3.2.1). */
const ALLOW_UR = /*#__PURE__*/ asciiClass(/[\w.~:/?#[\]@!$&'()*+,;=-]/);
/** The marker bits of a UTF-8 lead octet, by how many continuation octets follow it (RFC 3629 §3). */
const UTF8_LEAD = [0, 0xc0, 0xe0, 0xf0];
/** "%XX" for each octet. */
const TRIPLETS: readonly string[] = /*#__PURE__*/ Array.from(
  { length: 256 },
  (_, octet) => "%" + octet.toString(16).toUpperCase().padStart(2, "0"),
);
