import { EndpointError, quote } from "./errors.js";
import { normalizeHeaders } from "./headers.js";
import { applyMediaType, normalizeMediaType } from "./media-type.js";
import { hasOwn, isPlainObject, setOwn } from "./object.js";
import { colonToTemplate, validateMethod } from "./route.js";
import type { RequestOptions, Headers, ParseInput, RequestMeta } from "./types.js";
import { parseTemplate } from "./uri-template/index.js";
import type { UriTemplate } from "./uri-template/index.js";
import { appendQuery, isAbsoluteUrl, joinUrl, validateAbsoluteUrl, validateBaseUrl } from "./url.js";

/** What a builder decides for `parse()`: the subclass extension points (CONTRACT.md). */
export interface ParsePolicy {
  serializeQuery(parameters: ReadonlyArray<readonly [string, unknown]>): string;
  allowsAbsoluteUrl(url: string): boolean;
}

/** Merged options whose method, headers and mediaType are known to be valid and complete. */
export interface TrustedMerged {
  method: string;
  baseUrl?: unknown;
  url?: unknown;
  headers: Headers;
  mediaType: { format: string; previews: readonly string[] };
  request?: RequestMeta | undefined;
  data?: unknown;
  [parameter: string]: unknown;
}

/** Option keys with a meaning of their own; every other key is a parameter (spec §2.1). */
const RESERVED_KEYS = new Set(["method", "baseUrl", "url", "headers", "mediaType", "data", "request"]);

// Spec §2.4: a body only for these; GET and HEAD send their parameters as the query (§2.2).
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * `parse()` for any object of the merged shape, hand-made ones too: validates and fills in what
 * `merge()` would have (method GET, no headers, no mediaType) without touching the input.
 */
export function parse(input: ParseInput, policy: ParsePolicy): RequestOptions {
  if (!isPlainObject(input)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid options for parse(): ${quote(input)}; expected a plain object`,
    );
  }
  const method = input.method === undefined ? "GET" : validateMethod(input.method);
  const headers = input.headers === undefined ? {} : normalizeHeaders(input.headers);
  const mediaType = input.mediaType === undefined ? {} : normalizeMediaType(input.mediaType);
  const trusted: TrustedMerged = {
    ...input,
    method,
    headers,
    mediaType: { format: mediaType.format ?? "", previews: mediaType.previews ?? [] },
  };
  return parseTrusted(trusted, policy);
}

const requiredNamesCache = new WeakMap<UriTemplate, readonly string[]>();

/**
 * The placeholders that must have a value: `{name}`, `{+name}` (and `:name`, already turned
 * into `{name}`) in the path, before the first "?" or "#" of the template. The operators made
 * for optional pieces (`{/x}`, `{.x}`, `{;x}`, `{?x}`, `{&x}`, `{#x}`) may vanish (RFC 6570 §3.2.1).
 */
function requiredNames(template: UriTemplate): readonly string[] {
  let names = requiredNamesCache.get(template);
  if (names !== undefined) return names;
  const found: string[] = [];
  for (const part of template.parts) {
    if (typeof part === "string") {
      if (part.includes("?") || part.includes("#")) break;
    } else if (part.operator === "?" || part.operator === "&" || part.operator === "#") {
      break;
    } else if (part.operator === "" || part.operator === "+") {
      for (const variable of part.variables) found.push(variable.name);
    }
  }
  names = found;
  requiredNamesCache.set(template, names);
  return names;
}

const usedNamesCache = new WeakMap<UriTemplate, ReadonlySet<string>>();

/** The template's variable names as a Set: `includes` would be quadratic on hostile templates. */
function usedNames(template: UriTemplate): ReadonlySet<string> {
  let names = usedNamesCache.get(template);
  if (names === undefined) {
    names = new Set(template.variableNames);
    usedNamesCache.set(template, names);
  }
  return names;
}

/** RFC 6570 §2.3: undefined, null, an empty list or an object without defined members. */
function isUndefinedValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.every((item) => item === undefined || item === null);
  if (isPlainObject(value))
    return Object.keys(value).every((key) => value[key] === undefined || value[key] === null);
  return false;
}

/** Merged options → request options (spec §2.4). The input is never mutated. */
export function parseTrusted(merged: TrustedMerged, policy: ParsePolicy): RequestOptions {
  const url = merged.url;
  if (url === undefined || url === "") {
    throw new EndpointError(
      "ERR_MISSING_URL",
      `Missing url: give a route such as "GET /users/{id}", or options.url`,
    );
  }
  if (typeof url !== "string") {
    throw new EndpointError("ERR_INVALID_URL", `Invalid url: ${quote(url)}; expected a string`);
  }
  const upperMethod = merged.method.toUpperCase();

  // Spec §2.2 rule 1: parameters fill placeholders; the rest go to the query or the body.
  const template = parseTemplate(colonToTemplate(url));
  const parameters: Record<string, unknown> = {};
  for (const key of Object.keys(merged)) {
    if (!RESERVED_KEYS.has(key)) setOwn(parameters, key, merged[key]);
  }
  for (const name of requiredNames(template)) {
    if (isUndefinedValue(hasOwn(parameters, name) ? parameters[name] : undefined)) {
      throw new EndpointError(
        "ERR_MISSING_PARAMETER",
        `Missing parameter ${quote(name)} for url ${quote(url)}: a path placeholder needs a value (write {/${name}} for an optional segment)`,
      );
    }
  }
  const expanded = template.expand(parameters);

  let fullUrl: string;
  if (isAbsoluteUrl(expanded)) {
    // Validated first: the policy hook of a subclass may run `new URL(url)` on what it is given.
    validateAbsoluteUrl(expanded);
    if (!policy.allowsAbsoluteUrl(expanded)) {
      throw new EndpointError(
        "ERR_ABSOLUTE_URL",
        `Absolute url ${quote(expanded)} is not allowed by this builder: only paths below baseUrl ${quote(merged.baseUrl)}`,
      );
    }
    fullUrl = expanded;
  } else {
    if (merged.baseUrl === undefined) {
      throw new EndpointError(
        "ERR_INVALID_BASE_URL",
        `Missing baseUrl: url ${quote(url)} is a path, and no baseUrl is given to put before it`,
      );
    }
    fullUrl = joinUrl(validateBaseUrl(merged.baseUrl), expanded);
  }

  const leftover: [string, unknown][] = [];
  const used = usedNames(template);
  for (const key of Object.keys(parameters)) {
    if (!used.has(key)) leftover.push([key, parameters[key]]);
  }

  const headers: Headers = { ...merged.headers };
  let body: unknown;
  let hasBody = false;
  const hasData = hasOwn(merged, "data") && merged.data !== undefined;
  if (BODY_METHODS.has(upperMethod)) {
    if (hasData) {
      // Spec §4 rule 7: data is the body as given, by reference.
      body = merged.data;
      hasBody = true;
    } else if (leftover.length > 0) {
      // Spec §2.2 rule 3: a JSON body of the remaining parameters, keys in merged order.
      const built: Record<string, unknown> = {};
      for (const [key, value] of leftover) setOwn(built, key, value);
      body = built;
      hasBody = true;
    }
    if (
      hasBody &&
      !hasOwn(headers, "content-type") &&
      (!hasData || isPlainObject(body) || Array.isArray(body))
    ) {
      headers["content-type"] = JSON_CONTENT_TYPE;
    }
  } else {
    if (hasData) {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `Invalid options: a ${quote(merged.method)} request has no body, but options.data is set; only POST, PUT, PATCH and DELETE send one`,
      );
    }
    // Spec §2.2 rule 2: the remaining parameters become the query string.
    if (leftover.length > 0) fullUrl = appendQuery(fullUrl, policy.serializeQuery(leftover));
  }

  if (typeof headers.accept === "string") {
    headers.accept = applyMediaType(headers.accept, merged.mediaType.format, merged.mediaType.previews);
  }

  const result: RequestOptions = { method: merged.method.toLowerCase(), url: fullUrl, headers };
  if (hasBody) result.body = body;
  if (merged.request !== undefined) result.request = merged.request;
  return result;
}
