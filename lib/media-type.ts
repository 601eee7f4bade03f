import { allInSet, asciiClass } from "./ascii-set.js";
import { MAX_CACHED_KEY_LENGTH, boundedCache } from "./bounded-cache.js";
import type { BoundedCache } from "./bounded-cache.js";
import { EndpointError, quote } from "./errors.js";
import { hasOwn, isPlainObject, own } from "./object.js";
import type { MediaType, MediaTypeInput } from "./types.js";

/** The content-type of a JSON body: `parse()` gives it to one it builds, the adapters to a hand-made one. */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** The media type of a form body (WHATWG URL, `application/x-www-form-urlencoded`). */
export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";
/** The content-type fetch gives a `URLSearchParams` body; the library and the adapters give the same. */
export const FORM_CONTENT_TYPE = FORM_MEDIA_TYPE + ";charset=UTF-8";

/** RFC 9110 §8.3.1: the media type without parameters, lowercase (`Text/HTML; q=1` → `text/html`). */
export function essence(contentType: string): string {
  const semicolon = contentType.indexOf(";");
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/** The names of `earlier` then of `later` (which holds each once), each once (a Set: linear time). */
function unionPreviews(earlier: readonly string[], later: readonly string[]): string[] {
  return earlier.length === 0 ? later.slice() : [...new Set(earlier.concat(later))];
}

/** No format and no previews: the accept header stays as the headers give it. */
export const NO_MEDIA_TYPE: MediaType = { format: "", previews: [] };

/** `given` over `current` (CONTRACT.md, "Merging"): the later format wins, previews are the union. */
export function mergeMediaType(current: MediaType, given: MediaTypeInput): MediaType {
  return {
    format: given.format ?? current.format,
    previews:
      given.previews === undefined ? current.previews : unionPreviews(current.previews, given.previews),
  };
}

// Formats and previews go into the accept header: \w and "-", in a format "." and "+" too ("" is none).
const FORMAT_CHARACTERS = /*#__PURE__*/ asciiClass(/[\w.+-]/);
const WORD = /^[\w-]{1,200}$/;

const invalidMediaType = (message: string) => new EndpointError("ERR_INVALID_MEDIA_TYPE", message);

/** Validates `mediaType`; drops undefined members, normalises preview names. */
export function normalizeMediaType(mediaType: unknown): MediaTypeInput {
  if (!isPlainObject(mediaType)) {
    throw invalidMediaType(
      `Invalid mediaType: ${quote(mediaType)}; expected { format?: string, previews?: string[] }`,
    );
  }
  // Both keys own, so no reader of the result meets a `format` put on Object.prototype.
  const result: { format: string | undefined; previews: string[] | undefined } = {
    format: undefined,
    previews: undefined,
  };
  for (const key in mediaType) {
    if (!hasOwn(mediaType, key)) continue;
    const value = mediaType[key];
    if (value === undefined) continue;
    if (key === "format") {
      if (typeof value !== "string" || value.length > 200 || !allInSet(value, FORMAT_CHARACTERS)) {
        throw invalidMediaType(
          `Invalid mediaType.format ${quote(value)}: expected a word such as "raw", "diff" or "text+json"`,
        );
      }
      result.format = value;
    } else if (key === "previews") {
      if (!Array.isArray(value)) {
        throw invalidMediaType(
          `Invalid mediaType.previews: ${quote(value)}; expected an array of preview names`,
        );
      }
      const names = new Set<string>();
      for (let i = 0; i < value.length; i++) {
        const preview = own(value, i);
        let name = typeof preview === "string" && WORD.test(preview) ? preview : "";
        // Every trailing `-preview` cut, so that a name merge() cut is cut no further by parse().
        while (name.endsWith("-preview")) name = name.slice(0, -"-preview".length);
        if (name === "") {
          throw invalidMediaType(
            `Invalid preview name ${quote(preview)} in mediaType.previews: expected letters, digits, "-" and "_"`,
          );
        }
        names.add(name);
      }
      result.previews = [...names];
    } else {
      throw invalidMediaType(`Invalid mediaType key ${quote(key)}: expected only "format" and "previews"`);
    }
  }
  return result;
}

const VND_PREFIX = "application/vnd.";

// `application/vnd.<vendor>[.vN][.x][+json][; params]`, any case (RFC 9110 §8.3.1), labels that cannot
// overlap (linear). Groups: 1 a vendorless preview (`application/vnd.<name>-preview`); else 2 vendor,
// 3 version, 4 a preview in the last label (a format may follow); 5 parameters, weight (RFC 9110 §12.5.1).
const VENDOR_ENTRY =
  /^application\/vnd\.(?:([\w-]{0,200})-preview|([\w-]{1,200})(\.v\d{1,199})?(?:\.([\w-]{0,200})-preview(?:\.[\w.+-]{1,200})?|\.[\w-]{1,200})?)(?:\+json)?([ \t]*;.*)?$/i;

/**
 * The accept header for a format (each vendor entry) and previews (the list); CONTRACT.md, "parse()".
 * @example
 * applyMediaType("application/vnd.foo-preview", "raw", ["symmetra"]);
 * // "application/vnd.service.foo-preview.raw,application/vnd.service.symmetra-preview.raw"
 */
export function applyMediaType(accept: string, format: string, previews: readonly string[]): string {
  if (format === "" && previews.length === 0) return accept;
  const list = accept.split(",");
  // A binary download, whatever follows its first entry's essence (RFC 9110 §8.3.1).
  if (essence(list[0]!) === "application/octet-stream") return accept;
  // Each entry as the match of VENDOR_ENTRY, or [text] when it is no vendor entry.
  const entries: (string | undefined)[][] = list.map((entry) => {
    const text = entry.trim();
    return VENDOR_ENTRY.exec(text) ?? [text];
  });
  const vendor = entries.find((match) => match[2] !== undefined)?.[2] ?? "service";
  if (previews.length > 0) {
    const named = entries.flatMap((match) => match[1] ?? match[4] ?? []);
    const suffix = format === "" ? "+json" : "." + format;
    return unionPreviews(named, previews)
      .map((name) => `${VND_PREFIX}${vendor}.${name}-preview${suffix}`)
      .join(",");
  }
  return entries
    .map((match) => {
      const [text, name, entryVendor = vendor, version = "", preview = name, parameters = ""] = match;
      // A preview entry keeps its name and takes the format as its suffix, as in the previews rule.
      return match.length === 1
        ? text!
        : `${VND_PREFIX}${entryVendor}${preview === undefined ? version : `.${preview}-preview`}.${format}${parameters}`;
    })
    .join(",");
}

// A cache per accept header (an app has one or two) of its rewrite for each format and previews.
const acceptCaches = /*#__PURE__*/ boundedCache<BoundedCache<string>>(64, 64);

/** `applyMediaType`, remembered per (accept, format, previews). */
export function acceptFor(accept: string, format: string, previews: readonly string[]): string {
  const key = previews.length === 0 ? format : format + " " + previews.join(",");
  const byMediaType =
    acceptCaches.get(accept) ??
    acceptCaches.set(accept, boundedCache<string>(64, 64 * MAX_CACHED_KEY_LENGTH));
  return (
    byMediaType.get(key) ?? byMediaType.set(key, applyMediaType(accept, format, previews), accept.length)
  );
}
