// (The imports in the order that puts the modules where the endpoint bundle compresses best:
// media-type first and compiled-url after form-query, 35 B less gzip. No module of lib/ imports
// another in a cycle, so the order changes no evaluation that matters.)
import { FORM_CONTENT_TYPE, FORM_MEDIA_TYPE, JSON_CONTENT_TYPE, essence } from "./media-type.js";
import { acceptFor } from "./accept-cache.js";
import type { CompiledUrl } from "./compiled-url.js";
import { EndpointError, HookFailure, codePointLabel, describe, quote } from "./errors.js";
import { quoteQuery, quoteUrl } from "./redact.js";
import {
  brandOf,
  hasOwn,
  isLibraryFrozen,
  isPlainObject,
  isUrlSearchParams,
  own,
  setOwn,
  thawed,
} from "./object.js";
import type { Headers, RequestMeta, RequestOptions } from "./types.js";
import { isPctEncodedAt } from "./uri-template/encode.js";
import { formQueryFlat } from "./uri-template/form-query.js";
import {
  assertAuthorityKept,
  assertNoDotSegment,
  emptySlots,
  expandParts,
  slotOf,
  writerOf,
} from "./compiled-url.js";
import {
  appendQuery,
  isAbsoluteUrl,
  joinUrl,
  queryKey,
  validateAbsoluteUrl,
  validateBaseUrl,
} from "./url.js";
import { asciiClass } from "./ascii-set.js";

/** What the query serializer of a builder is told about the request besides its parameters. */
export interface QueryContext {
  /** The method as merged (`"GET"`). */
  readonly method: string;
  /** The url template as merged, placeholders intact (`"/repos/{owner}/{repo}/issues"`). */
  readonly url: string;
}

/** The leftover parameters of a request, in merged order. */
export type QueryParameters = ReadonlyArray<readonly [string, unknown]>;

/**
 * The leftover parameters inside the pipeline: one flat array `[key, value, key, value, …]` in
 * merged order (keys at even indexes). One array per call instead of one `[key, value]` array per
 * parameter and a list of them; pairs are made only for an overriding `serializeQuery()`, whose
 * public API takes them.
 */
export type FlatParameters = unknown[];

/** What a builder decides for a request: the subclass extension points (CONTRACT.md). */
export interface RequestPolicy {
  serializeQuery(parameters: QueryParameters, context: QueryContext): string;
  allowsAbsoluteUrl(url: string): boolean;
  /** Its own base url: a request whose base url differs needs `allowsAbsoluteUrl`. */
  readonly DEFAULTS: { readonly baseUrl: string };
}

// The helpers first and the pipeline (checkedExpansion, buildRequest) last: of the orders tried,
// the one the endpoint bundle compresses best in (15 B less gzip than the pipeline first).

// RFC 3986 §3.4: query = *( pchar / "/" / "?" ), pchar = unreserved / pct-encoded / sub-delims / ":"
// / "@"; plus "[" and "]", which every client sends as they are (Rails-style `ids[]=1`). Never
// "#", which would end the query, nor space, CR, LF or anything a client would re-encode.
const QUERY_CHARACTERS = /*#__PURE__*/ asciiClass(/[\w.~!$&'()*+,;=:@/?[\]-]/);

/** `method.toLowerCase()`, without a new string for the usual spellings. */
export function lowerCaseMethod(method: string): string {
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
    case "HEAD":
      return "head";
  }
  return method.toLowerCase();
}

// Spec §2.4: a body only for these. Every other method — GET and HEAD (§2.2), but also OPTIONS,
// TRACE and custom ones — sends its leftover parameters as the query (docs/decisions.md §2).
export function isBodyMethod(method: string): boolean {
  switch (method) {
    case "GET":
    case "HEAD":
      return false;
    case "POST":
    case "PUT":
    case "PATCH":
    case "DELETE":
      return true;
  }
  return /^(?:POST|PUT|PATCH|DELETE)$/i.test(method);
}

/** A serializer's result must be a string of url-safe characters: it goes into the url as it is. */
function checkedQuery(query: unknown, what: string): string {
  if (typeof query !== "string") {
    throw new EndpointError(
      "ERR_INVALID_URL",
      `Invalid query from ${what}: expected a string, got ${quoteQuery(query)}`,
    );
  }
  for (let i = 0; i < query.length; i++) {
    const code = query.charCodeAt(i);
    if (code < 0x80 && QUERY_CHARACTERS[code] === 1) continue;
    if (isPctEncodedAt(query, i)) {
      i += 2;
      continue;
    }
    throw new EndpointError(
      "ERR_INVALID_URL",
      `Invalid query from ${what}: ${quoteQuery(query)} holds ${codePointLabel(code)} at offset ${i}; a query holds only unreserved characters, sub-delims, ":", "@", "/", "?", "[", "]" and pct-encoded octets`,
    );
  }
  return query;
}

/**
 * A leftover parameter whose name is already a key of the url's literal query replaces it (later
 * wins): `/x?page=2` with `page: 3` is `/x?page=3`, and `/x?filter[s]=a` or `/x?filter%5Bs%5D=a`
 * with `"filter[s]": "b"` is `/x?filter%5Bs%5D=b` (keys compared decoded, `queryKey`). Returns the
 * url and the parameters left.
 */
function replaceLiteralQuery(
  url: string,
  leftover: FlatParameters,
  compiled: CompiledUrl,
  serialize: (parameters: FlatParameters) => string,
): [string, FlatParameters] {
  const question = url.indexOf("?");
  if (question === -1) return [url, leftover];
  const hash = url.indexOf("#", question);
  const end = hash === -1 ? url.length : hash;
  const pairs = url.slice(question + 1, end).split("&");
  // Only names the literal query has and the url still holds (an expression may have written it
  // differently). Where each key first stands, found in one pass: a route with thousands of pairs
  // and as many parameters costs linear time, not a search of the pairs per parameter.
  const keys = pairs.map(queryKey);
  // (Set from the last pair back: what stays is each key's first index. `undefined`, a name that
  // decodes to no UTF-8, is no parameter's key.)
  const first = new Map<string | undefined, number>();
  for (let index = keys.length; index-- > 0;) first.set(keys[index], index);
  const rest: FlatParameters = [];
  const replaced = new Set<string | undefined>();
  for (let i = 0; i < leftover.length; i += 2) {
    const key = leftover[i] as string;
    const index = compiled.literalQueryNames.has(key) ? first.get(key) : undefined;
    if (index === undefined) rest.push(key, leftover[i + 1]);
    else {
      pairs[index] = serialize([key, leftover[i + 1]]);
      replaced.add(key);
    }
  }
  if (replaced.size === 0) return [url, leftover];
  // The same key again further on is the same parameter: the later value replaces every one of them.
  const query = pairs
    .filter((pair, index) => pair !== "" && !(replaced.has(keys[index]) && first.get(keys[index]) !== index))
    .join("&");
  return [url.slice(0, question) + (query === "" ? "" : "?" + query) + url.slice(end), rest];
}

/**
 * The library's own serializer, `EndpointBuilder.prototype.serializeQuery`: the RFC 6570 form
 * query, url-safe by construction, so it is called directly (no context object) and its result
 * is not scanned again. Any other `serializeQuery()` is an override, and what it returns is checked.
 */
export const TRUSTED_SERIALIZERS = new WeakSet<object>();
let lastTrusted: unknown;

/** The query (or form body) of the flat `entries`, written by the policy's serializer. */
function serialize(entries: FlatParameters, policy: RequestPolicy, method: string, url: string): string {
  const serializer = policy.serializeQuery;
  // The last trusted one in front of the WeakSet: one comparison for most calls.
  if (serializer === lastTrusted || (TRUSTED_SERIALIZERS.has(serializer) && (lastTrusted = serializer))) {
    return formQueryFlat(entries, "");
  }
  // An override gets pairs, fresh for each call: what it does to them reaches no route plan.
  const pairs: [string, unknown][] = [];
  for (let i = 0; i < entries.length; i += 2) pairs.push([entries[i] as string, entries[i + 1]]);
  let query: unknown;
  try {
    query = policy.serializeQuery(pairs, { method, url });
  } catch (error) {
    throw hookFailure(policy, "serializeQuery", "(parameters, context) => string", error);
  }
  return checkedQuery(query, "serializeQuery()");
}

/** Does the policy allow `url`? Only `true` allows: a Promise or "yes" from an override is a no. */
function allows(policy: RequestPolicy, url: string): boolean {
  try {
    return policy.allowsAbsoluteUrl(url) === true;
  } catch (error) {
    throw hookFailure(policy, "allowsAbsoluteUrl", "(url) => boolean", error);
  }
}

/**
 * What a call of the extension point `name` threw, sorted once it has failed (so a working hook
 * costs nothing more): the app's own error, carried unchanged (`HookFailure`), or, when the
 * subclass set the extension point to something that is not a function (`allowsAbsoluteUrl =
 * false`, `serializeQuery = null`) or to one that cannot be called (a class, a revoked Proxy),
 * `ERR_INVALID_OPTIONS` naming it instead of the TypeError the call made inside the library.
 */
function hookFailure(
  policy: RequestPolicy,
  name: "serializeQuery" | "allowsAbsoluteUrl",
  signature: string,
  error: unknown,
): HookFailure | EndpointError {
  let hook: unknown;
  try {
    hook = policy[name];
  } catch {
    // A getter that throws: what it threw is the app's own, as when the call read it.
    return new HookFailure(error);
  }
  let what: string;
  if (typeof hook !== "function") what = describe(hook);
  else {
    // A class, or a revoked Proxy, is a `function` to typeof too, but no call of it runs the app's
    // code: the TypeError was the call's own, so the extension point is named instead.
    try {
      Reflect.getPrototypeOf(hook); // throws for a revoked Proxy
      // (`class X`, `class{`, `class extends`; not a method named "class", whose text is `class(`)
      if (!/^class\s*[^\s(/]/.test(Function.prototype.toString.call(hook))) return new HookFailure(error);
      what = "a class";
    } catch {
      what = "a Proxy that cannot be read";
    }
  }
  return new EndpointError(
    "ERR_INVALID_OPTIONS",
    `Invalid ${name} of ${describe(policy)}: ${what}; an extension point must be a method ${signature}`,
    { cause: error },
  );
}

/**
 * A body value with each part a DEFAULTS snapshot froze replaced by a mutable copy (`thawed`): the
 * request options are the caller's to change. A call's object merged over a default one holds the
 * default's members as they are, frozen, at any depth; `parse()` passes the caller's own objects,
 * which are never changed in place.
 */
function unfrozen(value: unknown): unknown {
  // Strings, numbers and lists (the usual values) first, in a function small enough to inline.
  return isLibraryFrozen(value) || isPlainObject(value) ? thawed(value) : value;
}

/**
 * A list's items or a plain object's own enumerable members (RFC 6570 §2.3), each read once into a
 * copy; any other value as it is. Holes stay holes (a long sparse list is not made dense).
 */
function readOnce(value: unknown): unknown {
  if (Array.isArray(value)) {
    const length = value.length;
    const copy: unknown[] = new Array(length);
    for (let i = 0; i < length; i++) {
      // A hole stays a hole, never an index inherited from Array.prototype (security.md item 12).
      const item = own(value, i);
      if (item !== undefined) copy[i] = item;
    }
    return copy;
  }
  // A spread defines each own enumerable member, "__proto__" too, as an own property of the copy.
  return isPlainObject(value) ? { ...value } : value;
}

/** Does every one of `required` hold a non-empty string or a number? */
function holdsText(slots: readonly unknown[], required: readonly number[]): boolean {
  for (let i = 0; i < required.length; i++) {
    const value = slots[required[i]!];
    if (typeof value === "string" ? value === "" : typeof value !== "number") return false;
  }
  return true;
}

/** Throws for a url that the path baseUrl "/" and `expanded` make into "//host…". */
function networkPath(compiled: CompiledUrl, slots: readonly unknown[], expanded: string, url: string): never {
  // The url's second "/" is the expansion's first or second character (joinUrl drops one of two).
  const at = expanded.charCodeAt(0) === 0x2f ? 1 : 0;
  const name = writerOf(compiled, slots, at, at + 1);
  const problem = `makes the url ${quoteUrl(url)} below baseUrl "/", and a url starting with "//" names a host`;
  throw name === undefined
    ? new EndpointError("ERR_INVALID_URL", `Invalid url ${quoteUrl(compiled.url)}: it ${problem}`)
    : new EndpointError(
        "ERR_INVALID_PARAMETER",
        `Invalid parameter ${quote(name)} for url ${quoteUrl(compiled.url)}: it ${problem}`,
      );
}

/**
 * The defined members of a list (RFC 6570 §2.3: not undefined or null), own only (a hole is none),
 * in order. Read from the copies `readOnce` made, which answer the same to every read.
 */
function definedMembers(list: readonly unknown[]): unknown[] {
  const members: unknown[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = own(list, i);
    if (item != null) members.push(item);
  }
  return members;
}

/**
 * Does a defined value of a one-variable `{x}` or `{+x}` expand to ""? The empty string, or a
 * list whose only defined member is "" (RFC 6570 §3.2.1: undefined members are left out, so
 * `[null, ""]` writes what `[""]` writes). Any other value writes at least one character.
 */
function expandsToNothing(value: unknown): boolean {
  const members = Array.isArray(value) ? definedMembers(value) : [value];
  return members.length === 1 && members[0] === "";
}

/** RFC 6570 §2.3: undefined, null, an empty list or an object without defined members. */
function isUndefinedValue(value: unknown): boolean {
  // An object's own enumerable members, as `for…in` with an own check reads them.
  const members = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : undefined;
  return value == null || (members !== undefined && definedMembers(members).length === 0);
}

/**
 * Parameters in merged order → the slots of `compiled`'s variables and the flat leftover. Only
 * parameters fill slots: a variable named like a reserved option (`{url}`) never reads the option.
 */
export function placeParameters(
  compiled: CompiledUrl,
  keys: readonly string[],
  values: readonly unknown[],
): { slots: unknown[]; leftover: FlatParameters | undefined } {
  const slots = emptySlots(compiled);
  let leftover: FlatParameters | undefined;
  for (let i = 0; i < keys.length; i++) {
    const slot = slotOf(compiled, keys[i]!);
    if (slot !== undefined) slots[slot] = values[i];
    else (leftover ??= []).push(keys[i]!, values[i]);
  }
  return { slots, leftover };
}

/**
 * The checks of spec §2.2 rule 1 around the expansion: each required placeholder has a value, no
 * whole path segment is left empty, no value makes a dot segment. A non-empty string or a number
 * is defined and writes a character: when every required slot holds one, the first two pass
 * (every whole-segment run is made of required slots), and are skipped. Given `texts`, the url is
 * expanded part by part into it (`expandParts`), for `assertAuthorityKept`.
 */
export function checkedExpansion(compiled: CompiledUrl, slots: unknown[], texts?: string[]): string {
  const names = compiled.template.variableNames;
  if (!holdsText(slots, compiled.requiredSlots)) {
    // A list or object is read once, here, into a copy that the checks and the expansion read:
    // members that are getters or a Proxy's traps could answer "x" to a check and null to the
    // expansion. (The dot check reads no member: it scans the expanded url.)
    for (const slot of compiled.requiredSlots) slots[slot] = readOnce(slots[slot]);
    for (const slot of compiled.requiredSlots) {
      if (isUndefinedValue(slots[slot])) {
        const name = names[slot]!;
        throw new EndpointError(
          "ERR_MISSING_PARAMETER",
          `Missing parameter ${quote(name)} for url ${quoteUrl(compiled.url)}: a path placeholder needs a value (write {/${name}} for an optional segment)`,
        );
      }
    }
    for (const run of compiled.wholeSegments) {
      let empty = true;
      for (let i = 0; i < run.length && empty; i++) empty = expandsToNothing(slots[run[i]!]);
      if (empty) {
        throw new EndpointError(
          "ERR_MISSING_PARAMETER",
          `Missing parameter ${quote(names[run[0]!]!)} for url ${quoteUrl(compiled.url)}: an empty value would leave its path segment empty, and many servers would read a shorter path`,
        );
      }
    }
  }
  let expanded: string;
  if (texts === undefined) expanded = compiled.expand(slots);
  else {
    // Part by part, into `texts` (for assertAuthorityKept): joined, they are the expansion.
    for (const text of expandParts(compiled, slots)) texts.push(text);
    expanded = texts.join("");
  }
  assertNoDotSegment(compiled, expanded, slots);
  return expanded;
}

/**
 * Merged request → request options (spec §2.4): the one per-call pipeline of `endpoint()` and
 * `parse()`. It changes only what its callers made for this call (the headers, which it returns,
 * and the slots); nothing of the caller's options or of a snapshot.
 *
 * The merged request comes as arguments, not as one object: a 14-key object made and read once
 * per call cost 1.4% of the instructions of the bench mix (docs/decisions.md §16).
 * - `method`: as merged, valid (a token); `bodyMethod` and `lowerMethod` are `isBodyMethod()` and
 *   `lowerCaseMethod()` of it, worked out once per route plan.
 * - `headers`: made for this call, and returned as the request's headers.
 * - `slots`: the value of each template variable by slot (`undefined` when none), owned by this
 *   call; `leftover`: the other parameters in merged order (`undefined` when none), for the query
 *   or the body.
 * - `hasData` tells a `data` of `undefined` from none.
 */
export function buildRequest(
  policy: RequestPolicy,
  compiled: CompiledUrl,
  method: string,
  bodyMethod: boolean,
  lowerMethod: string,
  baseUrl: unknown,
  headers: Headers,
  format: string,
  previews: readonly string[],
  slots: unknown[],
  leftover: FlatParameters | undefined,
  hasData: boolean,
  data: unknown,
  request: RequestMeta | undefined,
): RequestOptions {
  // Spec §2.2 rule 1: parameters fill placeholders (each read once, into its slot); the rest go
  // to the query or the body. Most urls and values pass every check below as they are expanded
  // (`expandChecked`); any other goes through them.
  // A url whose authority a value may write some of is expanded part by part, and the authority
  // check reads those same texts (assertAuthorityKept).
  const texts: string[] | undefined = compiled.checksAuthority ? [] : undefined;
  const checked = texts === undefined ? compiled.expandChecked : undefined;
  let expanded = checked === undefined ? undefined : checked(slots, true);
  if (expanded === undefined) {
    expanded = checkedExpansion(compiled, slots, texts);
  }
  const ownBaseUrl = policy.DEFAULTS.baseUrl;
  let fullUrl: string;
  let needsPermission: boolean;
  if (compiled.isValidAbsolute || (!compiled.isPath && isAbsoluteUrl(expanded))) {
    // Validated first: the policy hook of a subclass may run `new URL(url)` on what it is given.
    if (!compiled.isValidAbsolute) {
      validateAbsoluteUrl(expanded);
      if (texts !== undefined) assertAuthorityKept(compiled, slots, texts, expanded);
    }
    fullUrl = expanded;
    needsPermission = true;
  } else {
    if (baseUrl === undefined) {
      throw new EndpointError(
        "ERR_INVALID_BASE_URL",
        `Missing baseUrl: url ${quoteUrl(compiled.url)} is a path, and no baseUrl is given to put before it`,
      );
    }
    const base = validateBaseUrl(baseUrl);
    fullUrl = joinUrl(base, expanded, compiled.isPath || undefined);
    // RFC 3986 §4.2: a url that starts with "//" is a network-path reference, which names a
    // host. Only the path baseUrl "/" can give one (a longer path has another second character).
    if (base.length === 1 && fullUrl.charCodeAt(1) === 0x2f /* / */)
      networkPath(compiled, slots, expanded, fullUrl);
    // Another base url than the builder's own is another target, like an absolute url: a locked
    // builder keeps its origin against a per-call baseUrl (docs/security.md).
    needsPermission = baseUrl !== ownBaseUrl;
  }
  if (needsPermission && !allows(policy, fullUrl)) {
    throw new EndpointError(
      "ERR_ABSOLUTE_URL",
      `Absolute url ${quoteUrl(fullUrl)} is not allowed by this builder: only paths below baseUrl ${quoteUrl(ownBaseUrl)}`,
    );
  }

  let body: unknown;
  let hasBody = false;
  if (bodyMethod) {
    if (hasData) {
      // Spec §4 rule 7: data is the body as given, by reference.
      body = data;
      hasBody = true;
    } else if (leftover !== undefined) {
      hasBody = true;
      // (Own headers only, here and for accept below: never one put on Object.prototype.)
      const type = own(headers, "content-type");
      // The library's own JSON type (endpoint() may have put it there already) is no form.
      if (typeof type === "string" && type !== JSON_CONTENT_TYPE && essence(type) === FORM_MEDIA_TYPE) {
        // A form: the leftover parameters, written by the builder's query serializer (one style for both).
        body = serialize(leftover, policy, method, compiled.url);
      } else {
        // Spec §2.2 rule 3: a JSON body of the remaining parameters, keys in merged order.
        const built: Record<string, unknown> = {};
        for (let i = 0; i < leftover.length; i += 2)
          setOwn(built, leftover[i] as string, unfrozen(leftover[i + 1]));
        body = built;
      }
    }
    if (hasBody && !hasOwn(headers, "content-type")) {
      if (!hasData || isPlainObject(body) || Array.isArray(body)) headers["content-type"] = JSON_CONTENT_TYPE;
      // So that clients other than fetch send the form as fetch does (fetch sets this one itself).
      // (The tag first, as a cheap filter; the brand check decides: any object can set the tag.)
      else if (
        typeof body === "object" &&
        body !== null &&
        brandOf(body) === "URLSearchParams" &&
        isUrlSearchParams(body)
      ) {
        headers["content-type"] = FORM_CONTENT_TYPE;
      }
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
        [fullUrl, leftover] = replaceLiteralQuery(fullUrl, leftover, compiled, (entries) =>
          serialize(entries, policy, method, compiled.url),
        );
      }
      const query = leftover.length > 0 ? serialize(leftover, policy, method, compiled.url) : "";
      // baseUrl has neither "?" nor "#" (validateBaseUrl), so the template alone decides.
      if (compiled.mayHaveQueryOrFragment) fullUrl = appendQuery(fullUrl, query);
      else if (query !== "") fullUrl = fullUrl + "?" + query;
    }
  }

  if (format !== "" || previews.length > 0) {
    const accept = own(headers, "accept");
    if (typeof accept === "string") headers.accept = acceptFor(accept, format, previews);
  }

  // One literal per shape: an object literal is allocated with its keys, where adding one later
  // changes its shape (the usual request has no body or no request meta).
  if (request === undefined) {
    return hasBody
      ? { method: lowerMethod, url: fullUrl, headers, body }
      : { method: lowerMethod, url: fullUrl, headers };
  }
  return hasBody
    ? { method: lowerMethod, url: fullUrl, headers, body, request }
    : { method: lowerMethod, url: fullUrl, headers, request };
}
