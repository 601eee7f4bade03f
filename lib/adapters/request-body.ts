import { EndpointError, describe, quote } from "../errors.js";
import { FORM_CONTENT_TYPE, JSON_CONTENT_TYPE, essence } from "../media-type.js";
import { contentTypeOf } from "./outgoing-headers.js";
import { brandOf, hasOwn, isPlainObject } from "../object.js";
import { PROXY, readSafely } from "./read-safely.js";

/** What an adapter has to send, sorted by how clients take it. */
type RequestBody =
  /** No body, and no bytes either: a PATCH, POST or PUT without body has zero `bytes`. */
  | { kind: "none" }
  /** A string, URLSearchParams' text, or JSON text of an object, array, number or boolean: UTF-8. */
  | { kind: "text"; text: string }
  | { kind: "bytes"; value: ArrayBuffer | ArrayBufferView }
  | { kind: "blob"; value: Blob }
  | { kind: "form-data"; value: FormData }
  | { kind: "stream"; value: ReadableStream };

/** A media type whose subtype (RFC 9110 §8.3.1) names JSON: `application/json`, `+json`, `x-amz-json-1.1`. */
function isJsonMediaType(contentType: string): boolean {
  const type = essence(contentType);
  const slash = type.indexOf("/");
  return slash > 0 && type.includes("json", slash + 1);
}

/** What a `toJSON()` or a getter threw, for a message; looking at it may throw again (a revoked Proxy). */
function thrownReason(error: unknown): string {
  try {
    if (typeof error !== "object" || error === null)
      return typeof error === "string" ? quote(error).slice(1, -1) : String(error);
    const message: unknown = error instanceof Error ? error.message : undefined;
    // (Escaped and cut as a quote is, without the quotes: the text is what was thrown.)
    if (typeof message === "string") return quote(message).slice(1, -1);
  } catch {
    // Described below, by type only.
  }
  return `${describe(error)} was thrown`;
}

export function unsupported(adapter: string, reason: string, cause?: { cause: unknown }): EndpointError {
  return new EndpointError("ERR_UNSUPPORTED_BODY", `${adapter}: ${reason}`, cause);
}

function serialiseJson(adapter: string, body: unknown): string {
  try {
    const text: unknown = JSON.stringify(body);
    if (typeof text === "string") return text;
  } catch (error) {
    throw unsupported(adapter, `the JSON body cannot be serialised: ${thrownReason(error)}`, {
      cause: error,
    });
  }
  throw unsupported(adapter, `the JSON body ${describe(body)} has no JSON text`);
}

/** Runs `read` on the body: a revoked Proxy or a throwing trap is `ERR_UNSUPPORTED_BODY`. */
function readBody<T>(adapter: string, read: () => T): T {
  return readSafely("ERR_UNSUPPORTED_BODY", `${adapter}: the body`, read, PROXY);
}

/** Has `value` the slots this realm's built-in getter or method `name` reads (a value of any realm)? */
function builtInAccepts(prototype: object | undefined, name: string, value: object): boolean {
  try {
    const member = Object.getOwnPropertyDescriptor(prototype, name)!;
    Reflect.apply((member.get ?? member.value) as () => unknown, value, [""]);
    return true;
  } catch {
    return false;
  }
}

/** The built-in getter `name` called on `value`: what its internal slots hold, whatever it overrides. */
export function builtInGetter(prototype: object, name: PropertyKey, value: object): unknown {
  const get = Object.getOwnPropertyDescriptor(prototype, name)?.get;
  return get === undefined ? undefined : Reflect.apply(get, value, []);
}

/** `%TypedArray%.prototype` (ECMAScript §23.2.3), with the getters of every typed array. */
export function typedArrayPrototype(): object {
  return Object.getPrototypeOf(Uint8Array.prototype) as object;
}

// The prototype whose getters read `view`'s slots; told by `buffer`, which even a detached DataView answers.
function viewPrototype(view: ArrayBufferView): object {
  return builtInAccepts(DataView.prototype, "buffer", view) ? DataView.prototype : typedArrayPrototype();
}

/** The bytes of a view or ArrayBuffer: a `Uint8Array` over the same memory, read by the built-in getters. */
export function bytesOf(value: ArrayBuffer | ArrayBufferView): Uint8Array {
  if (!ArrayBuffer.isView(value)) return new Uint8Array(value);
  const prototype = viewPrototype(value);
  return new Uint8Array(
    builtInGetter(prototype, "buffer", value) as ArrayBuffer,
    builtInGetter(prototype, "byteOffset", value) as number,
    builtInGetter(prototype, "byteLength", value) as number,
  );
}

/** A Blob's `type` as its internal slot holds it, what fetch sends (File API §3.2). */
export function blobType(value: Blob): string {
  return builtInGetter(Blob.prototype, "type", value) as string;
}

/** A plain Blob over the same data and type (no copy): Node's fetch reads members a subclass overrides. */
export function plainBlob(value: Blob): Blob {
  return Reflect.apply(Blob.prototype.slice, value, [0, undefined, blobType(value)]) as Blob;
}

/** Why no client sends `value`'s buffer as it is (WebIDL BufferSource refuses these), or `undefined`. */
function bufferFault(value: ArrayBuffer | ArrayBufferView): string | undefined {
  const view = ArrayBuffer.isView(value);
  const buffer = (view ? builtInGetter(viewPrototype(value), "buffer", value) : value) as object;
  const of = view ? "a view of " : "";
  const refused = "which fetch refuses; copy the bytes into a new Uint8Array first";
  if (!builtInAccepts(ArrayBuffer.prototype, "byteLength", buffer))
    return `${of}a SharedArrayBuffer, ${refused}`;
  if (builtInGetter(ArrayBuffer.prototype, "resizable", buffer) === true)
    return `${of}a resizable ArrayBuffer, ${refused}`;
  try {
    new Uint8Array(buffer as ArrayBuffer, 0, 0);
  } catch {
    return `${of}a detached ArrayBuffer (transferred away), which has no bytes left to send`;
  }
  return undefined;
}

type BuiltInKind = "bytes" | "blob" | "form-data" | "url-search-params" | "stream";

/** Per claimed brand: its kind and the built-in member that must take it (`instanceof` is per realm). */
const BUILT_IN_BODIES: Readonly<Record<string, readonly [BuiltInKind, string, string]>> = {
  ArrayBuffer: ["bytes", "ArrayBuffer", "byteLength"],
  Blob: ["blob", "Blob", "size"],
  File: ["blob", "Blob", "size"], // a File is a Blob (File API §4)
  FormData: ["form-data", "FormData", "has"],
  URLSearchParams: ["url-search-params", "URLSearchParams", "has"],
  ReadableStream: ["stream", "ReadableStream", "locked"],
};

/** The body as one of the built-ins a client sends, or `undefined` (a brand only claimed is no body). */
function builtInBody(adapter: string, body: object): RequestBody | undefined {
  if (ArrayBuffer.isView(body)) return checkedBytes(adapter, body);
  const tag = readBody(adapter, () => brandOf(body));
  if (!hasOwn(BUILT_IN_BODIES, tag)) return undefined;
  const [kind, constructor, member] = BUILT_IN_BODIES[tag]!;
  const globals = globalThis as unknown as Record<string, { prototype?: object } | undefined>;
  if (!builtInAccepts(globals[constructor]?.prototype, member, body)) return undefined;
  if (kind === "bytes") return checkedBytes(adapter, body as ArrayBuffer);
  // As fetch serialises them (URL §5.2), whatever an override of `toString()` says.
  if (kind === "url-search-params") {
    return { kind: "text", text: Reflect.apply(URLSearchParams.prototype.toString, body, []) as string };
  }
  return { kind, value: body } as RequestBody;
}

/** Bytes as a `bytes` body, or `ERR_UNSUPPORTED_BODY` for a buffer no client sends as it is. */
function checkedBytes(adapter: string, value: ArrayBuffer | ArrayBufferView): RequestBody {
  const fault = bufferFault(value);
  if (fault === undefined) return { kind: "bytes", value };
  throw unsupported(adapter, `the body (${describe(value)}) is ${fault}`);
}

/**
 * Sorts `body` into a `RequestBody` kind, or throws `ERR_UNSUPPORTED_BODY` when no client could send
 * it so; adds the content-type fetch would add for JSON and URLSearchParams to `headers` without one.
 */
export function classifyBody(
  adapter: string,
  method: string,
  body: unknown,
  headers: Record<string, string>,
): RequestBody {
  const contentType = contentTypeOf(headers);
  // `null` is no body, as for fetch, undici, node:http and axios (`endpoint()` gives it for `data: null`).
  if (body === undefined || body === null) {
    // A PATCH, POST or PUT sends zero bytes (as fetch does for two of them); bytes, not "", for
    // fetch, which adds `content-type: text/plain` to a string.
    const sendsEmpty = method === "PATCH" || method === "POST" || method === "PUT";
    return sendsEmpty ? { kind: "bytes", value: new Uint8Array(0) } : { kind: "none" };
  }
  // fetch throws for a GET or HEAD body; HTTP gives it no meaning (RFC 9110 §9.3.1).
  if (method === "GET" || method === "HEAD") {
    throw unsupported(adapter, `a ${method} request cannot have a body, got ${describe(body)}`);
  }
  if (typeof body === "string") return { kind: "text", text: body };

  const json = contentType === undefined || isJsonMediaType(contentType);
  if (typeof body === "object") {
    // JSON whatever `Symbol.toStringTag` it carries.
    if (!readBody(adapter, () => Array.isArray(body) || isPlainObject(body))) {
      const builtIn = builtInBody(adapter, body);
      // URLSearchParams, the one built-in read as text, is a form to fetch.
      if (builtIn?.kind === "text" && contentType === undefined) headers["content-type"] = FORM_CONTENT_TYPE;
      if (builtIn !== undefined) return builtIn;
      throw unsupported(
        adapter,
        `cannot send ${describe(body)} as a body; pass a plain object, an array, a string, ` +
          "bytes, a Blob, FormData, URLSearchParams or a ReadableStream",
      );
    }
    if (!json) {
      throw unsupported(
        adapter,
        `cannot send ${describe(body)} as content-type ${quote(contentType)}; ` +
          "serialise it yourself (for example `new URLSearchParams(object)` for a form) or use a JSON content-type",
      );
    }
    const text = serialiseJson(adapter, body);
    if (contentType === undefined) headers["content-type"] = JSON_CONTENT_TYPE;
    return { kind: "text", text };
  }
  // Numbers and booleans: JSON texts, but only where the caller says the body is JSON.
  if (contentType !== undefined && json && (typeof body === "number" || typeof body === "boolean")) {
    return { kind: "text", text: serialiseJson(adapter, body) };
  }
  const as =
    contentType === undefined ? "a body without a JSON content-type" : `content-type ${quote(contentType)}`;
  throw unsupported(adapter, `cannot send ${describe(body)} as ${as}; pass a string`);
}
