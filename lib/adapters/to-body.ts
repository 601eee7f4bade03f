import { EndpointError, describe } from "../errors.js";
import type { RequestOptions } from "../types.js";
import { readRequestOptions } from "./assert-request-options.js";
import { contentTypeOf } from "./outgoing-headers.js";
import { FORM_CONTENT_TYPE, JSON_CONTENT_TYPE } from "../media-type.js";
import { classifyBody, sendsEmptyBody } from "./request-body.js";

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

/** A copy of any bytes view or buffer as a `Uint8Array` that owns its whole `ArrayBuffer`. */
function copyBytes(value: ArrayBuffer | ArrayBufferView): Uint8Array {
  // axios sends `view.buffer`, the whole buffer: a pooled Node Buffer would send its neighbours too.
  if (ArrayBuffer.isView(value))
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice();
  return new Uint8Array(value).slice();
}

/** Every chunk of a byte stream, joined; a chunk that is not bytes is refused, as fetch refuses it. */
async function readStream(stream: ReadableStream<unknown>): Promise<Uint8Array> {
  if (stream.locked) unsupported("the ReadableStream body is locked: it is being read already");
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!(value instanceof Uint8Array)) {
      await reader.cancel();
      unsupported(`the ReadableStream body gave a chunk that is not a Uint8Array: ${describe(value)}`);
    }
    chunks.push(value);
    length += value.byteLength;
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
      `the FormData body is not one this environment's Response can encode (it got content-type ${JSON.stringify(contentType)}); ` +
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
      bytes = copyBytes(body.value);
      break;
    case "blob":
      if (contentTypeOf(headers) === undefined && body.value.type !== "") {
        headers["content-type"] = body.value.type;
      }
      bytes = new Uint8Array(await body.value.arrayBuffer());
      break;
    case "url-search-params":
      if (contentTypeOf(headers) === undefined) headers["content-type"] = FORM_CONTENT_TYPE;
      bytes = new TextEncoder().encode(body.value.toString());
      break;
    case "form-data": {
      const encoded = await serialiseFormData(body.value);
      headers["content-type"] = encoded.contentType;
      bytes = encoded.bytes;
      break;
    }
    case "stream":
      bytes = await readStream(body.value);
      break;
  }
  if (bytes !== undefined) headers["content-length"] = String(bytes.byteLength);
  return { method, url, headers, body: bytes };
}
