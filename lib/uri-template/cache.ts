import { CACHE_SIZE, MAX_CACHED_KEY_LENGTH, boundedCache } from "../bounded-cache.js";
import { EndpointError, describe } from "../errors.js";
import { compileTemplate, programOf } from "./compile.js";
import type { UriTemplate } from "./types.js";

/** How many compiled templates are kept; when full, the oldest entry is dropped first. */
export const TEMPLATE_CACHE_SIZE = CACHE_SIZE;
/** Longer templates are compiled on every call and never cached. */
export const MAX_CACHED_TEMPLATE_LENGTH = MAX_CACHED_KEY_LENGTH;
/** The most the cache holds, in bytes as `templateWeight` counts them. */
export const TEMPLATE_CACHE_WEIGHT = 16_000_000;

/**
 * What a compiled template holds, in bytes (an upper estimate, measured): two per character of
 * its text, and 256 per literal and per varspec of its program (their objects and texts).
 */
export function templateWeight(template: UriTemplate): number {
  let weight = 2 * template.template.length;
  for (const step of programOf(template)[1]) weight += 256 * (typeof step === "string" ? 1 : step.length);
  return weight;
}

const cache = /*#__PURE__*/ boundedCache<UriTemplate>(CACHE_SIZE, TEMPLATE_CACHE_WEIGHT);

/**
 * Parses an RFC 6570 level 4 template once and caches it: the same string gives the same frozen
 * object while it is cached (at most 1000 templates and 16 MB, the oldest dropped first).
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
    const problem = `expected a string, got ${describe(template)}`;
    throw new EndpointError("ERR_INVALID_TEMPLATE", `Invalid URI template: ${problem}`);
  }
  const compiled = compileTemplate(template);
  return cache.set(template, compiled, templateWeight(compiled));
}
