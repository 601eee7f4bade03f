import { EndpointError, quote } from "../errors.js";
import type { RequestOptions } from "../types.js";
import { readRequestOptions } from "./assert-request-options.js";
import { own } from "../object.js";
import { contentTypeOf } from "./outgoing-headers.js";
import { readSafely } from "./read-safely.js";
import { FORM_CONTENT_TYPE, JSON_CONTENT_TYPE } from "../media-type.js";
import {
  builtInGetter,
  bytesOf,
  classifyBody,
  plainBlob,
  sendsEmptyBody,
  urlSearchParamsText,
} from "./request-body.js";

/**
 * The `init` type of the environment's own `fetch` (the DOM lib's or `@types/node`'s
 * `RequestInit`), so the result goes straight into `fetch()`; an empty stand-in where no
 * `fetch` is declared, so the types compile without either.
 */
type EnvironmentRequestInit = typeof globalThis extends { fetch(input: never, init?: infer Init): unknown }
  ? NonNullable<Init>
  : object;

/**
 * The second argument of `fetch()`, as `toFetch()` builds it: always a `method` (uppercase) and
 * `headers` (string values); `body` when there is one; `duplex: "half"` for a stream body; plus
 * the fields of `requestOptions.request` that fetch understands. An object without prototype, so
 * that fetch reads nothing inherited from `Object.prototype` as a member: it has no
 * `hasOwnProperty()` or `toString()` of its own (use `Object.hasOwn(init, "body")`, and
 * `{ ...init }` for an ordinary object).
 */
export type FetchInit = EnvironmentRequestInit & {
  method: string;
  headers: Record<string, string>;
  /** Set to `"half"` when the body is a `ReadableStream` (fetch requires it). */
  duplex?: "half";
};

/** The arguments of `fetch()`: `fetch(...toFetch(requestOptions))`. */
export type FetchArguments = [url: string, init: FetchInit];

/**
 * Fields of `requestOptions.request` that `toFetch()` copies into `init` when they are set
 * (not `undefined`). `dispatcher` is undici's (Node's fetch); browsers ignore what they do not know.
 */
export const FETCH_REQUEST_FIELDS = [
  "signal",
  "redirect",
  "cache",
  "credentials",
  "mode",
  "keepalive",
  "integrity",
  "referrer",
  "referrerPolicy",
  "priority",
  "dispatcher",
] as const;

/** Methods fetch refuses to send (https://fetch.spec.whatwg.org/#forbidden-method). */
const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * Turns request options (the result of `endpoint()`) into the arguments of `fetch()`, so that
 * fetch sends exactly the request that was built.
 *
 * - the url is an absolute http(s) url, or an origin-relative path (`/api/items`, from a path-only
 *   `baseUrl`) that fetch resolves against the page; any other scheme, `//host/…` and other
 *   relative references are `ERR_INVALID_URL`;
 * - the method must be an RFC 9110 token; it is uppercased (fetch does not normalise `patch`);
 * - header names must be tokens and values what `endpoint()` accepts (`ERR_INVALID_HEADER`);
 *   values become strings, without leading and trailing spaces and tabs (what fetch sends);
 *   `content-length`, `host` and the other headers the client
 *   computes itself (`CLIENT_COMPUTED_HEADERS`) are left out;
 * - a plain object or array body is sent as JSON (it needs a content-type whose subtype names
 *   `json` — `application/json`, `application/vnd.api+json`, `application/x-amz-json-1.1` — or
 *   none, which then becomes `application/json; charset=utf-8`); a string is sent as UTF-8 (as bytes when no
 *   content-type is set, so that fetch adds no `text/plain`); bytes as a `Uint8Array` over the
 *   same memory, a `Blob` as a plain `Blob` over the same data, `URLSearchParams` as their text
 *   (with the form content-type fetch would add), each read from its internal slots, not its own
 *   members, which Node's fetch reads; `FormData` passes through without the caller's content-type (fetch writes it,
 *   with the boundary); a `ReadableStream` passes through with `duplex: "half"`;
 * - a body of `null` (`endpoint()` gives it for `data: null`) is no body, as fetch reads
 *   `body: null`; a PATCH, POST or PUT without body sends a zero-length body (`content-length: 0`);
 * - `signal`, `redirect`, `cache`, `credentials`, `mode`, `keepalive`, `integrity`, `referrer`,
 *   `referrerPolicy`, `priority` and `dispatcher` of `requestOptions.request` are copied (own
 *   fields only);
 * - `init` has no prototype (`Object.create(null)`): fetch reads its members through the
 *   prototype chain, and a `body` or `dispatcher` set on `Object.prototype` by other code must
 *   not reach the wire.
 *
 * Throws `EndpointError` `ERR_UNSUPPORTED_BODY` for a body fetch cannot send as described (a GET
 * body, a plain object with a non-JSON content-type, a `Map`, a locked stream), `ERR_INVALID_METHOD` for
 * CONNECT, TRACE and TRACK, and `ERR_INVALID_OPTIONS`, `ERR_INVALID_METHOD`, `ERR_INVALID_URL` or
 * `ERR_INVALID_HEADER` for options `endpoint()` could not have built (a revoked Proxy included).
 * See docs/adapters.md.
 *
 * @example
 * const response = await fetch(
 *   ...toFetch(endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "Hi" })),
 * );
 * // toFetch(…) is
 * // ["https://api.service.example/repos/octo/hello/issues", {
 * //   method: "POST",
 * //   headers: { accept: "application/vnd.service.v3+json", "user-agent": "service-endpoint.js/0.1.0",
 * //              "content-type": "application/json; charset=utf-8" },
 * //   body: '{"title":"Hi"}' }]
 */
export function toFetch(requestOptions: RequestOptions): FetchArguments {
  const {
    method,
    url,
    headers,
    body: given,
    request,
  } = readRequestOptions("toFetch", requestOptions, "absolute-or-path");
  if (FORBIDDEN_METHODS.has(method)) {
    throw new EndpointError("ERR_INVALID_METHOD", `toFetch: fetch cannot send the method ${quote(method)}`);
  }
  // No prototype: fetch reads every RequestInit member through the prototype chain
  // (https://webidl.spec.whatwg.org/#js-dictionary), so `Object.prototype.body` would be sent.
  const init: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  init.method = method;
  init.headers = headers;
  const body = classifyBody("toFetch", method, given, contentTypeOf(headers));

  switch (body.kind) {
    case "none":
      // An empty byte array rather than "": a string would make fetch add `content-type: text/plain`.
      if (sendsEmptyBody(method)) init.body = new Uint8Array(0);
      break;
    case "text":
      init.body = contentTypeOf(headers) === undefined ? new TextEncoder().encode(body.text) : body.text;
      break;
    case "json":
      if (body.addContentType) headers["content-type"] = JSON_CONTENT_TYPE;
      init.body = body.text;
      break;
    // The fetch standard reads these from their internal slots; Node's fetch (undici) reads
    // `buffer`, `byteOffset`, `byteLength`, `type` and `toString()`, which an own property or a
    // subclass can change. So fetch gets objects whose members are their slots: what curl and
    // toBody() send, and what a browser sends for the original.
    case "bytes":
      init.body = bytesOf(body.value);
      break;
    case "blob":
      init.body = plainBlob(body.value);
      break;
    case "url-search-params":
      if (contentTypeOf(headers) === undefined) headers["content-type"] = FORM_CONTENT_TYPE;
      init.body = urlSearchParamsText(body.value);
      break;
    case "form-data":
      // Only fetch knows the multipart boundary; a content-type without it makes the body unreadable.
      delete headers["content-type"];
      init.body = body.value;
      break;
    case "stream":
      // fetch refuses a locked stream only when it is called, with a TypeError of its own; said
      // here as toBody() says it (the built-in getter, not a subclass's).
      if (builtInGetter(ReadableStream.prototype, "locked", body.value) === true) {
        throw new EndpointError(
          "ERR_UNSUPPORTED_BODY",
          "toFetch: the ReadableStream body is locked: it is being read already",
        );
      }
      init.body = body.value;
      init.duplex = "half";
      break;
  }

  if (request !== undefined) {
    readSafely(
      "ERR_INVALID_OPTIONS",
      "toFetch: the request fields cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)",
      () => {
        for (const field of FETCH_REQUEST_FIELDS) {
          // Own fields only: an inherited `Object.prototype.dispatcher` is not the caller's.
          const value = own(request, field);
          if (value !== undefined) init[field] = value;
        }
      },
    );
  }
  // The fields were checked one by one above; `request` values are the caller's, typed `unknown`.
  return [url, init as unknown as FetchInit];
}
