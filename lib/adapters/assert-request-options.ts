import { codePointLabel, describe, notAToken, quote } from "../errors.js";
import { isToken } from "../headers.js";
import { own } from "../object.js";
import { absoluteUrlFault, authorityEnd, dotSegmentLabel, findDotSegment, invalidUrl } from "../url.js";
import type { RequestOptions } from "../types.js";
import { outgoingHeaders } from "./outgoing-headers.js";
import { PROXY, fromAdapter, invalidOptions, mustBe, readSafely } from "./read-safely.js";

/** `"absolute"` (curl has no page to resolve a path against) or `"absolute-or-path"` (fetch has). */
type UrlPolicy = "absolute" | "absolute-or-path";

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

// RFC 3986 §3.1
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/** Why an adapter cannot send to `url` as the place it names, or `undefined`. */
function urlFault(url: string, policy: UrlPolicy): string | undefined {
  // A control, space, DEL, `\` or non-ASCII character: clients read them differently.
  const offset = url.search(/[\0- \\\x7F-\uFFFF]/);
  if (offset !== -1) {
    return (
      `character ${codePointLabel(url.charCodeAt(offset))} at offset ${offset}; ` +
      'controls, space, "\\" and non-ASCII characters must be percent-encoded'
    );
  }
  const scheme = SCHEME.exec(url)?.[1];
  if (scheme !== undefined) {
    const lowercaseScheme = scheme.toLowerCase();
    if (lowercaseScheme !== "http" && lowercaseScheme !== "https") {
      return `the scheme ${quote(scheme)} is not http or https`;
    }
    // WHATWG URL reads `http:x` as `http://x/`; curl does not.
    if (!url.startsWith("//", scheme.length + 1)) return `"//" must follow "${scheme}:"`;
    // endpoint()'s own check: one host every client reads alike (docs/security.md item 6).
    const fault = absoluteUrlFault(url);
    if (fault !== undefined) return fault;
    const end = authorityEnd(url);
    // RFC 3986 §3.2.1 userinfo: fetch throws for it, curl turns it into an authorization header.
    if (url.lastIndexOf("@", end) > scheme.length) {
      return (
        'user info before "@" in the authority, which fetch refuses and curl turns into an authorization header; ' +
        "put credentials in headers.authorization"
      );
    }
    return dotSegmentFault(url, end);
  }
  // `//host/x` is a network-path reference to another origin (RFC 3986 §4.2).
  const isOriginRelative = url.startsWith("/") && !url.startsWith("//");
  if (isOriginRelative && policy === "absolute-or-path") return dotSegmentFault(url, 0);
  if (isOriginRelative) {
    return "origin-relative; curl needs an absolute http(s) url, so build the request with an absolute baseUrl";
  }
  return policy === "absolute"
    ? "expected an absolute http(s) url"
    : 'expected an absolute http(s) url or a path starting with exactly one "/"';
}

// RFC 3986 §5.2.4: fetch resolves a dot segment, curl sends it: one request would reach two paths.
function dotSegmentFault(url: string, start: number): string | undefined {
  const found = findDotSegment(url, start);
  return found && `the ${dotSegmentLabel(url, found)} would be resolved away by clients`;
}

/**
 * Request options handed to an adapter, read once (own properties), checked as `endpoint()` checks what
 * it builds (docs/adapters.md): the method uppercased, headers as sent, `body` and `request` by reference.
 */
export function readRequestOptions(adapter: string, value: unknown, policy: UrlPolicy) {
  if (!isObject(value))
    throw invalidOptions(adapter, `request options must be an object, got ${describe(value)}`);
  const { method, url, headers, body, request } = readSafely(
    "ERR_INVALID_OPTIONS",
    `${adapter}: the request options`,
    () => ({
      method: own(value, "method"),
      url: own(value, "url"),
      headers: own(value, "headers"),
      body: own(value, "body"),
      request: own(value, "request"),
    }),
  );
  if (typeof method !== "string") throw mustBe(adapter, "method", "a string", method);
  if (typeof url !== "string") throw mustBe(adapter, "url", "a string", url);
  if (headers !== undefined && !isObject(headers)) throw mustBe(adapter, "headers", "an object", headers);
  if (request !== undefined) {
    if (!isObject(request)) throw mustBe(adapter, "request", "an object", request);
    // A revoked Proxy fails here for both adapters.
    readSafely("ERR_INVALID_OPTIONS", `${adapter}: "request"`, () => Object.keys(request), PROXY);
  }
  // RFC 9110 §9.1: a space, CR or LF would forge the request line.
  if (!isToken(method)) throw fromAdapter(adapter, notAToken("ERR_INVALID_METHOD", "method", method));
  const fault = urlFault(url, policy);
  if (fault !== undefined) throw fromAdapter(adapter, invalidUrl(url, fault));
  return {
    method: method.toUpperCase(),
    url,
    headers: outgoingHeaders(adapter, headers as RequestOptions["headers"] | undefined),
    body,
    request: request as Record<string, unknown> | undefined,
  };
}
