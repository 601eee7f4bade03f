import { describe, quote, rethrowAs } from "../errors.js";
import { normalizeHeaderValue } from "../headers.js";
import type { RequestOptions } from "../types.js";
import { readRequestOptions } from "./assert-request-options.js";
import { contentTypeOf } from "./outgoing-headers.js";
import {
  blobType,
  builtInGetter,
  bytesOf,
  classifyBody,
  typedArrayPrototype,
  unsupported,
} from "./request-body.js";

/** What `toBody()` returns: a request node:http, undici, axios, got and fetch all send unchanged. */
export interface SendableRequest {
  /** Uppercase (HTTP methods are case-sensitive, and undici sends them as given). */
  method: string;
  url: string;
  /** Lowercase names, string values, a `content-type` the body implies and its exact `content-length`. */
  headers: Record<string, string>;
  /** The body's bytes in a fresh `Uint8Array`; zero bytes for a PATCH, POST or PUT without body. */
  body: Uint8Array | undefined;
}

/** A stream chunk's bytes, or `undefined` when it is no Uint8Array of any realm (fetch takes only those). */
function chunkBytes(chunk: unknown): Uint8Array | undefined {
  if (!ArrayBuffer.isView(chunk)) return undefined;
  return builtInGetter(typedArrayPrototype(), Symbol.toStringTag, chunk) === "Uint8Array"
    ? bytesOf(chunk)
    : undefined;
}

/** Every chunk of a byte stream, joined, read through the built-in `getReader()`, not a subclass's. */
async function readStream(stream: ReadableStream<unknown>): Promise<Uint8Array> {
  if (builtInGetter(ReadableStream.prototype, "locked", stream) === true) {
    throw unsupported("toBody", "the ReadableStream body is locked: it is being read already");
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
      throw unsupported(
        "toBody",
        `the ReadableStream body gave a chunk that is not a Uint8Array: ${describe(value)}`,
      );
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

/** A Blob's type as a content-type, checked as every header value is (a polyfill's may hold anything). */
function checkedType(type: string): string {
  try {
    return String(normalizeHeaderValue("content-type", type));
  } catch (error) {
    throw unsupported("toBody", `the Blob body's type cannot be a content-type: ${(error as Error).message}`);
  }
}

/** Awaits `read`: a rejection (a file that changed, a stream that errors) is `ERR_UNSUPPORTED_BODY`. */
async function readBody<T>(kind: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    return rethrowAs(error, "ERR_UNSUPPORTED_BODY", `toBody: the ${kind} body cannot be read`);
  }
}

/** `FormData` as the environment's `Response` encodes it (multipart), with its boundary's content-type. */
async function serialiseFormData(form: FormData): Promise<{ bytes: Uint8Array; contentType: string }> {
  const response = new Response(form);
  const contentType = response.headers.get("content-type") ?? "";
  // Another implementation's FormData reads as the text "[object FormData]".
  if (!contentType.startsWith("multipart/form-data; boundary=")) {
    throw unsupported(
      "toBody",
      `the FormData body is not one this environment's Response can encode (it got content-type ${quote(contentType)}); ` +
        "use the global FormData",
    );
  }
  return { bytes: new Uint8Array(await response.arrayBuffer()), contentType };
}

/**
 * Request options (from `endpoint()`) as a request every HTTP client sends byte for byte: the body read
 * into bytes, its content-type and exact content-length. Rejects where `toFetch()` throws (docs/adapters.md).
 * @example
 * const { method, url, headers, body } = await toBody(endpoint("POST /issues", { title: "Hi" }));
 * // "POST", "https://api.service.example/issues", { …, "content-length": "14" }, the bytes of '{"title":"Hi"}'
 * await request(url, { method, headers, body }); // undici; node:http, axios, got: docs/adapters.md
 */
export async function toBody(requestOptions: RequestOptions): Promise<SendableRequest> {
  const checked = readRequestOptions("toBody", requestOptions, "absolute-or-path");
  const { method, url, headers } = checked;
  const body = classifyBody("toBody", method, checked.body, headers);

  let bytes: Uint8Array | undefined;
  switch (body.kind) {
    case "text":
      bytes = new TextEncoder().encode(body.text);
      break;
    case "bytes":
      // A copy: axios sends `view.buffer`, a pooled Buffer's neighbours too.
      bytes = bytesOf(body.value).slice();
      break;
    case "blob": {
      const type = blobType(body.value);
      if (contentTypeOf(headers) === undefined && type !== "") headers["content-type"] = checkedType(type);
      // The built-in `arrayBuffer()`, not a subclass's.
      const read = () => Reflect.apply(Blob.prototype.arrayBuffer, body.value, []) as Promise<ArrayBuffer>;
      bytes = new Uint8Array(await readBody("Blob", read));
      break;
    }
    case "form-data": {
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
