import { EndpointError, quote } from "../errors.js";
import { essence } from "../media-type.js";
import { brandOf, hasOwn, isPlainObject, isUrlSearchParams } from "../object.js";
import { describeSafely as describe, readSafely } from "./read-safely.js";

/** What an adapter has to send, sorted by how clients take it. */
export type RequestBody =
  | { kind: "none" }
  /** A string, sent as its UTF-8 bytes. */
  | { kind: "text"; text: string }
  /** A plain object, an array, a number or a boolean, already serialised. `addContentType` when the headers name none. */
  | { kind: "json"; text: string; addContentType: boolean }
  | { kind: "bytes"; value: ArrayBuffer | ArrayBufferView }
  | { kind: "blob"; value: Blob }
  | { kind: "form-data"; value: FormData }
  | { kind: "url-search-params"; value: URLSearchParams }
  | { kind: "stream"; value: ReadableStream };

/** Methods that send a zero-length body when they have nothing to send (fetch sends `content-length: 0` only for two of them). */
const EMPTY_BODY_METHODS: ReadonlySet<string> = new Set(["PATCH", "POST", "PUT"]);

/** Methods that can never carry a body (fetch throws; HTTP gives such a body no meaning, RFC 9110 §9.3.1). */
const BODILESS_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

/** `true` when a PATCH, POST or PUT without body should still send a zero-length one. */
export function sendsEmptyBody(method: string): boolean {
  return EMPTY_BODY_METHODS.has(method);
}

/**
 * A media type whose subtype names JSON: `application/json`, every `+json` structured syntax
 * suffix (RFC 6839 §3.1: `application/vnd.api+json`, `application/merge-patch+json`) and vendor
 * types that put `json` elsewhere in the subtype (AWS's `application/x-amz-json-1.1`).
 *
 * @example
 * isJsonMediaType("application/x-amz-json-1.1"); // true
 * isJsonMediaType("text/plain; charset=json"); // false: a parameter is not the subtype
 */
export function isJsonMediaType(contentType: string): boolean {
  // RFC 9110 §8.3.1: media-type = type "/" subtype parameters.
  const type = essence(contentType);
  const slash = type.indexOf("/");
  return slash > 0 && type.includes("json", slash + 1);
}

/**
 * What a `toJSON()` or a getter threw, for a message: an Error's message, a primitive as text,
 * anything else by its type. Looking at a thrown value can throw again (`String()` of an object
 * without prototype, `instanceof` on a revoked Proxy), so nothing here is trusted.
 */
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

function serialiseJson(adapter: string, body: unknown): string {
  try {
    const text: unknown = JSON.stringify(body);
    if (typeof text === "string") return text;
  } catch (error) {
    throw new EndpointError(
      "ERR_UNSUPPORTED_BODY",
      `${adapter}: the JSON body cannot be serialised: ${thrownReason(error)}`,
      { cause: error },
    );
  }
  throw new EndpointError(
    "ERR_UNSUPPORTED_BODY",
    `${adapter}: the JSON body ${describe(body)} has no JSON text`,
  );
}

/** Does the getter `name` of one of this realm's built-in prototypes accept `value` as its `this`? */
function getterAccepts(prototype: object, name: string, value: object): boolean {
  const get = Object.getOwnPropertyDescriptor(prototype, name)?.get;
  try {
    return get !== undefined && (get.call(value), true);
  } catch {
    return false;
  }
}

/**
 * The getter `name` of a built-in prototype, called on `value`: what the internal slots hold,
 * whatever own property or subclass getter of that name `value` has (fetch and curl read the
 * slots too). `value` must have the slots: the kind check passed.
 */
export function builtInGetter(prototype: object, name: PropertyKey, value: object): unknown {
  const get = Object.getOwnPropertyDescriptor(prototype, name)?.get;
  return get === undefined ? undefined : Reflect.apply(get, value, []);
}

/** `%TypedArray%.prototype` (ECMAScript §23.2.3), which holds the getters of every typed array. */
export function typedArrayPrototype(): object {
  return Object.getPrototypeOf(Uint8Array.prototype) as object;
}

/**
 * The prototype whose `buffer`, `byteOffset` and `byteLength` getters read `view`'s slots. Told by
 * `buffer`, which any DataView answers (ECMAScript §25.3.4.1): `byteLength` throws for a detached
 * or out-of-bounds one, which then went to the typed-array getters and their TypeError.
 */
function viewPrototype(view: ArrayBufferView): object {
  return getterAccepts(DataView.prototype, "buffer", view) ? DataView.prototype : typedArrayPrototype();
}

/**
 * The bytes of a view or an `ArrayBuffer`, as a `Uint8Array` over the same memory, read through
 * the built-in getters (ECMAScript §23.2.3.2–4, §25.3.4.1–3): a view's own `buffer`, `byteOffset`
 * or `byteLength` property is not what fetch sends, and a lying one would make other bytes, or a
 * RangeError.
 */
export function bytesOf(value: ArrayBuffer | ArrayBufferView): Uint8Array {
  if (!ArrayBuffer.isView(value)) return new Uint8Array(value);
  const prototype = viewPrototype(value);
  return new Uint8Array(
    builtInGetter(prototype, "buffer", value) as ArrayBuffer,
    builtInGetter(prototype, "byteOffset", value) as number,
    builtInGetter(prototype, "byteLength", value) as number,
  );
}

/** The text of URLSearchParams as fetch serialises them (URL §5.2), not what an override of `toString()` says. */
export function urlSearchParamsText(value: URLSearchParams): string {
  return Reflect.apply(URLSearchParams.prototype.toString, value, []) as string;
}

/** A Blob's `type` as its internal slot holds it, what fetch sends (File API §3.2). */
export function blobType(value: Blob): string {
  return builtInGetter(Blob.prototype, "type", value) as string;
}

/**
 * A plain Blob over the same data with the type of `value`'s internal slot (`Blob.prototype.slice`,
 * no copy): Node's fetch reads a Blob's `type` and bytes through members a subclass can override.
 */
export function plainBlob(value: Blob): Blob {
  return Reflect.apply(Blob.prototype.slice, value, [0, undefined, blobType(value)]) as Blob;
}

/** A Blob's bytes, read by the built-in `arrayBuffer()`, not a subclass's. */
export function blobBytes(value: Blob): Promise<ArrayBuffer> {
  return Reflect.apply(Blob.prototype.arrayBuffer, value, []) as Promise<ArrayBuffer>;
}

/**
 * What makes the buffer under `value` one no client sends as it is, or `undefined`: fetch refuses
 * a SharedArrayBuffer and a resizable ArrayBuffer (WebIDL BufferSource has neither [AllowShared]
 * nor [AllowResizable]), and a detached one has no bytes (curl sent zero, toBody threw).
 */
function bufferFault(value: ArrayBuffer | ArrayBufferView): string | undefined {
  const view = ArrayBuffer.isView(value);
  const buffer = (view ? builtInGetter(viewPrototype(value), "buffer", value) : value) as object;
  const of = view ? "a view of " : "";
  const refused = "which fetch refuses; copy the bytes into a new Uint8Array first";
  // The ArrayBuffer getter refuses a SharedArrayBuffer (ECMAScript §25.1.6.1, IsSharedArrayBuffer).
  if (!getterAccepts(ArrayBuffer.prototype, "byteLength", buffer))
    return `${of}a SharedArrayBuffer, ${refused}`;
  // (No `resizable` getter before ES2024: there are no resizable buffers either.)
  if (builtInGetter(ArrayBuffer.prototype, "resizable", buffer) === true)
    return `${of}a resizable ArrayBuffer, ${refused}`;
  try {
    // ECMAScript §23.2.5.1.3 InitializeTypedArrayFromArrayBuffer: a detached buffer is a TypeError.
    new Uint8Array(buffer as ArrayBuffer, 0, 0);
  } catch {
    return `${of}a detached ArrayBuffer (transferred away), which has no bytes left to send`;
  }
  return undefined;
}

/** Does `method` of one of this realm's built-in prototypes accept `value` as its `this`? */
function methodAccepts(method: (this: object, name: string) => unknown, value: object): boolean {
  try {
    method.call(value, "");
    return true;
  } catch {
    return false;
  }
}

/** A Blob or a File of any realm (the File API's `size` getter checks the Blob's internal slots). */
function isBlob(value: object): boolean {
  return typeof Blob === "function" && getterAccepts(Blob.prototype, "size", value);
}

type BuiltInKind = "bytes" | "blob" | "form-data" | "url-search-params" | "stream";

/**
 * For each built-in a body may claim to be by its `Symbol.toStringTag`, which any object can set:
 * the kind it is sent as, and the check that it is one. Each check calls a getter or method of
 * this realm's prototype, whose first step throws for an object without the built-in's internal
 * slots (ECMAScript §25.1.6.1 RequireInternalSlot(O, [[ArrayBufferData]]), which also refuses a
 * SharedArrayBuffer; WebIDL's "implements" check, https://webidl.spec.whatwg.org/#dfn-attribute-getter):
 * a fake fails it, and the same built-in of another realm (an iframe's, a vm context's) passes it,
 * where `instanceof` would fail. In a runtime without the global, nothing passes.
 */
const BUILT_IN_BODIES: Readonly<
  Record<string, readonly [kind: BuiltInKind, check: (value: object) => boolean]>
> = {
  ArrayBuffer: ["bytes", (value) => getterAccepts(ArrayBuffer.prototype, "byteLength", value)],
  Blob: ["blob", isBlob],
  File: ["blob", isBlob], // a File is a Blob (File API §4)
  FormData: [
    "form-data",
    (value) => typeof FormData === "function" && methodAccepts(FormData.prototype.has, value),
  ],
  URLSearchParams: ["url-search-params", isUrlSearchParams],
  ReadableStream: [
    "stream",
    (value) =>
      typeof ReadableStream === "function" && getterAccepts(ReadableStream.prototype, "locked", value),
  ],
};

/**
 * The body as one of the built-ins a client sends (bytes, a Blob, FormData, URLSearchParams, a
 * ReadableStream), or `undefined`: an object that only claims a brand by its `Symbol.toStringTag`
 * fails that built-in's own check, and is no body.
 */
function builtInBody(adapter: string, body: object): RequestBody | undefined {
  // Every typed array and DataView, of any realm: ArrayBuffer.isView reads the internal slot.
  if (ArrayBuffer.isView(body)) return checkedBytes(adapter, body);
  // The brand only chooses the one check to make; reading it runs a Proxy's traps.
  const tag = readSafely(
    "ERR_UNSUPPORTED_BODY",
    `${adapter}: the body cannot be read (a revoked Proxy, or a Proxy trap that throws)`,
    () => brandOf(body),
  );
  const row = hasOwn(BUILT_IN_BODIES, tag) ? BUILT_IN_BODIES[tag] : undefined;
  if (row === undefined || !row[1](body)) return undefined;
  // The check passed: `body` has the internal slots of the built-in its row names.
  if (row[0] === "bytes") return checkedBytes(adapter, body as ArrayBuffer);
  return { kind: row[0], value: body } as RequestBody;
}

/** Bytes as a `bytes` body, or `ERR_UNSUPPORTED_BODY` for a buffer no client sends as it is. */
function checkedBytes(adapter: string, value: ArrayBuffer | ArrayBufferView): RequestBody {
  const fault = bufferFault(value);
  if (fault === undefined) return { kind: "bytes", value };
  throw new EndpointError("ERR_UNSUPPORTED_BODY", `${adapter}: the body (${describe(value)}) is ${fault}`);
}

/**
 * Sorts `body` into one of the `RequestBody` kinds, or throws `ERR_UNSUPPORTED_BODY` when no client
 * could send it as the headers describe it.
 *
 * @param adapter   name used in error messages (`"toFetch"`)
 * @param method    uppercase method
 * @param body      `requestOptions.body`
 * @param contentType the request's `content-type` header, if any
 */
export function classifyBody(
  adapter: string,
  method: string,
  body: unknown,
  contentType: string | undefined,
): RequestBody {
  // `null` is no body, as for fetch (`body: null`), undici, node:http and axios: `endpoint()`
  // returns it for `data: null` (the body as given), and it has nothing to send.
  if (body === undefined || body === null) return { kind: "none" };
  if (BODILESS_METHODS.has(method)) {
    throw new EndpointError(
      "ERR_UNSUPPORTED_BODY",
      `${adapter}: a ${method} request cannot have a body, got ${describe(body)}`,
    );
  }
  if (typeof body === "string") return { kind: "text", text: body };

  const json = contentType === undefined || isJsonMediaType(contentType);
  if (typeof body === "object" && body !== null) {
    // A plain object or an array is JSON whatever `Symbol.toStringTag` it carries; it is the
    // common body, so it is answered before any brand is read.
    const plain = readSafely(
      "ERR_UNSUPPORTED_BODY",
      `${adapter}: the body cannot be read (a revoked Proxy, or a Proxy trap that throws)`,
      () => Array.isArray(body) || isPlainObject(body),
    );
    if (!plain) {
      const builtIn = builtInBody(adapter, body);
      if (builtIn !== undefined) return builtIn;
      throw new EndpointError(
        "ERR_UNSUPPORTED_BODY",
        `${adapter}: cannot send ${describe(body)} as a body; pass a plain object, an array, a string, ` +
          "bytes, a Blob, FormData, URLSearchParams or a ReadableStream",
      );
    }
    if (!json) {
      throw new EndpointError(
        "ERR_UNSUPPORTED_BODY",
        `${adapter}: cannot send ${describe(body)} as content-type ${quote(contentType)}; ` +
          "serialise it yourself (for example `new URLSearchParams(object)` for a form) or use a JSON content-type",
      );
    }
    return { kind: "json", text: serialiseJson(adapter, body), addContentType: contentType === undefined };
  }
  // Numbers and booleans: JSON texts, but only where the caller says the body is JSON.
  if (contentType !== undefined && json && (typeof body === "number" || typeof body === "boolean")) {
    return { kind: "json", text: serialiseJson(adapter, body), addContentType: false };
  }
  throw new EndpointError(
    "ERR_UNSUPPORTED_BODY",
    `${adapter}: cannot send ${describe(body)}` +
      (contentType === undefined
        ? " as a body without a JSON content-type"
        : ` as content-type ${quote(contentType)}`) +
      "; pass a string",
  );
}
