import { boundedCache } from "./bounded-cache.js";
import { EndpointError, notAString, notAToken } from "./errors.js";
import { quoteUrl } from "./redact.js";
import { isToken } from "./headers.js";
import { internalize } from "./object.js";
import { authorityEnd, isAbsoluteUrl } from "./url.js";

/** A route string split into its parts. */
export interface ParsedRoute {
  readonly method: string | undefined;
  readonly url: string;
}

// The standard methods (RFC 9110 §9.3, RFC 5789): a route of one of them alone has no url.
const STANDARD_METHOD = /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|CONNECT|TRACE)$/;

/** RFC 9110 §9.1: a method is a token. Returns it as given. */
export function validateMethod(method: unknown): string {
  if (typeof method !== "string") throw notAString("ERR_INVALID_METHOD", "method", method);
  if (!isToken(method)) throw notAToken("ERR_INVALID_METHOD", "method", method);
  return method;
}

const routeCache = /*#__PURE__*/ boundedCache<ParsedRoute>(1000, 1000);

/** Splits `"METHOD url"` or `"url"` (spec §4 rule 4) at its one space; other whitespace is an error. */
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
  // Controls and every Unicode space: "POST\u00A0/x", pasted from a web page, is no bare url.
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
  if (!isToken(method))
    throw notAToken("ERR_INVALID_METHOD", "method", method, ` in route ${quoteUrl(route)}`);
  return { method: internalize(method), url };
}

// The path text up to a template expression, the query or the fragment; an expression (copied
// untouched, even unclosed); a `/:name` in the path text, whose name is RFC 6570 varchars (`\w`).
const PLAIN = /[^{?#]*/y;
const EXPRESSION = /\{[^}]*\}?/y;
const COLON_NAME = /\/:(\w+)/g;

/**
 * The `:name` form: `/:name` at the start of a path segment means `/{name}`; not `user:pass@` or `:8080`,
 * nor in the query, the fragment or a template expression. One linear pass.
 */
export function colonToTemplate(url: string): string {
  if (!url.includes("/:")) return url;
  // RFC 3986 §3.2: the path starts after the authority.
  let i = isAbsoluteUrl(url) ? authorityEnd(url) : 0;
  let result = url.slice(0, i);
  while (i < url.length) {
    PLAIN.lastIndex = i;
    PLAIN.test(url);
    result += url.slice(i, PLAIN.lastIndex).replace(COLON_NAME, "/{$1}");
    i = PLAIN.lastIndex;
    if (url[i] !== "{") return result + url.slice(i); // the query or the fragment, or the end
    EXPRESSION.lastIndex = i;
    EXPRESSION.test(url);
    result += url.slice(i, (i = EXPRESSION.lastIndex));
  }
  return result;
}
