/** Public types of service-endpoint. */

/**
 * A route string: `"METHOD url"` (`"POST /repos/{owner}/{repo}/issues"`) or a bare `"url"`, whose
 * method comes from the options, then the defaults (GET unless `.defaults()` changed it).
 */
export type Route = string;

/** An HTTP method. Any RFC 9110 token is accepted; these are the common ones. */
export type Method = "DELETE" | "GET" | "HEAD" | "OPTIONS" | "PATCH" | "POST" | "PUT" | (string & {});

/** A header value: a string or a number (`content-length: 42`). */
export type HeaderValue = string | number;

/**
 * Headers as passed in: any case; an `undefined` value is dropped (the default stands), `null`
 * removes the header, the default one included.
 */
export type HeadersInput = { [name: string]: HeaderValue | null | undefined };

/**
 * Headers as returned: lowercase names. Named `RequestHeaders`, not `Headers`, so that an editor's
 * auto-import never confuses it with the fetch API's `Headers` class.
 */
export type RequestHeaders = { [name: string]: HeaderValue };

/** @internal old name, used inside lib/ */
export type Headers = RequestHeaders;

/** `mediaType` option: amends the accept header (see docs/api.md). */
export interface MediaTypeInput {
  /** A media type format such as `raw`, `diff`, `text+json`. */
  format?: string | undefined;
  /** Names of API previews, with or without a trailing `-preview`. */
  previews?: readonly string[] | undefined;
}

/** `mediaType` after merging. An empty `format` means none. */
export interface MediaType {
  format: string;
  previews: string[];
}

/** `request`: meta information for the HTTP client, returned unchanged. */
export type RequestMeta = { [key: string]: unknown };

/**
 * Options of `endpoint()`, `merge()` and `defaults()`. Every key that is not one of the named
 * ones is a parameter: it fills a url placeholder, or becomes a query parameter (GET, HEAD) or a
 * key of the JSON body (other methods).
 */
export interface EndpointOptions {
  method?: Method | undefined;
  url?: string | undefined;
  baseUrl?: string | undefined;
  headers?: HeadersInput | undefined;
  mediaType?: MediaTypeInput | undefined;
  /** The request body as given, instead of a JSON body built from the parameters. */
  data?: unknown;
  request?: RequestMeta | undefined;
  [parameter: string]: unknown;
}

/** The result of `merge()`: a fresh, mutable object; `url` still holds its placeholders. */
export interface MergedOptions {
  method: string;
  baseUrl: string;
  url?: string;
  headers: RequestHeaders;
  mediaType: MediaType;
  request?: RequestMeta;
  data?: unknown;
  [parameter: string]: unknown;
}

/** What `parse()` accepts: the merged shape, where hand-made objects may leave out method, headers and mediaType. */
export interface ParseInput {
  method?: string | undefined;
  baseUrl?: string | undefined;
  url?: string | undefined;
  headers?: HeadersInput | undefined;
  mediaType?: MediaTypeInput | undefined;
  request?: RequestMeta | undefined;
  data?: unknown;
  [parameter: string]: unknown;
}

/** Makes every nested object and array readonly, as a DEFAULTS snapshot is deep-frozen. */
export type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends (...args: never[]) => unknown
    ? T
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

/** The defaults a builder carries: the merged shape, deep-frozen. */
export type EndpointDefaults = DeepReadonly<MergedOptions>;

/**
 * The request options `endpoint()` and `parse()` return, ready for any HTTP client.
 * Exactly these keys: `body` only when there is one, `request` only when it was given.
 */
export interface RequestOptions {
  /** Always lowercase (`"get"`, `"post"`). */
  method: string;
  /** The full url with placeholders expanded and, for GET and HEAD, the query string. */
  url: string;
  /** Lowercase header names. */
  headers: RequestHeaders;
  body?: unknown;
  request?: RequestMeta;
}
