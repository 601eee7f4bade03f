import { EndpointError } from "../errors.js";
import { essence } from "../media-type.js";
import { brandOf, isPlainObjectOfAnyRealm } from "../object.js";
import { describeSafely as describe, readSafely } from "./read-safely.js";

/** What an adapter has to send, sorted by how clients take it. */
export type RequestBody =
  | { kind: "none" }
  /** A string, sent as its UTF-8 bytes. */
  | { kind: "text"; text: string }
  /** A plain object, an array or a JSON primitive, already serialised. `addContentType` when the headers name none. */
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

function serialiseJson(adapter: string, body: unknown): string {
  try {
    const text: unknown = JSON.stringify(body);
    if (typeof text === "string") return text;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EndpointError(
      "ERR_UNSUPPORTED_BODY",
      `${adapter}: the JSON body cannot be serialised: ${reason}`,
    );
  }
  throw new EndpointError(
    "ERR_UNSUPPORTED_BODY",
    `${adapter}: the JSON body ${describe(body)} has no JSON text`,
  );
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
  if (body === undefined) return { kind: "none" };
  if (BODILESS_METHODS.has(method)) {
    throw new EndpointError(
      "ERR_UNSUPPORTED_BODY",
      `${adapter}: a ${method} request cannot have a body, got ${describe(body)}`,
    );
  }
  if (typeof body === "string") return { kind: "text", text: body };

  const json = contentType === undefined || isJsonMediaType(contentType);
  if (typeof body === "object" && body !== null) {
    // Both read the object (its brand, its prototype): a revoked Proxy fails here, as an EndpointError.
    const { tag, plain } = readSafely(
      "ERR_UNSUPPORTED_BODY",
      `${adapter}: the body cannot be read (a revoked Proxy, or a Proxy trap that throws)`,
      () => ({ tag: brandOf(body), plain: Array.isArray(body) || isPlainObjectOfAnyRealm(body) }),
    );
    if (tag === "ArrayBuffer" || ArrayBuffer.isView(body)) {
      return { kind: "bytes", value: body as ArrayBuffer | ArrayBufferView };
    }
    if (tag === "Blob" || tag === "File") return { kind: "blob", value: body as Blob };
    if (tag === "FormData") return { kind: "form-data", value: body as FormData };
    if (tag === "URLSearchParams") return { kind: "url-search-params", value: body as URLSearchParams };
    if (tag === "ReadableStream") return { kind: "stream", value: body as ReadableStream };
    if (!plain) {
      throw new EndpointError(
        "ERR_UNSUPPORTED_BODY",
        `${adapter}: cannot send ${describe(body)} as a body; pass a plain object, an array, a string, ` +
          "bytes, a Blob, FormData, URLSearchParams or a ReadableStream",
      );
    }
    if (!json) {
      throw new EndpointError(
        "ERR_UNSUPPORTED_BODY",
        `${adapter}: cannot send ${describe(body)} as content-type ${JSON.stringify(contentType)}; ` +
          "serialise it yourself (for example `new URLSearchParams(object)` for a form) or use a JSON content-type",
      );
    }
    return { kind: "json", text: serialiseJson(adapter, body), addContentType: contentType === undefined };
  }
  // null, numbers, booleans: JSON texts, but only where the caller says the body is JSON.
  if (
    contentType !== undefined &&
    json &&
    (body === null || typeof body === "number" || typeof body === "boolean")
  ) {
    return { kind: "json", text: serialiseJson(adapter, body), addContentType: false };
  }
  throw new EndpointError(
    "ERR_UNSUPPORTED_BODY",
    `${adapter}: cannot send ${describe(body)}` +
      (contentType === undefined
        ? " as a body without a JSON content-type"
        : ` as content-type ${JSON.stringify(contentType)}`) +
      "; pass a string",
  );
}
