import { EndpointError, describe, quote, rethrowAs } from "../errors.js";
import { normalizeHeaderValue } from "../headers.js";
import type { RequestOptions } from "../types.js";
import { readRequestOptions } from "./assert-request-options.js";
import { contentTypeOf } from "./outgoing-headers.js";
import { FORM_CONTENT_TYPE, JSON_CONTENT_TYPE } from "../media-type.js";
import {
  blobBytes,
  blobType,
  builtInGetter,
  bytesOf,
  classifyBody,
  sendsEmptyBody,
  typedArrayPrototype,
  urlSearchParamsText,
} from "./request-body.js";

/**
 * What `toBody()` returns: the request in the one shape that node:http, undici, axios, got and
 * fetch all send unchanged — an uppercase method, string headers that describe the body exactly,
 * and the body as bytes.
 */
export interface SendableRequest {
  /** Uppercase: undici and fetch send the method as given, and HTTP methods are case-sensitive. */
  method: string;
  url: string;
  /**
   * The request's headers, lowercase, with string values, without the headers a client computes
   * (`host`, `connection`, `transfer-encoding`, …), plus:
   * - `content-type` where the body implies one and the request options name none (JSON, a form,
   *   a typed `Blob`) and, for `FormData`, always: `multipart/form-data; boundary=…`;
   * - `content-length`, the exact byte length of `body`, whenever there is a body (node:http
   *   frames a DELETE body only with it).
   */
  headers: Record<string, string>;
  /**
   * The body's bytes, in a fresh `Uint8Array` of its own; `undefined` when nothing is sent. A
   * PATCH, POST or PUT without body gets zero bytes (`content-length: 0`), as with `toFetch()`.
   */
  body: Uint8Array | undefined;
}

function unsupported(reason: string): never {
  throw new EndpointError("ERR_UNSUPPORTED_BODY", `toBody: ${reason}`);
}

/**
 * The bytes a chunk of a byte stream holds, or `undefined` when it is no Uint8Array (fetch takes
 * only those, https://fetch.spec.whatwg.org/#concept-body-incrementally-read): the built-in
 * `Symbol.toStringTag` getter reads the internal slot, of any realm.
 */
function chunkBytes(chunk: unknown): Uint8Array | undefined {
  if (!ArrayBuffer.isView(chunk)) return undefined;
  return builtInGetter(typedArrayPrototype(), Symbol.toStringTag, chunk) === "Uint8Array"
    ? bytesOf(chunk)
    : undefined;
}

/**
 * Every chunk of a byte stream, joined; a chunk that is not bytes is refused, as fetch refuses it.
 * The stream is read through the built-in `locked` and `getReader()`, not a subclass's.
 */
async function readStream(stream: ReadableStream<unknown>): Promise<Uint8Array> {
  if (builtInGetter(ReadableStream.prototype, "locked", stream) === true) {
    unsupported("the ReadableStream body is locked: it is being read already");
  }
  const reader = Reflect.apply(ReadableStream.prototype.getReader, stream, []) as ReadableStreamDefaultReader;
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = (await reader.read()) as ReadableStreamReadResult<unknown>;
    if (done) break;
    const chunk = chunkBytes(value);
    if (chunk === undefined) {
      await reader.cancel();
      unsupported(`the ReadableStream body gave a chunk that is not a Uint8Array: ${describe(value)}`);
    }
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A Blob's type as a content-type, checked as every header value is: the File API keeps it to
 * printable ASCII, but a Blob of another implementation (a polyfill) may hold anything.
 */
function checkedType(type: string): string {
  try {
    return String(normalizeHeaderValue("content-type", type));
  } catch (error) {
    return unsupported(`the Blob body's type cannot be a content-type: ${(error as Error).message}`);
  }
}

/** Awaits `read`; what it rejects with (a file that changed, a stream that errors) becomes `ERR_UNSUPPORTED_BODY`. */
async function readBody<T>(kind: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    return rethrowAs(error, "ERR_UNSUPPORTED_BODY", `toBody: the ${kind} body cannot be read`);
  }
}

/**
 * `FormData` serialised by the environment's own `Response` (the multipart encoding of the fetch
 * standard, https://fetch.spec.whatwg.org/#concept-bodyinit-extract): the bytes and the
 * content-type with the boundary that separates the parts.
 */
async function serialiseFormData(form: FormData): Promise<{ bytes: Uint8Array; contentType: string }> {
  const response = new Response(form);
  const contentType = response.headers.get("content-type") ?? "";
  // A FormData of another implementation than the environment's reads as the text "[object FormData]".
  if (!contentType.startsWith("multipart/form-data; boundary=")) {
    unsupported(
      `the FormData body is not one this environment's Response can encode (it got content-type ${quote(contentType)}); ` +
        "use the global FormData",
    );
  }
  return { bytes: new Uint8Array(await response.arrayBuffer()), contentType };
}

/**
 * Turns request options (the result of `endpoint()`) into a request every HTTP client sends
 * byte for byte: node:http, `undici.request`, axios, got and fetch take the `body` bytes and the
 * `headers` as they are, so no client guesses a content-type, re-encodes the body or frames it
 * differently.
 *
 * - the method is uppercased; header values become strings; `content-length`, `host` and the other
 *   headers clients compute (`CLIENT_COMPUTED_HEADERS`) are dropped, then `content-length` is set
 *   to the real byte length of the body;
 * - a plain object or array becomes its JSON text (content-type `application/json; charset=utf-8`
 *   when none is set); a string its UTF-8 bytes; bytes (`Uint8Array`, every typed array, `DataView`,
 *   `ArrayBuffer`, a Node `Buffer`) are copied; a `Blob` is read (its `type` is the content-type
 *   when none is set); `URLSearchParams` becomes its text (content-type
 *   `application/x-www-form-urlencoded;charset=UTF-8` when none is set, as fetch does); `FormData`
 *   becomes its multipart encoding, and the content-type becomes `multipart/form-data; boundary=…`
 *   whatever the caller set (only the encoder knows the boundary); a `ReadableStream` of
 *   `Uint8Array` chunks is read to its end;
 * - a body of `null` (`endpoint()` gives it for `data: null`) is no body, as `undefined`; a PATCH,
 *   POST or PUT without body gets a zero-length body (`content-length: 0`), as `toFetch()`.
 *
 * It is asynchronous because a `Blob`, `FormData` and a stream are read; the whole body is then in
 * memory. To stream an upload of unknown size instead, send it with `fetch(...toFetch(options))`,
 * which passes a `ReadableStream` through (chunked).
 *
 * Throws (rejects with) `EndpointError` `ERR_UNSUPPORTED_BODY` for a body no client could send as
 * the headers describe it (a GET or HEAD body, a plain object with a non-JSON content-type, a class
 * instance, a stream chunk that is not a `Uint8Array`, a locked stream), `ERR_INVALID_HEADER` and
 * `ERR_INVALID_OPTIONS` as `toFetch()`. See docs/adapters.md.
 *
 * @example
 * const { method, url, headers, body } = await toBody(endpoint("POST /repos/{owner}/{repo}/issues", {
 *   owner: "octo", repo: "hello", title: "Hi",
 * }));
 * // method: "POST", url: "https://api.service.example/repos/octo/hello/issues",
 * // headers: { accept: "application/vnd.service.v3+json", "user-agent": "service-endpoint.js/0.1.0",
 * //            "content-type": "application/json; charset=utf-8", "content-length": "14" },
 * // body: the 14 bytes of '{"title":"Hi"}'
 * await request(url, { method, headers, body }); // undici; node:http, axios, got: docs/adapters.md
 */
export async function toBody(requestOptions: RequestOptions): Promise<SendableRequest> {
  // Read once and checked as toFetch() reads them; the caller's object is not read again.
  const {
    method,
    url,
    headers,
    body: given,
  } = readRequestOptions("toBody", requestOptions, "absolute-or-path");
  const body = classifyBody("toBody", method, given, contentTypeOf(headers));

  let bytes: Uint8Array | undefined;
  switch (body.kind) {
    case "none":
      if (sendsEmptyBody(method)) bytes = new Uint8Array(0);
      break;
    case "text":
      bytes = new TextEncoder().encode(body.text);
      break;
    case "json":
      if (body.addContentType) headers["content-type"] = JSON_CONTENT_TYPE;
      bytes = new TextEncoder().encode(body.text);
      break;
    case "bytes":
      // A copy: axios sends `view.buffer`, the whole buffer (a pooled Node Buffer's neighbours too).
      bytes = bytesOf(body.value).slice();
      break;
    case "blob": {
      const type = blobType(body.value);
      if (contentTypeOf(headers) === undefined && type !== "") headers["content-type"] = checkedType(type);
      bytes = new Uint8Array(await readBody("Blob", () => blobBytes(body.value)));
      break;
    }
    case "url-search-params":
      if (contentTypeOf(headers) === undefined) headers["content-type"] = FORM_CONTENT_TYPE;
      bytes = new TextEncoder().encode(urlSearchParamsText(body.value));
      break;
    case "form-data": {
      // Its file parts are read too: a file that changed since openAsBlob() rejects (NotReadableError).
      const form = body.value;
      const encoded = await readBody("FormData", () => serialiseFormData(form));
      headers["content-type"] = encoded.contentType;
      bytes = encoded.bytes;
      break;
    }
    case "stream": {
      const stream = body.value;
      bytes = await readBody("ReadableStream", () => readStream(stream));
      break;
    }
  }
  if (bytes !== undefined) headers["content-length"] = String(bytes.byteLength);
  return { method, url, headers, body: bytes };
}
