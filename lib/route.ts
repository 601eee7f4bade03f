import { BoundedCache } from "./bounded-cache.js";
import { EndpointError, describe, quote } from "./errors.js";
import { isToken } from "./headers.js";
import { isVarchar } from "./uri-template/tokenize.js";
import { isAbsoluteUrl } from "./url.js";

/** A route string split into its parts. */
export interface ParsedRoute {
  readonly method: string | undefined;
  readonly url: string;
}

const STANDARD_METHODS = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "CONNECT",
  "TRACE",
]);

/** RFC 9110 §9.1: a method is a token. Returns it as given. */
export function validateMethod(method: unknown): string {
  if (typeof method !== "string") {
    throw new EndpointError("ERR_INVALID_METHOD", `Invalid method: ${describe(method)}; expected a string`);
  }
  if (!isToken(method)) {
    throw new EndpointError("ERR_INVALID_METHOD", `Invalid method ${quote(method)}: not an RFC 9110 token`);
  }
  return method;
}

// Bounded (lib/bounded-cache.ts): a process that builds routes from ids must not grow without limit.
const routeCache = /*#__PURE__*/ new BoundedCache<ParsedRoute>(1000, 1000);

/**
 * Splits `"METHOD url"` or `"url"` (spec §4 rule 4; a bare url leaves the method to the options,
 * then the defaults, GET unless changed: docs/decisions.md §2). Exactly one space
 * separates the two; any other whitespace is an error rather than a guess.
 */
export function parseRoute(route: string): ParsedRoute {
  const cached = routeCache.get(route);
  if (cached !== undefined) return cached;
  return routeCache.set(route, splitRoute(route));
}

function splitRoute(route: string): ParsedRoute {
  const space = route.indexOf(" ");
  const method = space === -1 ? undefined : route.slice(0, space);
  const url = space === -1 ? route : route.slice(space + 1);
  if (url === "") {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `Invalid route ${quote(route)}: expected "METHOD url" or "url"`,
    );
  }
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) {
      throw new EndpointError(
        "ERR_INVALID_ROUTE",
        `Invalid route ${quote(route)}: unexpected whitespace or control character at offset ${
          i + (space + 1)
        }; expected "METHOD url" or "url"`,
      );
    }
  }
  if (method === undefined) {
    if (STANDARD_METHODS.has(url)) {
      throw new EndpointError("ERR_INVALID_ROUTE", `Invalid route ${quote(route)}: a method without a url`);
    }
    return { method: undefined, url };
  }
  if (method === "") {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `Invalid route ${quote(route)}: expected "METHOD url" or "url"`,
    );
  }
  if (!isToken(method)) {
    throw new EndpointError(
      "ERR_INVALID_METHOD",
      `Invalid method ${quote(method)} in route ${quote(route)}: not an RFC 9110 token`,
    );
  }
  // The standard spelling as the one string constant: later comparisons (`=== "GET"`) are then a
  // pointer check instead of a character compare of a fresh slice.
  return { method: canonicalMethod(method), url };
}

function canonicalMethod(method: string): string {
  switch (method) {
    case "GET":
      return "GET";
    case "POST":
      return "POST";
    case "PUT":
      return "PUT";
    case "PATCH":
      return "PATCH";
    case "DELETE":
      return "DELETE";
    case "HEAD":
      return "HEAD";
  }
  return method;
}

/**
 * The `:name` form: a colon at the start of a path segment (`/:name`) means `{name}`. Nothing
 * else with a colon is a placeholder: not `user:pass@` (nor `//:pass@`, an empty user name),
 * not `:8080`, not the query or fragment. A single linear scan (no regular expression that
 * could backtrack on hostile input).
 */
export function colonToTemplate(url: string): string {
  if (!url.includes("/:")) return url;
  // RFC 3986 §3.2: after "scheme://" comes the authority, up to the next "/", "?" or "#"; the
  // path, where segments start, begins at that "/".
  const authorityStart = isAbsoluteUrl(url) ? url.indexOf("://") + 3 : 0;
  let inAuthority = authorityStart > 0;
  let out = url.slice(0, authorityStart);
  let i = authorityStart;
  const n = url.length;
  while (i < n) {
    const c = url.charCodeAt(i);
    if (c === 0x3f /* ? */ || c === 0x23 /* # */) break;
    if (inAuthority) {
      if (c !== 0x2f /* / */) {
        out += url[i];
        i++;
        continue;
      }
      inAuthority = false;
    }
    if (c === 0x7b /* { */) {
      // Copy an expression through untouched: "{/:x}" is a template error for the engine to report.
      const close = url.indexOf("}", i);
      const end = close === -1 ? n : close + 1;
      out += url.slice(i, end);
      i = end;
      continue;
    }
    if (c === 0x2f /* / */ && url.charCodeAt(i + 1) === 0x3a /* : */) {
      let j = i + 2;
      while (j < n && isVarchar(url.charCodeAt(j))) j++;
      if (j > i + 2) {
        out += "/{" + url.slice(i + 2, j) + "}";
        i = j;
        continue;
      }
    }
    out += url[i];
    i++;
  }
  return i < n ? out + url.slice(i) : out;
}
