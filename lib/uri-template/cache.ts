import { CACHE_SIZE, CACHE_WEIGHT, MAX_CACHED_KEY_LENGTH, boundedCache } from "../bounded-cache.js";
import { EndpointError, describe } from "../errors.js";
import { compileTemplate } from "./compile.js";
import type { UriTemplate } from "./types.js";

/** How many compiled templates are kept; when full, the oldest entry is dropped first. */
export const TEMPLATE_CACHE_SIZE = CACHE_SIZE;
/** Longer templates are compiled on every call and never cached, so the cache stays small in bytes too. */
export const MAX_CACHED_TEMPLATE_LENGTH = MAX_CACHED_KEY_LENGTH;

// Bounded by entries and by the parts the templates hold (lib/bounded-cache.ts). The compiled
// urls of endpoint() hold these same objects: one compiled copy per template.
// (CACHE_SIZE itself, not its alias TEMPLATE_CACHE_SIZE: the bundle then keeps no second variable)
const cache = /*#__PURE__*/ boundedCache<UriTemplate>(CACHE_SIZE, CACHE_WEIGHT);

/**
 * Parses an RFC 6570 level 4 template once and caches the result: the same template string gives
 * the same frozen object while it is cached (at most 1000 templates and 20,000 parts, oldest
 * evicted first).
 *
 * @example
 * parseTemplate("/search{?q,lang}").expand({ q: "chien", lang: "fr" }); // "/search?q=chien&lang=fr"
 * parseTemplate("/a{b"); // throws EndpointError ERR_INVALID_TEMPLATE:
 * //   Invalid URI template "/a{b": unclosed expression at offset 2
 */
export function parseTemplate(template: string): UriTemplate {
  const cached = cache.get(template);
  if (cached !== undefined) return cached;
  if (typeof template !== "string") {
    throw new EndpointError(
      "ERR_INVALID_TEMPLATE",
      `Invalid URI template: expected a string, got ${describe(template)}`,
    );
  }
  const compiled = compileTemplate(template);
  return cache.set(template, compiled, compiled.parts.length + 1);
}
