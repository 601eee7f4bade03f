/**
 * Characters a terminal acts on or hides instead of showing: the set `toCurl()` writes as escapes
 * (controls C0, DEL and C1; format characters such as the bidi overrides U+202A–U+202E and
 * isolates U+2066–U+2069, zero-width characters and the BOM; line and paragraph separators; lone
 * surrogates; the other Default_Ignorable_Code_Point characters, Unicode §5.21). Printed raw, they
 * make what is shown differ from what runs (Trojan Source, CVE-2021-42574).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;

/** `\uXXXX` per UTF-16 code unit: valid in JSON (RFC 8259 §7) and in a JavaScript string literal. */
function unicodeEscape(character: string): string {
  let escaped = "";
  for (let index = 0; index < character.length; index++) {
    escaped += `\\u${character.charCodeAt(index).toString(16).padStart(4, "0")}`;
  }
  return escaped;
}

/**
 * Output text with every invisible character (see `INVISIBLE`) written as `\uXXXX`, line breaks
 * kept. For the command's JSON and JavaScript output the result means the same as the input: those
 * characters can only stand inside a string literal there (JSON.stringify escapes C0 controls,
 * line breaks included, and lone surrogates itself), where `\u` escapes are the same text.
 *
 * @example
 * escapeInvisible('"a\u202eb"\n'); // '"a\\u202eb"\n'
 */
export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (character) => (character === "\n" ? character : unicodeEscape(character)));
}

/** One line of text with every invisible character escaped, its line breaks too. */
export function escapeLine(text: string): string {
  return text.replace(INVISIBLE, unicodeEscape);
}
