/** Public types of service-endpoint. */
import type {
  AnyEndpointBuilder,
  EndpointBuilder,
  ProvidedKeysOf,
  RoutesOf,
  TypedDefaults,
} from "./builder/endpoint-builder.js";
import type {
  EndpointCallOptions,
  MergeCallOptions,
  MissingOptions,
  OptionsArgument,
  RouteArgument,
} from "./route-types.js";
import type { QueryContext, QueryParameters } from "./pipeline/types.js";

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

/**
 * The function interface of the specification over a builder `B`: call it for request
 * options, and use `.defaults()`, `.DEFAULTS`, `.merge()` and `.parse()`.
 */
export interface EndpointInterface<B extends AnyEndpointBuilder = EndpointBuilder> {
  /** Route and options → request options (a route of the builder's route map is type-checked). */
  <R extends RouteArgument<RoutesOf<B>>>(
    route: R,
    ...options: OptionsArgument<EndpointCallOptions<RoutesOf<B>, R, ProvidedKeysOf<B>>>
  ): RequestOptions;
  /**
   * Options (with `url`, and `method` unless GET) → request options. A route string reaches this
   * signature only when called without the options it requires (types only): the one signature
   * of one argument, so that the compiler's error is about it and names each missing option.
   * (`${R}`, not `R`: `R` is inferred from a string only, and stays `never` for an options object.)
   */
  <R extends RouteArgument<RoutesOf<B>> = never>(
    options:
      EndpointOptions | (`${R}` & MissingOptions<EndpointCallOptions<RoutesOf<B>, R, ProvidedKeysOf<B>>>),
  ): RequestOptions;
  /** The builder's deep-frozen defaults snapshot. */
  readonly DEFAULTS: B["DEFAULTS"];
  /** A new endpoint function, over `builder.defaults(options)`; its type carries `options`. */
  defaults<D extends EndpointOptions>(options: D): EndpointInterface<B & TypedDefaults<D>>;
  /** Route and options merged over the defaults, not parsed. */
  merge<R extends RouteArgument<RoutesOf<B>>>(
    route: R,
    options?: MergeCallOptions<RoutesOf<B>, R>,
  ): MergedOptions;
  merge(options: EndpointOptions): MergedOptions;
  /** Merged options → request options. */
  parse(options: ParseInput): RequestOptions;
}

/**
 * How a list is written, by OpenAPI's names (`style` and `explode` of a query parameter) and the
 * two bracket forms servers read (Rails, PHP, qs): for `ids: [1, 2]`,
 * `"form"` `ids=1,2` (RFC 6570, the default), `"repeat"` `ids=1&ids=2`,
 * `"brackets"` `ids%5B%5D=1&ids%5B%5D=2`, `"indices"` `ids%5B0%5D=1&ids%5B1%5D=2`,
 * `"spaceDelimited"` `ids=1%202`, `"pipeDelimited"` `ids=1%7C2`.
 */
export type ArrayStyle = "form" | "repeat" | "brackets" | "indices" | "spaceDelimited" | "pipeDelimited";

/**
 * How a plain object is written: for `filter: { status: "open", type: "bug" }`, `"form"`
 * `filter=status,open,type,bug` (RFC 6570, the default), `"explode"` `status=open&type=bug`,
 * `"deepObject"` `filter%5Bstatus%5D=open&filter%5Btype%5D=bug` (nested objects recursively).
 */
export type ObjectStyle = "form" | "explode" | "deepObject";

/** The options of `querySerializer()`; each style defaults to `"form"`. */
export interface QuerySerializerOptions {
  readonly array?: ArrayStyle | undefined;
  readonly object?: ObjectStyle | undefined;
}

/** A query serializer: the signature of `EndpointBuilder.serializeQuery`. */
export type QuerySerializer = (parameters: QueryParameters, context?: QueryContext) => string;
