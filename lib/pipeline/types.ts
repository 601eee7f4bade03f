// The shapes the stages of the pipeline hand each other (docs/design/architecture.md), types only.
import type { BoundedCache } from "../bounded-cache.js";
import type { ParsedRoute } from "../route.js";
import type {
  EndpointDefaults,
  Headers,
  HeadersInput,
  MediaType,
  MediaTypeInput,
  RequestMeta,
} from "../types.js";
import type { UriTemplate } from "../uri-template/index.js";

/**
 * Parameters that fill no url variable, in merged order, flat: `[key, value, key, value, …]`
 * (keys at even indexes). Pairs are made only for an overriding `serializeQuery()`.
 */
export type FlatParameters = unknown[];

/** Expands from slots, or answers `undefined` where a check of the url would have work to do. */
export type SlotExpander = (values: readonly unknown[]) => string | undefined;

/**
 * What the pipeline needs to know about one url, worked out once. Values are read by slot:
 * `values[i]` is the value of `template.variableNames[i]`.
 */
export interface CompiledUrl {
  /** The url as given (`:name` form included). */
  readonly url: string;
  /** The url with `:name` turned into `{name}`, compiled (parseTemplate's copy once cached). */
  readonly template: UriTemplate;
  /** Kept in the cache (a url's second use): worth a route plan of its own. */
  readonly cached: boolean;
  /** Roughly the bytes it keeps: for the caches that hold it. */
  readonly weight: number;
  readonly expand: (values: readonly unknown[]) => string;
  /**
   * The fast path of a url of literals and `{name}` expressions whose literals hold no "." or
   * "%": the expansion (literals encoded once) when every value is a string or a finite number
   * that passes the checks as it is written (RFC 6570 §3.2.2: pct-encoded but for unreserved
   * characters), scanned for dot segments when a value may make one with its neighbours; else
   * `undefined` (and the url takes `checkedExpansion`).
   */
  readonly expandChecked: SlotExpander | undefined;
  readonly slotOf: ReadonlyMap<string, number>;
  /** A few variable names by slot, internalized: `slotOf()` compares them with `===` (none when many). */
  readonly names: readonly string[];
  /** The slots of the path placeholders that must have a value (CONTRACT.md, "parse()"). */
  readonly requiredSlots: readonly number[];
  /** Runs of those that make a whole path segment on their own (`/{x}/`, `/{x}{y}/`). */
  readonly wholeSegments: readonly (readonly number[])[];
  /**
   * The slots whose values alone can make a dot segment (`~slot` where the operator keeps "%"
   * and "/" or has a prefix); `undefined` when a literal can, and every expansion is scanned.
   */
  readonly dotSlots: readonly number[] | undefined;
  /** Where a dot segment could start: after a literal `scheme://authority`. */
  readonly pathStart: number;
  /** A value may write some of an absolute url's authority (see `assertAuthorityKept`). */
  readonly checksAuthority: boolean;
  /** The template starts with "/": every expansion is a path. */
  readonly isPath: boolean;
  /** The template starts with a literal `scheme://authority/` that parses: always a valid absolute url. */
  readonly isValidAbsolute: boolean;
  /** An expansion may hold "?" or "#" (else a query is appended without a scan). */
  readonly mayHaveQueryOrFragment: boolean;
  /** The names in the literal query of the url (`/x?page=2` → `page`), decoded. */
  readonly literalQueryNames: ReadonlySet<string>;
}

/** What the query serializer of a builder is told about the request besides its parameters. */
export interface QueryContext {
  /** The method as merged (`"GET"`). */
  readonly method: string;
  /** The url template as merged, placeholders intact (`"/repos/{owner}/{repo}/issues"`). */
  readonly url: string;
}

/** The leftover parameters of a request, in merged order. */
export type QueryParameters = ReadonlyArray<readonly [string, unknown]>;

/** What a builder decides for a request: the subclass extension points (CONTRACT.md). */
export interface RequestPolicy {
  serializeQuery(parameters: QueryParameters, context: QueryContext): string;
  allowsAbsoluteUrl(url: string): boolean;
  /** Its own base url: a request whose base url differs needs `allowsAbsoluteUrl`. */
  readonly DEFAULTS: { readonly baseUrl: string };
}

/** One request, merged: what `endpoint()` filled from its plan, or what `parse()` read. */
export interface MergedRequest {
  /** As merged, a valid token. */
  readonly method: string;
  readonly baseUrl: unknown;
  /** `baseUrl` passed `validateBaseUrl` already. */
  readonly baseUrlChecked?: boolean;
  /** Made for this call: changed and returned as the request's headers. */
  readonly headers: Headers;
  readonly format: string;
  readonly previews: readonly string[];
  /** The value of each url variable by slot (`undefined` when none), owned by this call. */
  readonly slots: unknown[];
  /** The other parameters in merged order, for the query or the body (`undefined` when none). */
  readonly leftover: FlatParameters | undefined;
  /** May `leftover` hold parts a snapshot froze? A call's own values never do (`readLevel` copies them). */
  readonly leftoverHoldsFrozen: boolean;
  /** Tells a `data` of `undefined` from none. */
  readonly hasData: boolean;
  readonly data: unknown;
  readonly request: RequestMeta | undefined;
}

/**
 * One level of options (a call's, or a `.defaults()` layer), checked and read once. Own keys
 * only; a plain object value is copied without its `undefined` members.
 */
export interface Level {
  method: string | undefined;
  url: string | undefined;
  baseUrl: string | undefined;
  /** Lowercase names; read over earlier headers, merged with them already. */
  headers: Readonly<HeadersInput> | undefined;
  mediaType: MediaTypeInput | undefined;
  request: RequestMeta | undefined;
  /** `hasData` tells a `data` of `undefined` from none. */
  data: unknown;
  hasData: boolean;
  /** With a route plan: the parameters of the url's variables, by slot. */
  slots: unknown[] | undefined;
  /**
   * The other parameters in order, flat (`undefined` when none); for merge() and defaults(),
   * every option given, in order, the route's method and url first.
   */
  entries: FlatParameters | undefined;
}

/** What the library knows of a DEFAULTS snapshot it made. */
export interface SnapshotPlan {
  readonly defaults: EndpointDefaults;
  /** The default parameters (every key but the reserved ones), in order, flat. */
  readonly parameters: FlatParameters;
  /** The class whose `.defaults()` made the snapshot: its constructor takes it as it is. */
  madeFor?: unknown;
  /** The plans of its routes, in the one cache of route plans. */
  routes?: BoundedCache<RoutePlan>;
  /** The plans of the urls of calls with an options object, in the same cache. */
  urls?: BoundedCache<RoutePlan>;
  /** The route string of the last plan found, and that plan: a builder often repeats a call. */
  lastRoute?: string;
  lastPlan?: RoutePlan;
}

/**
 * What a route decides over a snapshot, worked out once: the url compiled, the defaults' headers
 * with their accept header rewritten for their media type, and the default parameters split into
 * the url's slots and the leftover ones.
 */
export interface RoutePlan {
  /** The route string split (`undefined` for a call with an options object). */
  readonly parsed: ParsedRoute | undefined;
  readonly compiled: CompiledUrl;
  /** The defaults' method, base url, headers and media type. */
  readonly method: string;
  readonly baseUrl: string;
  readonly headers: Readonly<Headers>;
  readonly mediaType: MediaType;
  /** The defaults' headers, as they are when the call adds no header and no media type. */
  readonly acceptedHeaders: Readonly<Headers>;
  /** The same for a body of each content-type `bodyContentType` gives, made on first use (`bodyHeaders`). */
  readonly bodyHeaders: Record<string, Readonly<Headers> | undefined>;
  /** The defaults' base url, checked once: `undefined` when it fails (each call then says why). */
  readonly checkedBaseUrl: string | undefined;
  readonly request: RequestMeta | undefined;
  readonly hasData: boolean;
  readonly data: unknown;
  /** The default parameters by slot of the url's variables (`undefined` where none). */
  readonly slots: readonly unknown[];
  readonly hasSlots: boolean;
  /** The other default parameters, flat, and the index of each key in it. */
  readonly leftover: FlatParameters;
  /** Does `leftover` hold a part the snapshot froze (which a body copies for each call)? */
  readonly leftoverHoldsFrozen: boolean;
  readonly leftoverIndex: ReadonlyMap<string, number>;
}
