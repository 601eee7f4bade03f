import { EndpointError, quote } from "../errors.js";
import { FORM_CONTENT_TYPE, FORM_MEDIA_TYPE, JSON_CONTENT_TYPE, acceptFor, essence } from "../media-type.js";
import { brandOf, hasOwn, isPlainObject, isUrlSearchParams, own, setOwn, thawed } from "../object.js";
import { quoteUrl } from "../redact.js";
import type { RequestOptions } from "../types.js";
import { appendQuery, isAbsoluteUrl, joinUrl, validateAbsoluteUrl, validateBaseUrl } from "../url.js";
import { assertAuthorityKept } from "./authority.js";
import { checkedExpansion, urlParameterError, writerOf } from "./checks.js";
import { allows, replaceLiteralQuery, serialize } from "./query.js";
import type { CompiledUrl, MergedRequest, RequestPolicy } from "../pipeline/types.js";

/** Spec §2.4: a body only for these, in any case; every other method sends its parameters as the query. */
export function isBodyMethod(method: string): boolean {
  const lower = lowercase(method);
  return lower === "post" || lower === "put" || lower === "patch" || lower === "delete";
}

/** The method in lowercase, as the result gives it (spec §2.4): the usual ones without a conversion. */
function lowercase(method: string): string {
  switch (method) {
    case "GET":
      return "get";
    case "POST":
      return "post";
    case "PUT":
      return "put";
    case "PATCH":
      return "patch";
    case "DELETE":
      return "delete";
  }
  return method.toLowerCase();
}

/** A body's content-type when its headers give none: JSON, or a form for URLSearchParams (as fetch). */
export function bodyContentType(hasData: boolean, data: unknown): string | undefined {
  if (!hasData || isPlainObject(data) || Array.isArray(data)) return JSON_CONTENT_TYPE;
  const isForm = typeof data === "object" && data !== null && brandOf(data) === "URLSearchParams";
  return isForm && isUrlSearchParams(data) ? FORM_CONTENT_TYPE : undefined;
}

/** Merged request → request options (spec §2.4); changes only what this call made (headers, slots). */
export function buildRequest(
  policy: RequestPolicy,
  compiled: CompiledUrl,
  merged: MergedRequest,
): RequestOptions {
  const { method, headers, hasData, leftoverHoldsFrozen } = merged;
  let url = buildUrl(policy, compiled, merged);
  let leftover = merged.leftover;
  let body: unknown;
  let hasBody = false;
  if (isBodyMethod(method)) {
    if (hasData) {
      // Spec §4 rule 7: data is the body as given, by reference.
      body = merged.data;
      hasBody = true;
    } else if (leftover !== undefined) {
      hasBody = true;
      const type = own(headers, "content-type");
      if (typeof type === "string" && type !== JSON_CONTENT_TYPE && essence(type) === FORM_MEDIA_TYPE) {
        // A form: written by the builder's query serializer (one style for both).
        body = serialize(leftover, policy, method, compiled.url);
      } else {
        // Spec §2.2 rule 3: a JSON body of the remaining parameters, keys in merged order, the
        // defaults' parts copied (the result is the caller's to change).
        const built: Record<string, unknown> = {};
        for (let i = 0; i < leftover.length; i += 2)
          setOwn(
            built,
            leftover[i] as string,
            leftoverHoldsFrozen ? thawed(leftover[i + 1]) : leftover[i + 1],
          );
        body = built;
      }
    }
    if (hasBody && !hasOwn(headers, "content-type")) {
      const type = bodyContentType(hasData, body);
      if (type !== undefined) headers["content-type"] = type;
    }
  } else {
    if (hasData) {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `Invalid options: a ${quote(method)} request has no body, but options.data is set; only POST, PUT, PATCH and DELETE send one`,
      );
    }
    // Spec §2.2 rule 2: the remaining parameters become the query string.
    if (leftover !== undefined) {
      if (compiled.literalQueryNames.size > 0) {
        [url, leftover] = replaceLiteralQuery(url, leftover, compiled, (entries) =>
          serialize(entries, policy, method, compiled.url),
        );
      }
      const query = leftover.length > 0 ? serialize(leftover, policy, method, compiled.url) : "";
      // baseUrl has neither "?" nor "#", so the template alone decides.
      if (compiled.mayHaveQueryOrFragment) url = appendQuery(url, query);
      else if (query !== "") url = url + "?" + query;
    }
  }
  if (merged.format !== "" || merged.previews.length > 0) {
    const accept = own(headers, "accept");
    if (typeof accept === "string") headers.accept = acceptFor(accept, merged.format, merged.previews);
  }
  const result: RequestOptions = { method: lowercase(method), url, headers };
  if (hasBody) result.body = body;
  if (merged.request !== undefined) result.request = merged.request;
  return result;
}

/** Expanded and checked, absolute or joined to the base url; another target asks `allowsAbsoluteUrl`. */
function buildUrl(policy: RequestPolicy, compiled: CompiledUrl, merged: MergedRequest): string {
  const { slots, baseUrl } = merged;
  // A url whose authority a value may write some of is expanded part by part, and checked.
  const texts: string[] | undefined = compiled.checksAuthority ? [] : undefined;
  const expanded =
    (texts === undefined ? compiled.expandChecked?.(slots) : undefined) ??
    checkedExpansion(compiled, slots, texts);
  const ownBaseUrl = policy.DEFAULTS.baseUrl;
  let url: string;
  let needsPermission: boolean;
  if (compiled.isValidAbsolute || (!compiled.isPath && isAbsoluteUrl(expanded))) {
    // Checked before the policy, which may run `new URL(url)` on it.
    if (!compiled.isValidAbsolute) {
      validateAbsoluteUrl(expanded);
      if (texts !== undefined) assertAuthorityKept(compiled, slots, texts, expanded);
    }
    url = expanded;
    needsPermission = true;
  } else {
    if (baseUrl === undefined) {
      throw new EndpointError(
        "ERR_INVALID_BASE_URL",
        `Missing baseUrl: url ${quoteUrl(compiled.url)} is a path, and no baseUrl is given to put before it`,
      );
    }
    const base = merged.baseUrlChecked === true ? (baseUrl as string) : validateBaseUrl(baseUrl);
    url = joinUrl(base, expanded, compiled.isPath || undefined);
    // RFC 3986 §4.2: a url starting "//" names a host; only the base url "/" can make one.
    if (base.length === 1 && url.charCodeAt(1) === 0x2f /* / */) networkPath(compiled, slots, expanded, url);
    // Another base url than the builder's own is another target (docs/security.md).
    needsPermission = baseUrl !== ownBaseUrl;
  }
  if (needsPermission && !allows(policy, url)) {
    throw new EndpointError(
      "ERR_ABSOLUTE_URL",
      `Absolute url ${quoteUrl(url)} is not allowed by this builder: only paths below baseUrl ${quoteUrl(ownBaseUrl)}`,
    );
  }
  return url;
}

/** Throws for a url that the path baseUrl "/" and `expanded` make into "//host…". */
function networkPath(compiled: CompiledUrl, slots: readonly unknown[], expanded: string, url: string): never {
  // The url's second "/" is the expansion's first or second character (joinUrl drops one of two).
  const at = expanded.charCodeAt(0) === 0x2f ? 1 : 0;
  const problem = `it makes the url ${quoteUrl(url)} below baseUrl "/", and a url starting with "//" names a host`;
  throw urlParameterError("ERR_INVALID_PARAMETER", compiled, writerOf(compiled, slots, at, at + 1), problem);
}
