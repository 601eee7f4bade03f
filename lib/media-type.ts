import { ALPHA_DIGIT, allInSet, asciiSet } from "./ascii-set.js";
import { EndpointError, describe, quote } from "./errors.js";
import { isPlainObject } from "./object.js";
import type { MediaType, MediaTypeInput } from "./types.js";

/** The content-type of a JSON body: `parse()` gives it to one it builds, the adapters to a hand-made one. */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** The media type of a form body (WHATWG URL, `application/x-www-form-urlencoded`). */
export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";
/** The content-type fetch gives a `URLSearchParams` body; the library and the adapters give the same. */
export const FORM_CONTENT_TYPE = FORM_MEDIA_TYPE + ";charset=UTF-8";

/** RFC 9110 §8.3.1: the media type without parameters, lowercase (`Application/JSON; q=1` → `application/json`). */
export function essence(contentType: string): string {
  const semicolon = contentType.indexOf(";");
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

const PREVIEW_SUFFIX = "-preview";

/** Cuts one trailing `-preview`: `"squirrel-girl-preview"` and `"squirrel-girl"` name the same preview. */
export function previewName(preview: string): string {
  return preview.endsWith(PREVIEW_SUFFIX) ? preview.slice(0, -PREVIEW_SUFFIX.length) : preview;
}

/** `earlier` then the names of `later` not yet in it, in order, without duplicates. */
export function unionPreviews(earlier: readonly string[], later: readonly string[]): string[] {
  // A Set, not `includes`: thousands of hostile preview names must cost linear time.
  const seen = new Set(earlier);
  const result = earlier.slice();
  for (const name of later) {
    if (!seen.has(name)) {
      seen.add(name);
      result.push(name);
    }
  }
  return result;
}

/** `given` over `current` (CONTRACT.md, "Merging"): the later format wins, previews are the union. */
export function mergeMediaType(current: MediaType, given: MediaTypeInput): MediaType {
  return {
    format: given.format ?? current.format,
    previews:
      given.previews === undefined ? current.previews : unionPreviews(current.previews, given.previews),
  };
}

/** Validates `mediaType`; drops undefined members, normalises preview names. */
export function normalizeMediaType(mediaType: unknown): MediaTypeInput {
  if (!isPlainObject(mediaType)) {
    throw new EndpointError(
      "ERR_INVALID_MEDIA_TYPE",
      `Invalid mediaType: ${describe(mediaType)}; expected { format?: string, previews?: string[] }`,
    );
  }
  const result: { format?: string; previews?: string[] } = {};
  for (const key of Object.keys(mediaType)) {
    const value = mediaType[key];
    if (value === undefined) continue;
    if (key === "format") {
      if (typeof value !== "string" || !isMediaTypeWord(value, true)) {
        throw new EndpointError(
          "ERR_INVALID_MEDIA_TYPE",
          `Invalid mediaType.format ${quote(value)}: expected a word such as "raw", "diff" or "text+json"`,
        );
      }
      result.format = value;
    } else if (key === "previews") {
      if (!Array.isArray(value)) {
        throw new EndpointError(
          "ERR_INVALID_MEDIA_TYPE",
          `Invalid mediaType.previews: ${describe(value)}; expected an array of preview names`,
        );
      }
      const names = new Set<string>();
      for (const preview of value as unknown[]) {
        if (typeof preview !== "string" || !isMediaTypeWord(preview, false)) {
          throw new EndpointError(
            "ERR_INVALID_MEDIA_TYPE",
            `Invalid preview name ${quote(preview)} in mediaType.previews: expected letters, digits, "-" and "_"`,
          );
        }
        names.add(previewName(preview));
      }
      result.previews = [...names];
    } else {
      throw new EndpointError(
        "ERR_INVALID_MEDIA_TYPE",
        `Invalid mediaType key ${quote(key)}: expected only "format" and "previews"`,
      );
    }
  }
  return result;
}

// Formats and preview names end up inside the accept header: letters, digits, "-", "_", and
// for formats also "." and "+" ("text+json"); an empty format means none.
const WORD_ASCII = /*#__PURE__*/ asciiSet(ALPHA_DIGIT, "-_");
const FORMAT_ASCII = /*#__PURE__*/ asciiSet(ALPHA_DIGIT, "-_.+");

function isMediaTypeWord(word: string, isFormat: boolean): boolean {
  if (word.length === 0) return isFormat;
  if (word.length > 200) return false;
  return allInSet(word, isFormat ? FORMAT_ASCII : WORD_ASCII);
}

/** One entry of an accept header split into `application/vnd.<vendor>` and the rest. */
interface VendorEntry {
  /** `undefined` for a preview named without a vendor: `application/vnd.<name>-preview…`. */
  vendor: string | undefined;
  /** The `.vN` version part, or "". */
  version: string;
  /** `<name>` when the entry is `application/vnd.<vendor>.<name>-preview…`. */
  preview: string | undefined;
}

const VND_PREFIX = "application/vnd.";

// Parses `application/vnd.<vendor>[.vN][.x][+json]` (and `…<name>-preview<suffix>`) by hand,
// one pass over the entry, so a hostile accept header costs linear time.
function parseVendorEntry(entry: string): VendorEntry | undefined {
  if (!entry.startsWith(VND_PREFIX)) return undefined;
  const rest = entry.slice(VND_PREFIX.length);
  const plus = rest.indexOf("+");
  const beforeSuffix = plus === -1 ? rest : rest.slice(0, plus);
  const suffix = plus === -1 ? "" : rest.slice(plus);
  if (suffix !== "" && suffix !== "+json") return undefined;
  const labels = beforeSuffix.split(".");
  const vendor = labels[0];
  if (vendor === undefined || vendor === "" || labels.length > 3) return undefined;
  for (const label of labels) if (!isMediaTypeWord(label, false)) return undefined;
  // `application/vnd.<name>-preview`, as older docs write a preview: it names the preview, not a
  // vendor called "<name>-preview" (CONTRACT.md, "parse()").
  if (labels.length === 1 && vendor.endsWith(PREVIEW_SUFFIX)) {
    return { vendor: undefined, version: "", preview: previewName(vendor) };
  }
  let index = 1;
  let version = "";
  const second = labels[1];
  if (second !== undefined && /^v\d+$/.test(second)) {
    version = "." + second;
    index = 2;
  }
  const last = labels[index];
  if (labels.length > index + 1) return undefined;
  const preview = last !== undefined && last.endsWith(PREVIEW_SUFFIX) ? previewName(last) : undefined;
  return { vendor, version, preview };
}

const OCTET_STREAM = "application/octet-stream";

/**
 * Rewrites the accept header for `mediaType` (CONTRACT.md, "parse()"):
 * - an `application/octet-stream` accept (a binary download) is never rewritten;
 * - format: each `application/vnd.<vendor>[.vN][.x][+json]` entry becomes
 *   `application/vnd.<vendor>[.vN].<format>`;
 * - previews: accept becomes `application/vnd.<vendor>.<name>-preview<suffix>` for the previews
 *   already named in accept and then the given ones, `<suffix>` being `.<format>` or `+json`.
 * `<vendor>` is the first vendor the accept header names, else `service`; an entry
 * `application/vnd.<name>-preview` names the preview `<name>` and no vendor.
 *
 * @example
 * applyMediaType("application/vnd.foo-preview", "raw", ["symmetra"]);
 * // "application/vnd.service.foo-preview.raw,application/vnd.service.symmetra-preview.raw"
 */
export function applyMediaType(accept: string, format: string, previews: readonly string[]): string {
  if (format === "" && previews.length === 0) return accept;
  // RFC 9110 §8.3.1: type and subtype are case-insensitive.
  if (accept.trim().toLowerCase() === OCTET_STREAM) return accept;
  const entries = accept.split(",").map((entry) => {
    const text = entry.trim();
    return { text, parsed: parseVendorEntry(text) };
  });
  const vendor = entries.find(({ parsed }) => parsed?.vendor !== undefined)?.parsed?.vendor ?? "service";
  if (previews.length > 0) {
    const named = new Set<string>();
    for (const { parsed } of entries) if (parsed?.preview !== undefined) named.add(parsed.preview);
    const suffix = format === "" ? "+json" : "." + format;
    return unionPreviews([...named], previews)
      .map((name) => `${VND_PREFIX}${vendor}.${name}${PREVIEW_SUFFIX}${suffix}`)
      .join(",");
  }
  return entries
    .map(({ text, parsed }) => {
      if (parsed === undefined) return text;
      // A preview entry keeps its name and takes the format as its suffix, as in the previews rule.
      return parsed.preview === undefined
        ? `${VND_PREFIX}${parsed.vendor ?? vendor}${parsed.version}.${format}`
        : `${VND_PREFIX}${parsed.vendor ?? vendor}.${parsed.preview}${PREVIEW_SUFFIX}.${format}`;
    })
    .join(",");
}
