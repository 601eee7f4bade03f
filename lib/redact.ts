/** What error messages never show: secret header values, url passwords, secret query values. */
import { codePointLabel, quote } from "./errors.js";

// Names are matched lowercased: a few exact names, then any name that holds one of the words.
const SECRET_HEADER =
  /^(?:proxy-)?authorization$|^(?:set-)?cookie$|token|secret|password|api[-_]?key|session/;
const SECRET_PARAMETER = /^(?:key|sig|code)$|token|secret|signature|password|api[-_]?key|credential/;

/** Is `name` a header whose value an error message never shows (`X-Api-Key`: yes)? */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name.toLowerCase());
}

/** Is `name` (raw or pct-encoded) a query parameter whose value an error message never shows? */
export function isSecretParameter(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // not UTF-8: matched as written
  }
  return SECRET_PARAMETER.test(decoded.toLowerCase());
}

// RFC 3986 §3.2.1 userinfo: after any "//" (a url inside a route counts too), up to the last "@" before
// "/", "?", "#", "\" or whitespace. Each attempt stops at the authority's end: linear on any input.
const PASSWORD = /(\/\/[^/?#\\ \t\n\r\f\v:]*:)[^/?#\\ \t\n\r\f\v]+@/g;
// A `name=value` pair after "?", "&", ";" or "#", up to the next of them (no name is no secret).
const PAIR = /([?&;#]([^?&;#=]+)=)[^?&;#]*/g;

/**
 * A url, route or template with user-info passwords and secret-like query and fragment values as `***`.
 * @example
 * redactUrl("https://u:pw@host.example/x?access_token=abc&page=2");
 * // "https://u:***@host.example/x?access_token=***&page=2"
 */
export function redactUrl(url: string): string {
  return url
    .replace(PASSWORD, "$1***@")
    .replace(PAIR, (pair, head: string, name: string) => (isSecretParameter(name) ? head + "***" : pair));
}

/** `quote()` after `redactUrl()` of a url, route or template; any value that is no string as it is. */
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
 * What is wrong with header `name`'s `value` at `offset` (`-1`: its type); a secret value is not shown.
 * @example
 * describeHeaderValue("authorization", "token abc\n", 9);
 * // 'a line feed (U+000A) at offset 9 of 10 characters; the value is not shown'
 */
export function describeHeaderValue(name: string, value: unknown, offset: number): string {
  const secret = isSecretHeader(name);
  const notShown = secret ? "; the value is not shown" : "";
  if (offset < 0) {
    const what = secret && typeof value !== "object" ? `a ${typeof value}` : quote(value);
    return `${what}; expected a string or a finite number${notShown}`;
  }
  const text = value as string;
  const code = text.charCodeAt(offset);
  const label = codePointLabel(code);
  if (!secret) {
    return `${quote(text)} holds character ${label} at offset ${offset}; CR, LF, NUL, other controls and code points above U+00FF are not allowed`;
  }
  const character =
    CHARACTER_NAMES[code] ?? (code > 0xff ? "a code point above U+00FF" : "a control character");
  return `${character} (${label}) at offset ${offset} of ${text.length} characters${notShown}`;
}
