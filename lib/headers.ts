import { allInSet, asciiClass } from "./ascii-set.js";
import { boundedCache } from "./bounded-cache.js";
import { EndpointError, notAToken, quote } from "./errors.js";
import { describeHeaderValue } from "./redact.js";
import { hasOwn, internalize, isPlainObject, setOwn } from "./object.js";
import type { Headers, HeadersInput } from "./types.js";

// RFC 9110 §5.6.2: token = 1*tchar. A table lookup, so hostile names cost linear time.
const TCHAR = /*#__PURE__*/ asciiClass(/[\w!#$%&'*+.^`|~-]/);

/** RFC 9110 §5.6.2: is `text` a token (a valid header name or method)? */
export function isToken(text: string): boolean {
  return text.length > 0 && allInSet(text, TCHAR);
}

function invalidValue(name: string, problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_HEADER", `Invalid value for header ${quote(name)}: ${problem}`);
}

/** Validates one header value and returns it unchanged (nothing is trimmed). */
export function normalizeHeaderValue(name: string, value: unknown): string | number {
  if (Number.isFinite(value)) return value as number;
  if (typeof value !== "string") throw invalidValue(name, describeHeaderValue(name, value, -1));
  if (NOT_FIELD_VALUE.test(value)) {
    throw invalidValue(name, describeHeaderValue(name, value, value.search(NOT_FIELD_VALUE)));
  }
  return value;
}

// RFC 9110 §5.5: field-value characters are VCHAR, obs-text (0x80–0xFF), SP and HTAB. CR and LF
// would inject headers; Node rejects other controls, fetch anything above 0xFF.
const NOT_FIELD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** A valid header name: its lowercase form, and the last value given under it that passed. */
type KnownName = { readonly lower: string; lastValid: unknown };

// Valid names seen: an app sends the same few names again and again, most with the same value
// (its token, its accept header), which is then checked once.
const NAMES = /*#__PURE__*/ boundedCache<KnownName>(256, 256);

/** A header name checked (an RFC 9110 token) and lowercased. */
function knownName(name: string): KnownName {
  const known = NAMES.get(name);
  if (known !== undefined) return known;
  if (!isToken(name)) throw notAToken("ERR_INVALID_HEADER", "header name", name);
  return NAMES.set(name, { lower: internalize(name.toLowerCase()), lastValid: undefined });
}

/**
 * Checks headers, lowercases names (`User-Agent` replaces the default `user-agent`), drops `undefined`;
 * own properties only. Given `over`, merged over it (CONTRACT.md, "Merging"): its headers keep their place,
 * new ones follow, `null` removes one; without `over`, a `null` stays, to remove the header when merged.
 */
export function normalizeHeaders(headers: unknown): HeadersInput;
export function normalizeHeaders(headers: unknown, over: Readonly<Headers>): Headers;
export function normalizeHeaders(headers: unknown, over?: Readonly<Headers>): HeadersInput;
export function normalizeHeaders(headers: unknown, over?: Readonly<Headers>): HeadersInput {
  if (!isPlainObject(headers)) {
    throw new EndpointError(
      "ERR_INVALID_HEADER",
      `Invalid headers: ${quote(headers)}; expected an object of header names to values`,
    );
  }
  // A `null` keeps its name's place till the end: `{ Accept: null, accept: "x" }` keeps `over`'s order.
  const result: HeadersInput = over === undefined ? {} : { ...over };
  let removes = false;
  for (const name in headers) {
    if (!hasOwn(headers, name)) continue;
    const value = headers[name];
    if (value === undefined) continue;
    removes ||= value === null;
    const known = knownName(name);
    if (value !== null && value !== known.lastValid) known.lastValid = normalizeHeaderValue(name, value);
    setOwn(result, known.lower, value);
  }
  if (over !== undefined && removes) {
    for (const name in result) if (hasOwn(result, name) && result[name] === null) delete result[name];
  }
  return result;
}
