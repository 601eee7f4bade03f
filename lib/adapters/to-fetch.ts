import { EndpointError, quote } from "../errors.js";
import type { RequestOptions } from "../types.js";
import { readRequestOptions } from "./assert-request-options.js";
import { own } from "../object.js";
import { contentTypeOf } from "./outgoing-headers.js";
import { readSafely } from "./read-safely.js";
import { builtInGetter, bytesOf, classifyBody, plainBlob, unsupported } from "./request-body.js";

/** The environment's own `RequestInit` (DOM lib or @types/node), or `object` where no fetch is declared. */
type EnvironmentRequestInit = typeof globalThis extends { fetch(input: never, init?: infer Init): unknown }
  ? NonNullable<Init>
  : object;

/**
 * The second argument of `fetch()`: `method`, `headers`, `body` if any, `duplex: "half"` for a stream, and
 * `requestOptions.request`'s fetch fields. No prototype: use `Object.hasOwn(init, "body")`, `{ ...init }`.
 */
export type FetchInit = EnvironmentRequestInit & {
  method: string;
  headers: Record<string, string>;
  /** Set to `"half"` when the body is a `ReadableStream` (fetch requires it). */
  duplex?: "half";
};

/** The arguments of `fetch()`: `fetch(...toFetch(requestOptions))`. */
export type FetchArguments = [url: string, init: FetchInit];

/** The fields of `request` that `toFetch()` copies into `init` when set (`dispatcher`: undici's). */
const FETCH_REQUEST_FIELDS: readonly string[] =
  "signal redirect cache credentials mode keepalive integrity referrer referrerPolicy priority dispatcher".split(
    " ",
  );

/** Methods fetch refuses to send (https://fetch.spec.whatwg.org/#forbidden-method). */
const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * The arguments of `fetch()` that send exactly the request `endpoint()` built: method uppercased, string
 * headers but those the client computes, a JSON body as text, built-in bodies read from their slots.
 * Throws `EndpointError` for what `endpoint()` could not build or fetch cannot send; see docs/adapters.md.
 * @example
 * const response = await fetch(...toFetch(endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "Hi" })));
 * // toFetch(…): ["https://api.service.example/repos/octo/hello/issues", { method: "POST",
 * //   headers: { accept: "…", "user-agent": "…", "content-type": "application/json; charset=utf-8" }, body: '{"title":"Hi"}' }]
 */
export function toFetch(requestOptions: RequestOptions): FetchArguments {
  const checked = readRequestOptions("toFetch", requestOptions, "absolute-or-path");
  const { method, headers, request } = checked;
  if (FORBIDDEN_METHODS.has(method)) {
    throw new EndpointError("ERR_INVALID_METHOD", `toFetch: fetch cannot send the method ${quote(method)}`);
  }
  // No prototype: fetch reads RequestInit members through the prototype chain (WebIDL dictionaries).
  const init: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  init.method = method;
  init.headers = headers;
  const body = classifyBody("toFetch", method, checked.body, headers);

  switch (body.kind) {
    case "text": // (JSON text and URLSearchParams have a content-type now)
      init.body = contentTypeOf(headers) === undefined ? new TextEncoder().encode(body.text) : body.text;
      break;
    // Node's fetch reads members, not internal slots: give it objects whose members are their slots.
    case "bytes":
      init.body = bytesOf(body.value);
      break;
    case "blob":
      init.body = plainBlob(body.value);
      break;
    case "form-data":
      // Only fetch knows the multipart boundary; a content-type without it makes the body unreadable.
      delete headers["content-type"];
      init.body = body.value;
      break;
    case "stream":
      // fetch would throw a TypeError of its own when called.
      if (builtInGetter(ReadableStream.prototype, "locked", body.value) === true) {
        throw unsupported("toFetch", "the ReadableStream body is locked: it is being read already");
      }
      init.body = body.value;
      init.duplex = "half";
      break;
  }

  if (request !== undefined) {
    readSafely("ERR_INVALID_OPTIONS", "toFetch: the request fields", () => {
      for (const field of FETCH_REQUEST_FIELDS) {
        const value = own(request, field);
        if (value !== undefined) init[field] = value;
      }
    });
  }
  return [checked.url, init as unknown as FetchInit];
}
