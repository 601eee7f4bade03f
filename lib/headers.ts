import { allInSet, asciiClass } from "./ascii-set.js";
import { boundedCache } from "./bounded-cache.js";
import { recent, recentValue, remember } from "./recent.js";
import type { Recent } from "./recent.js";
import { EndpointError, quote } from "./errors.js";
import { describeHeaderValue } from "./redact.js";
import { hasOwn, internalize, isPlainObject, setOwn } from "./object.js";
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
    throw invalidValue(name, describeHeaderValue(name, value, -1));
  }
  // RFC 9110 §5.5: field-value characters are VCHAR, obs-text (0x80–0xFF), SP and HTAB. Anything
  // else (CR, LF, NUL, other controls, code points above 0xFF) cannot be sent by every client:
  // Node's http rejects controls, fetch rejects non-ByteStrings, and CR/LF would inject headers.
  // Anywhere in the value, at its ends too: nothing is trimmed away before the check.
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code > 0xff) {
      throw invalidValue(name, describeHeaderValue(name, value, i));
    }
  }
  return value;
}

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

/**
 * Lowercases header names (so `User-Agent` replaces the default `user-agent` rather than
 * duplicating it), drops `undefined` values, keeps `null` (it removes the header when merged),
 * and validates names and values. Own properties only.
 *
 * Given `over`, the headers are merged over it as they are read (`headersOver`): `endpoint()`
 * reads a call's headers over its defaults' this way, in one walk and one object, where
 * normalizing and then merging took two (−3% time on the bench mix).
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
  return headersOver(over, headers as HeadersInput, true);
}

/**
 * Headers already normalized (`given`, of a level that `normalizeHeaders` made) over `current`:
 * the header merge of merge() and defaults(), the same walk without checking again.
 */
export function mergeHeaders(current: Readonly<Headers> | undefined, given: Readonly<HeadersInput>): Headers {
  return headersOver(current ?? {}, given, false) as Headers;
}

/**
 * The one header merge (CONTRACT.md, "Merging"): `given` over `over`, whose headers keep their
 * place and take the later value; new ones come after; `null` removes the header. Without `over`,
 * `null` stays (it removes the header when merged later). `check`: names checked and lowercased
 * and values checked as they are read.
 */
function headersOver(
  over: Readonly<Headers> | undefined,
  given: Readonly<HeadersInput>,
  check: boolean,
): HeadersInput {
  // (A spread keeps own keys only, `__proto__` too, as a key. From the frozen snapshot's headers:
  // V8 copies a frozen object key by key, and keys added to that copy then cost no more than
  // usual, where added to a fast copy of an unfrozen object each costs far more.) A `null` holds
  // its name's place until the end, so that `{ Accept: null, accept: "x" }` leaves "accept" where
  // `over` had it, as a merge of the normalized headers would.
  const result: HeadersInput = { ...over };
  let removes = false;
  for (const name in given) {
    if (!hasOwn(given, name)) continue;
    const value = given[name];
    if (value === undefined) continue;
    removes ||= value === null;
    setOwn(
      result,
      check ? headerName(name) : name,
      value === null || !check ? value : normalizeHeaderValue(name, value),
    );
  }
  if (over !== undefined && removes) {
    // (Own names only: `for…in` also walks what other code put on Object.prototype, and a getter
    // there would run with the headers as `this`; docs/security.md item 12.)
    for (const name in result) if (hasOwn(result, name) && result[name] === null) delete result[name];
  }
  return result;
}
