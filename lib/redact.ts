/** What error messages never show: secret header values, url passwords, secret query values. */
import { codePointLabel, quote } from "./errors.js";

// Names are matched lowercased; a name that merely holds one of the words counts.
const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);
const SECRET_HEADER_WORDS = ["token", "secret", "password", "api-key", "api_key", "apikey", "session"];
const SECRET_PARAMETERS = new Set([
  "access_token",
  "token",
  "key",
  "api_key",
  "sig",
  "signature",
  "password",
  "secret",
  "code",
  "x-amz-signature",
  "x-amz-credential",
  "x-amz-security-token",
  "x-goog-signature",
]);
const SECRET_PARAMETER_WORDS = [
  "token",
  "secret",
  "signature",
  "password",
  "api-key",
  "api_key",
  "apikey",
  "credential",
];

const holdsAny = (name: string, words: readonly string[]) => words.some((word) => name.includes(word));

/**
 * Is `name` a header whose value an error message never shows?
 *
 * @example
 * isSecretHeader("X-Api-Key"); // true
 */
export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_HEADERS.has(lower) || holdsAny(lower, SECRET_HEADER_WORDS);
}

/** Is `name` (raw or pct-encoded) a query parameter whose value an error message never shows? */
export function isSecretParameter(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // not UTF-8: matched as written
  }
  const lower = decoded.toLowerCase();
  return SECRET_PARAMETERS.has(lower) || holdsAny(lower, SECRET_PARAMETER_WORDS);
}

/** Where an authority that starts at `start` ends: at "/", "?", "#", "\\" or whitespace. */
function authorityEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && !"/?#\\ \t\n\r\f\v".includes(text[end]!)) end++;
  return end;
}

/** `text` with the value of every secret-like `name=value` pair after "?", "&", ";" or "#" as `***`. */
function redactPairs(text: string): string {
  let result = "";
  let done = 0;
  // Each pair is read once, from one separator to the next: linear on any input.
  for (let i = 0; i < text.length; i++) {
    if (!"?&;#".includes(text[i]!)) continue;
    let end = i + 1;
    while (end < text.length && !"?&;#".includes(text[end]!)) end++;
    const equals = i + 1 + text.slice(i + 1, end).indexOf("=");
    if (equals > i && isSecretParameter(text.slice(i + 1, equals))) {
      result += text.slice(done, equals + 1) + "***";
      done = end;
    }
    i = end - 1;
  }
  return result + text.slice(done);
}

/**
 * `text` (a url, a route, a template) with every user-info password replaced by `***` and the
 * values of secret-like query and fragment parameters replaced by `***`, names kept. Used by every
 * message that quotes a url (quote it with `quoteUrl`).
 *
 * @example
 * redactUrl("https://u:pw@host.example/x?access_token=abc&page=2");
 * // "https://u:***@host.example/x?access_token=***&page=2"
 */
export function redactUrl(text: string): string {
  let result = "";
  let done = 0;
  // Every "//" may start an authority, so that urls inside a route or a template count too.
  for (let start = text.indexOf("//"); start !== -1; start = text.indexOf("//", start)) {
    start += 2;
    const end = authorityEnd(text, start);
    // RFC 3986 §3.2.1: userinfo = user [":" password], up to the authority's last "@".
    // (Searched in the authority alone, so that each character is looked at once.)
    const authority = text.slice(start, end);
    const at = authority.lastIndexOf("@");
    const colon = authority.indexOf(":");
    if (colon !== -1 && colon + 1 < at) {
      result += text.slice(done, start + colon + 1) + "***";
      done = start + at;
    }
    start = end;
  }
  return redactPairs(result + text.slice(done));
}

/** `quote()` of a url (or route, or template) after `redactUrl()`; a value that is no string is quoted as it is. */
export function quoteUrl(url: unknown): string {
  return quote(typeof url === "string" ? redactUrl(url) : url);
}

/** `quote()` of a query string (`a=1&token=x`) after `redactUrl()`. */
export function quoteQuery(query: unknown): string {
  return quote(typeof query === "string" ? redactUrl("?" + query).slice(1) : query);
}

const CHARACTER_NAMES: Record<number, string> = {
  0x00: "a NUL",
  0x0a: "a line feed",
  0x0d: "a carriage return",
};

/**
 * What is wrong with header `name`'s `value` at `offset` (`-1`: its type), for a message: the value
 * quoted, or for a secret header its length and the offending character alone.
 *
 * @example
 * describeHeaderValue("authorization", "token abc\n", 9);
 * // 'a line feed (U+000A) at offset 9 of 10 characters; the value is not shown'
 */
export function describeHeaderValue(name: string, value: unknown, offset: number): string {
  if (offset < 0) {
    const what = isSecretHeader(name) && typeof value !== "object" ? `a ${typeof value}` : quote(value);
    return (
      `${what}; expected a string or a finite number` +
      (isSecretHeader(name) ? "; the value is not shown" : "")
    );
  }
  const text = value as string;
  const code = text.charCodeAt(offset);
  const label = codePointLabel(code);
  if (!isSecretHeader(name)) {
    return `${quote(text)} holds character ${label} at offset ${offset}; CR, LF, NUL, other controls and code points above U+00FF are not allowed`;
  }
  const character =
    CHARACTER_NAMES[code] ?? (code > 0xff ? "a code point above U+00FF" : "a control character");
  return `${character} (${label}) at offset ${offset} of ${text.length} characters; the value is not shown`;
}
