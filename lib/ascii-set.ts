/** RFC 5234 ALPHA and DIGIT: the start of most character sets of the library. */
export const ALPHA_DIGIT = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

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
