/** RFC 5234 ALPHA and DIGIT: the start of most character sets of the library. */
export const ALPHA_DIGIT = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Whether every character of `text` is in `set` (true for ""). */
export function allInSet(text: string, set: Uint8Array): boolean {
  // A code unit of 128 or more reads past the table: undefined, not 1.
  for (let i = 0; i < text.length; i++) if (set[text.charCodeAt(i)] !== 1) return false;
  return true;
}

/**
 * A lookup table of the ASCII characters in `groups` (1 = member), so a scan of hostile input
 * costs one array read per character.
 */
export function asciiSet(...groups: string[]): Uint8Array {
  const set = new Uint8Array(128);
  for (const chars of groups) {
    for (let i = 0; i < chars.length; i++) set[chars.charCodeAt(i)] = 1;
  }
  return set;
}

/** A lookup table of the ASCII characters a one-character `pattern` matches (1 = member). */
export function asciiClass(pattern: RegExp): Uint8Array {
  return Uint8Array.from({ length: 128 }, (_, code) => +pattern.test(String.fromCodePoint(code)));
}
