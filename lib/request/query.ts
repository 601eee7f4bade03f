import { asciiClass } from "../ascii-set.js";
import { EndpointError, HookFailure, codePointLabel, describe } from "../errors.js";
import { quoteQuery } from "../redact.js";
import { isPctEncodedAt } from "../uri-template/encode.js";
import { formQueryFlat } from "../uri-template/form-query.js";
import { queryKey } from "../url.js";
import type { CompiledUrl, FlatParameters, RequestPolicy } from "../pipeline/types.js";

/** The library's own `serializeQuery` (the builder registers it): url-safe by construction, not scanned. */
export const TRUSTED_SERIALIZERS = new WeakSet<object>();

// RFC 3986 §3.4 (pchar, "/", "?"), and "[" "]" that clients send as they are; never "#", space, CR, LF.
const QUERY_CHARACTERS = /*#__PURE__*/ asciiClass(/[\w.~!$&'()*+,;=:@/?[\]-]/);

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

/** The query (or form body) of the flat `entries`, written by the policy's serializer. */
export function serialize(
  entries: FlatParameters,
  policy: RequestPolicy,
  method: string,
  url: string,
): string {
  const serializer = policy.serializeQuery;
  if (TRUSTED_SERIALIZERS.has(serializer)) return formQueryFlat(entries, "");
  // An override gets fresh pairs: what it does to them reaches no route plan.
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
export function allows(policy: RequestPolicy, url: string): boolean {
  try {
    return policy.allowsAbsoluteUrl(url) === true;
  } catch (error) {
    throw hookFailure(policy, "allowsAbsoluteUrl", "(url) => boolean", error);
  }
}

/** The app's own error, to pass on unchanged, or `ERR_INVALID_OPTIONS` for a hook that cannot be called. */
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
    return new HookFailure(error);
  }
  let what: string;
  if (typeof hook !== "function") what = describe(hook);
  else {
    try {
      Reflect.getPrototypeOf(hook); // throws for a revoked Proxy
      // `class X`, `class{`, `class extends`; not a method named "class", whose text is `class(`.
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

/** A parameter named as a literal query key (decoded) replaces it: `/x?page=2`, `page: 3` → `/x?page=3`. */
export function replaceLiteralQuery(
  url: string,
  leftover: FlatParameters,
  compiled: CompiledUrl,
  write: (parameters: FlatParameters) => string,
): [string, FlatParameters] {
  const question = url.indexOf("?");
  if (question === -1) return [url, leftover];
  const hash = url.indexOf("#", question);
  const end = hash === -1 ? url.length : hash;
  const pairs = url.slice(question + 1, end).split("&");
  // Each key's first index, found in one pass (set from the last pair back): linear time.
  const keys = pairs.map(queryKey);
  const first = new Map<string | undefined, number>();
  for (let index = keys.length; index-- > 0;) first.set(keys[index], index);
  const rest: FlatParameters = [];
  const replaced = new Set<string | undefined>();
  for (let i = 0; i < leftover.length; i += 2) {
    const key = leftover[i] as string;
    const index = compiled.literalQueryNames.has(key) ? first.get(key) : undefined;
    if (index === undefined) rest.push(key, leftover[i + 1]);
    else {
      pairs[index] = write([key, leftover[i + 1]]);
      replaced.add(key);
    }
  }
  if (replaced.size === 0) return [url, leftover];
  // The same key again further on is the same parameter: the later value replaces every one.
  const query = pairs
    .filter((pair, index) => pair !== "" && !(replaced.has(keys[index]) && first.get(keys[index]) !== index))
    .join("&");
  return [url.slice(0, question) + (query === "" ? "" : "?" + query) + url.slice(end), rest];
}
