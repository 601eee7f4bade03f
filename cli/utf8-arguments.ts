import { quote } from "../lib/errors.js";
import { isSecretHeader, isSecretParameter, quoteUrl } from "../lib/redact.js";
import { UsageError } from "./parse-arguments.js";

/** What Node puts in place of bytes that are not UTF-8 when it decodes the command line. */
const REPLACEMENT_CHARACTER = "\ufffd";

/** The offset of the first byte that starts no well-formed UTF-8 sequence (RFC 3629 §4), or -1. */
function firstInvalidOffset(bytes: Uint8Array): number {
  const at = (index: number): number => bytes[index] ?? -1;
  const continues = (index: number, low = 0x80, high = 0xbf): boolean =>
    at(index) >= low && at(index) <= high;
  for (let index = 0; index < bytes.length;) {
    const lead = at(index);
    let length: number;
    if (lead < 0x80) length = 1;
    else if (lead >= 0xc2 && lead <= 0xdf) length = continues(index + 1) ? 2 : 0;
    else if (lead >= 0xe0 && lead <= 0xef) {
      // E0 needs A0–BF after it (no overlong form), ED needs 80–9F (no surrogate).
      const second =
        lead === 0xe0
          ? continues(index + 1, 0xa0)
          : lead === 0xed
            ? continues(index + 1, 0x80, 0x9f)
            : continues(index + 1);
      length = second && continues(index + 2) ? 3 : 0;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      // F0 needs 90–BF after it (no overlong form), F4 needs 80–8F (nothing past U+10FFFF).
      const second =
        lead === 0xf0
          ? continues(index + 1, 0x90)
          : lead === 0xf4
            ? continues(index + 1, 0x80, 0x8f)
            : continues(index + 1);
      length = second && continues(index + 2) && continues(index + 3) ? 4 : 0;
    } else length = 0;
    if (length === 0) return index;
    index += length;
  }
  return -1;
}

/**
 * An argument quoted for a message as the library quotes (at most 200 characters, controls
 * escaped), without the secrets it may hold: a secret header's value (`Authorization:…`), a
 * `headers:=` item, a secret query value (`token==…`); a url's password and secret query values.
 */
function quoteArgument(argument: string): string {
  const colon = argument.indexOf(":");
  const equals = argument.indexOf("=");
  if (argument.startsWith("headers:=")) return `"headers:=…" (header values are not shown)`;
  if (colon > 0 && (equals === -1 || colon < equals) && isSecretHeader(argument.slice(0, colon))) {
    return `${quote(`${argument.slice(0, colon)}:…`)} (the value is not shown)`;
  }
  if (equals > 0 && argument[equals + 1] === "=") {
    return quote(
      `${argument.slice(0, equals)}==${isSecretParameter(argument.slice(0, equals)) ? "***" : argument.slice(equals + 2)}`,
    );
  }
  return quoteUrl(argument);
}

/**
 * Refuses an argument that is not UTF-8 text. Node decodes the command line leniently: bytes that
 * are not UTF-8 (a Latin-1 `café`) become U+FFFD, and a different request would be printed without
 * a word. An argument holding U+FFFD is checked against its bytes (`rawArguments()`: on Linux,
 * /proc/self/cmdline), so a U+FFFD typed as UTF-8 still works. Where the bytes cannot be seen (or
 * do not match), an argument holding U+FFFD is refused: it cannot be told from invalid bytes.
 */
export function checkArgumentsAreUtf8(
  argv: readonly string[],
  rawArguments: () => readonly Uint8Array[] | undefined,
): void {
  if (!argv.some((argument) => argument.includes(REPLACEMENT_CHARACTER))) return;
  const raw = rawArguments();
  // The command's own arguments are the last ones of the process (node, its options, the script).
  const offset = raw === undefined ? -1 : raw.length - argv.length;
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  argv.forEach((argument, index) => {
    if (!argument.includes(REPLACEMENT_CHARACTER)) return;
    const bytes = raw?.[offset + index];
    if (offset >= 0 && bytes !== undefined && decoder.decode(bytes) === argument) {
      const invalid = firstInvalidOffset(bytes);
      if (invalid === -1) return; // a U+FFFD typed as UTF-8 (EF BF BD)
      const byte = (bytes[invalid] as number).toString(16).toUpperCase().padStart(2, "0");
      throw new UsageError(
        `Argument ${index + 1} is not UTF-8 text: ${quoteArgument(argument)} stands for bytes that are not UTF-8, from byte 0x${byte} at offset ${invalid}; give arguments in UTF-8`,
      );
    }
    throw new UsageError(
      `Argument ${index + 1} holds U+FFFD, which stands for bytes that are not UTF-8, and this system does not show the bytes: ${quoteArgument(argument)} is refused; write U+FFFD as \\ufffd in a key:=json item`,
    );
  });
}
