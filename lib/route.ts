import { boundedCache } from "./bounded-cache.js";
import { EndpointError, quote } from "./errors.js";
import { quoteUrl } from "./redact.js";
import { isToken } from "./headers.js";
import { internalize } from "./object.js";
import { authorityEnd, isAbsoluteUrl } from "./url.js";

/** A route string split into its parts. */
export interface ParsedRoute {
  readonly method: string | undefined;
  readonly url: string;
}

// The standard methods (RFC 9110 §9.3, RFC 5789): a route of one of them alone is a method
// without a url. Anchored alternatives of fixed words: linear.
const STANDARD_METHOD = /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|CONNECT|TRACE)$/;

/** `ERR_INVALID_METHOD` for a method that is not an RFC 9110 token, `where` after its quote. */
function notAToken(method: string, where = ""): EndpointError {
  return new EndpointError(
    "ERR_INVALID_METHOD",
    `Invalid method ${quote(method)}${where}: not an RFC 9110 token`,
  );
}

/** RFC 9110 §9.1: a method is a token. Returns it as given. */
export function validateMethod(method: unknown): string {
  if (typeof method !== "string") {
    throw new EndpointError("ERR_INVALID_METHOD", `Invalid method: ${quote(method)}; expected a string`);
  }
  if (!isToken(method)) throw notAToken(method);
  return method;
}

// Bounded (lib/bounded-cache.ts): a process that builds routes from ids must not grow without limit.
const routeCache = /*#__PURE__*/ boundedCache<ParsedRoute>(1000, 1000);

/**
 * Splits `"METHOD url"` or `"url"` (spec §4 rule 4; a bare url leaves the method to the options,
 * then the defaults, GET unless changed: docs/decisions.md §2). Exactly one space
 * separates the two; any other whitespace is an error rather than a guess.
 */
export function parseRoute(route: string): ParsedRoute {
  return routeCache.get(route) ?? routeCache.set(route, splitRoute(route));
}

const EXPECTED = 'expected "METHOD url" or "url"';

function splitRoute(route: string): ParsedRoute {
  const invalid = (problem: string) =>
    new EndpointError("ERR_INVALID_ROUTE", `Invalid route ${quoteUrl(route)}: ${problem}`);
  const space = route.indexOf(" ");
  const url = route.slice(space + 1);
  if (url === "") throw invalid(EXPECTED);
  // Whitespace and controls: U+0000–U+0020, U+007F, and the Unicode spaces `\s` matches
  // (U+00A0, U+2000–U+200A, U+3000, U+FEFF, …). "POST\u00A0/x", pasted from a web page, has no
  // ASCII space: read as a bare url it was a GET of "/POST%C2%A0/x", its body in the query.
  const control = /[\0- \x7f\s]/.exec(url);
  if (control !== null) {
    throw invalid(
      `unexpected whitespace or control character at offset ${control.index + space + 1}; ${EXPECTED}`,
    );
  }
  if (space === -1) {
    if (STANDARD_METHOD.test(url)) throw invalid("a method without a url");
    return { method: undefined, url };
  }
  const method = route.slice(0, space);
  if (method === "") throw invalid(EXPECTED);
  if (!isToken(method)) throw notAToken(method, ` in route ${quoteUrl(route)}`);
  // Internalized, so that later comparisons (`=== "GET"`) are a pointer check instead of a
  // character compare of a fresh slice.
  return { method: internalize(method), url };
}

/**
 * The `:name` form: a colon at the start of a path segment (`/:name`) means `{name}`. Nothing
 * else with a colon is a placeholder: not `user:pass@` (nor `//:pass@`, an empty user name),
 * not `:8080`, not the query or fragment. A template expression is copied through untouched:
 * "{/:x}" is a template error for the engine to report. One linear pass (each alternative of
 * the pattern is a single run of one character class: nothing to backtrack into).
 */
export function colonToTemplate(url: string): string {
  if (!url.includes("/:")) return url;
  // RFC 3986 §3.2: after "scheme://" comes the authority, up to the next "/", "?" or "#"; the
  // path, where segments start, begins at that "/". A name is RFC 6570 varchars (`\w`: ASCII
  // letters, digits and "_"); the query and the fragment are copied as they are.
  const pathStart = isAbsoluteUrl(url) ? authorityEnd(url) : 0;
  return (
    url.slice(0, pathStart) +
    url
      .slice(pathStart)
      .replace(/\{[^}]*\}?|[?#][^]*|\/:(\w+)/g, (match, name?: string) =>
        name === undefined ? match : `/{${name}}`,
      )
  );
}
