import { allInSet, asciiClass } from "./ascii-set.js";
import { boundedCache } from "./bounded-cache.js";
import { recent, recentValue, remember } from "./recent.js";
import type { Recent } from "./recent.js";
import { EndpointError, codePointLabel, quote } from "./errors.js";
import { hasOwn, internalize, isPlainObject, own, setOwn } from "./object.js";
import type { Headers, HeadersInput } from "./types.js";

// RFC 9110 §5.6.2: token = 1*tchar. A table lookup, so hostile names cost linear time.
// Built by a pure call, so a bundle that never checks a header drops it.
const TCHAR = /*#__PURE__*/ asciiClass(/[\w!#$%&'*+.^`|~-]/);

/** RFC 9110 §5.6.2: is `text` a token (a valid header name or method)? */
export function isToken(text: string): boolean {
  return text.length > 0 && allInSet(text, TCHAR);
}

/** `ERR_INVALID_HEADER` for the value of header `name`. */
function invalidValue(name: string, problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_HEADER", `Invalid value for header ${quote(name)}: ${problem}`);
}

/**
 * Validates one header value and returns it unchanged (CONTRACT.md: values pass through
 * unchanged; leading and trailing spaces and tabs are kept, fetch and servers drop them).
 */
export function normalizeHeaderValue(name: string, value: unknown): string | number {
  // Number.isFinite is false for anything but a finite number (it does not convert).
  if (Number.isFinite(value)) return value as number;
  if (typeof value !== "string") {
    throw invalidValue(name, `${quote(value)}; expected a string or a finite number`);
  }
  // RFC 9110 §5.5: field-value characters are VCHAR, obs-text (0x80–0xFF), SP and HTAB. Anything
  // else (CR, LF, NUL, other controls, code points above 0xFF) cannot be sent by every client:
  // Node's http rejects controls, fetch rejects non-ByteStrings, and CR/LF would inject headers.
  // Anywhere in the value, at its ends too: nothing is trimmed away before the check.
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code > 0xff) {
      throw invalidValue(
        name,
        `${quote(value)} holds character ${codePointLabel(code)} at offset ${i}; CR, LF, NUL, other controls and code points above U+00FF are not allowed`,
      );
    }
  }
  return value;
}

/**
 * Lowercases header names (so `User-Agent` replaces the default `user-agent` rather than
 * duplicating it), drops `undefined` values, keeps `null` (it removes the header when merged),
 * and validates names and values. Own properties only.
 */
// The header names seen, valid, with their lowercase form (as an object key, so that setting it
// needs no lookup in the engine's string table): an app sends the same few names again and
// again. A bounded cache (lib/bounded-cache.ts): 256 names, oldest out first.
const NAMES = /*#__PURE__*/ boundedCache<string>(256, 256);

// The last names found in NAMES, compared before it is asked (lib/recent.ts): apps send the same
// few names on every call (−1.8% time on the bench mix).
const RECENT_NAMES: Recent<string, string> = /*#__PURE__*/ recent();

/** A header name checked (an RFC 9110 token) and lowercased. */
function headerName(name: string): string {
  const found = recentValue(RECENT_NAMES, name);
  if (found !== undefined) return found;
  const lower = NAMES.get(name);
  if (lower !== undefined) return remember(RECENT_NAMES, name, lower);
  if (!isToken(name)) {
    throw new EndpointError(
      "ERR_INVALID_HEADER",
      `Invalid header name ${quote(name)}: not an RFC 9110 token`,
    );
  }
  return NAMES.set(name, internalize(name.toLowerCase()));
}

export function normalizeHeaders(headers: unknown): HeadersInput {
  if (!isPlainObject(headers)) {
    throw new EndpointError(
      "ERR_INVALID_HEADER",
      `Invalid headers: ${quote(headers)}; expected an object of header names to values`,
    );
  }
  const result: HeadersInput = {};
  for (const name in headers) {
    if (!hasOwn(headers, name)) continue;
    const value = headers[name];
    if (value === undefined) continue;
    setOwn(result, headerName(name), value === null ? null : normalizeHeaderValue(name, value));
  }
  return result;
}

/**
 * `given` over `current` (CONTRACT.md, "Merging"): a header keeps its place and takes the later
 * value; new ones come after; `null` removes the header, the earlier one included.
 */
export function mergeHeaders(current: Readonly<Headers> | undefined, given: Readonly<HeadersInput>): Headers {
  // A spread keeps own keys only (`__proto__` too, as a key) in their order. Of the frozen
  // snapshot's headers: V8 copies a frozen object key by key, but keys added to that copy then
  // cost no more than usual, where added to a fast copy of an unfrozen object each costs far more.
  const result: Headers = { ...current };
  for (const name in given) {
    const value = own(given, name);
    if (value === null) delete result[name];
    else if (value !== undefined) setOwn(result, name, value);
  }
  return result;
}
