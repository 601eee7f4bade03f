import {
  TRUSTED_SERIALIZERS,
  buildRequest,
  isBodyMethod,
  lowerCaseMethod,
  placeParameters,
} from "./build-request.js";
import type { FlatParameters, QueryContext, QueryParameters, RequestPolicy } from "./build-request.js";
import { CACHE_SIZE, CACHE_WEIGHT, boundedCache } from "./bounded-cache.js";
import type { BoundedCache } from "./bounded-cache.js";
import { compileUrl } from "./compiled-url.js";
import type { CompiledUrl } from "./compiled-url.js";
import { LIBRARY_DEFAULTS } from "./defaults.js";
import { JSON_CONTENT_TYPE, mergeMediaType } from "./media-type.js";
import { mergeLevels, mergeValue, thaw } from "./merge.js";
import { normalizeDefaults, readLevel } from "./normalize.js";
import { cloneDeep, copyTree, freezeOwn, hasOwn, isLibraryFrozen, own, setOwn } from "./object.js";
import { checkUrl, parse } from "./parse.js";
import { isReservedKey } from "./reserved-keys.js";
import { recent, recentValue, remember } from "./recent.js";
import type { Recent } from "./recent.js";
import { parseRoute } from "./route.js";
import type { ParsedRoute } from "./route.js";
import type {
  EndpointCallOptions,
  MergeCallOptions,
  NoDefaults,
  NoRoutes,
  MissingOptions,
  OptionsArgument,
  ProvidedKeys,
  RouteArgument,
} from "./route-types.js";
import type {
  DeepReadonly,
  EndpointDefaults,
  EndpointOptions,
  Headers,
  MediaType,
  MergedOptions,
  ParseInput,
  RequestMeta,
  RequestOptions,
  Route,
} from "./types.js";
import { formQuery } from "./uri-template/index.js";
import { EndpointError, describe, rethrowAtBoundary } from "./errors.js";

/** What a snapshot's calls need and the snapshot alone decides, worked out once. */
interface SnapshotPlan {
  /** The default parameters' keys (none reserved), in order, and their values. */
  readonly parameterKeys: readonly string[];
  readonly parameterValues: readonly unknown[];
  /**
   * The rest, worked out on the first `endpoint()` call over the snapshot: a builder that
   * `.defaults()` makes only to make another pays nothing for it.
   */
  calls: SnapshotCalls | undefined;
  /**
   * The class whose `.defaults()` made the snapshot, for the constructor it calls: only that
   * class's constructor takes the snapshot as it is under its own layers.
   */
  madeFor?: unknown;
}

/** What `endpoint()` reads of a snapshot on every call. */
interface SnapshotCalls {
  /**
   * The snapshot's headers, as an unfrozen object that nobody changes: what each call copies (a
   * spread of it costs a third of a spread of the frozen one).
   */
  readonly headers: Headers;
  /**
   * What every call reads of the snapshot, read once: snapshots have as many shapes as their
   * apps have defaults, and this object has one (a call reads them monomorphically).
   */
  readonly frozenHeaders: Headers;
  /**
   * The headers with the JSON content-type after them, as buildRequest() adds it to the JSON body
   * of the leftover parameters; `undefined` when the headers have a content-type (none is added).
   */
  readonly jsonHeaders: Headers | undefined;
  readonly method: string;
  readonly baseUrl: string;
  readonly mediaType: MediaType;
  /** The snapshot's own `url`, `request` and `data` (own properties only). */
  readonly url: unknown;
  readonly request: RequestMeta | undefined;
  readonly hasData: boolean;
  readonly data: unknown;
  /** The plans of the routes called more than once over this snapshot, by route string. */
  routes: BoundedCache<RoutePlan> | undefined;
  /** The last routes found in `routes`, compared before it is asked (lib/recent.ts). */
  readonly recent: Recent<string, RoutePlan>;
}

/**
 * What a route decides over a snapshot: its url compiled, and the snapshot's parameters split
 * once into the slots of the url's variables and the leftover pairs (the query or the body).
 */
interface RoutePlan {
  /** What parseRoute gives for the route string (`undefined` for an options object as route). */
  readonly parsed: ParsedRoute | undefined;
  readonly compiled: CompiledUrl;
  readonly slots: readonly unknown[];
  /** Some slot has a default value. */
  readonly hasSlots: boolean;
  /** Flat, `[key, value, …]` (see `FlatParameters`). */
  readonly leftover: readonly unknown[];
  /** The index of each leftover key in `leftover`. */
  readonly leftoverIndex: ReadonlyMap<string, number>;
  /**
   * The method of the call the plan was made for, with its `isBodyMethod()` and lowercase form:
   * the usual call has the same one (the route's), and reads them here.
   */
  readonly method: string;
  readonly bodyMethod: boolean;
  readonly lowerMethod: string;
}

/**
 * The DEFAULTS snapshots the library made, with their plans: a WeakMap, not a module variable
 * handed from `.defaults()` to the constructor. `.defaults()` builds the next snapshot, then
 * `new this.constructor(snapshot)`: that snapshot already holds every layer the class's
 * constructor puts under it (and not the headers it removed), so that constructor takes it as it
 * is. Any other snapshot is one layer among the others (docs/decisions.md §4).
 */
const plans = new WeakMap<object, SnapshotPlan>();
// The snapshot plan of the last call, in front of the WeakMap: one comparison where a WeakMap
// lookup costs about 240 machine instructions. Most apps call one builder most of the time. (A
// property on each builder would cost a defineProperty, ~300 ns, in every `.defaults()`.) It keeps
// that one snapshot and its bounded route plans alive until another builder is called.
let lastDefaults: object | undefined;
let lastPlan: SnapshotPlan | undefined;
// And the one called before it: an app that alternates between two builders (its API's and its
// uploads', or a base one and one with an org) finds both here. (Two variables, not a
// `Recent`: a ring measured 2–4% slower on the bench mix than this one comparison.)
let previousDefaults: object | undefined;
let previousPlan: SnapshotPlan | undefined;

function snapshot(merged: Record<string, unknown>): EndpointDefaults {
  // `merged` is the merge's own new object: its values are copied and frozen key by key (so that
  // an error names the option), with one memo (so shared objects stay shared), then it is frozen.
  let memo: Map<object, unknown> | undefined;
  const parameterKeys: string[] = [];
  const parameterValues: unknown[] = [];
  for (const key in merged) {
    if (!hasOwn(merged, key)) continue;
    const value = merged[key];
    if (key === "headers" || key === "mediaType") {
      // Made by the merge itself (mergeHeaders, mergeMediaType), of strings and numbers and a
      // previews array it made too, or the earlier snapshot's: frozen in place, not copied.
      const made = value as Record<string, unknown>;
      if (!isLibraryFrozen(made)) {
        if (key === "mediaType" && !isLibraryFrozen(made.previews)) freezeOwn(made.previews as object);
        freezeOwn(made);
      }
    } else if (typeof value === "object" && value !== null) {
      setOwn(merged, key, copyTree(value, key, "freeze", (memo ??= new Map()), 1));
    }
    if (!isReservedKey(key)) {
      parameterKeys.push(key);
      parameterValues.push(merged[key]);
    }
  }
  const frozen = Object.freeze(merged) as unknown as EndpointDefaults;
  plans.set(frozen, { parameterKeys, parameterValues, calls: undefined });
  return frozen;
}

function snapshotCalls(defaults: EndpointDefaults): SnapshotCalls {
  return {
    headers: { ...defaults.headers },
    frozenHeaders: defaults.headers,
    jsonHeaders: hasOwn(defaults.headers, "content-type")
      ? undefined
      : { ...defaults.headers, "content-type": JSON_CONTENT_TYPE },
    method: defaults.method,
    baseUrl: defaults.baseUrl,
    mediaType: defaults.mediaType as MediaType,
    url: own(defaults, "url"),
    request: own(defaults, "request") as RequestMeta | undefined,
    hasData: hasOwn(defaults, "data"),
    data: own(defaults, "data"),
    routes: undefined,
    recent: recent(),
  };
}

const LIBRARY_SNAPSHOT: EndpointDefaults = /*#__PURE__*/ snapshot(
  LIBRARY_DEFAULTS as unknown as Record<string, unknown>,
);

// Type-only keys (nothing at run time): the route map a builder type carries, and the parameter
// names its defaults are known to provide. Keys only, not value types: an intersection of
// `{ org: string }` and a later `{ org: undefined }` would collapse to `never`.
declare const routeMapKey: unique symbol;
declare const providedKey: unique symbol;

/** The route map of a builder type (`NoRoutes` for an untyped one). */
export type RoutesOf<B> = B extends { readonly [routeMapKey]?: infer Routes } ? Routes : NoRoutes;

/** The parameter names a builder type's defaults are known to provide. */
export type ProvidedKeysOf<B> = B extends { readonly [providedKey]?: infer Marks }
  ? keyof NonNullable<Marks>
  : never;

/** What `.defaults(options)` adds to a builder's type: the keys `options` provides (docs/typescript.md). */
export type TypedDefaults<D> = { readonly [providedKey]?: { readonly [K in ProvidedKeys<D>]: true } };

/**
 * The `this` of `endpoint()`: a builder whose defaults provide the parameters `Names`. A named
 * interface of the names, so that an editor's hover reads `this: ProvidedParameters<"owner">`
 * rather than the type-only symbol key and its marks.
 */
export interface ProvidedParameters<Names extends PropertyKey> {
  readonly [providedKey]?: { readonly [K in Names]: true };
}

/** Any builder, whatever its route map and typed defaults. */
export type AnyEndpointBuilder = EndpointBuilder<object, object>;

/**
 * The immutable builder behind `endpoint()`. It holds a deep-frozen DEFAULTS snapshot; every
 * operation is a pure function of that snapshot and its arguments.
 *
 * @example
 * const github = new EndpointBuilder({ baseUrl: "https://api.github.com" });
 * github.endpoint("GET /repos/{owner}/{repo}", { owner: "octo", repo: "hello" });
 * // { method: "get", url: "https://api.github.com/repos/octo/hello", headers: { … } }
 *
 * Apps subclass it for their own configuration. A subclass constructor takes the defaults
 * object as its (optional) first argument and passes it to `super` after its own, because
 * `.defaults()` creates the new builder with `new this.constructor(snapshot)`:
 *
 * @example
 * class AcmeEndpoint extends EndpointBuilder {
 *   constructor(defaults?: EndpointOptions) {
 *     super({ baseUrl: "https://api.acme.test", org: "acme" }, defaults);
 *   }
 *   listRepos() { return this.endpoint("GET /orgs/{org}/repos"); }
 * }
 * new AcmeEndpoint().defaults({ per_page: 100 }) instanceof AcmeEndpoint; // true
 *
 * Typed routes (docs/typescript.md): `Routes` is a route map, from route strings to their
 * parameters, body and response; `Defaults` declares the parameters a subclass constructor
 * always sets, so that typed routes need not repeat them.
 *
 * @example
 * interface AcmeRoutes {
 *   "GET /orgs/{org}/repos": { parameters: { org: string; per_page?: number } };
 * }
 * class AcmeEndpoint extends EndpointBuilder<AcmeRoutes, { org: string }> { … }
 * new AcmeEndpoint().endpoint("GET /orgs/{org}/repos", { per_page: 10 }); // org from the defaults
 */
export class EndpointBuilder<
  Routes extends object = NoRoutes,
  Defaults extends object = NoDefaults,
> implements RequestPolicy {
  /** The defaults snapshot: deep-frozen, never the caller's own objects; read-only, non-configurable. */
  declare readonly DEFAULTS: EndpointDefaults & DeepReadonly<Defaults>;

  /** The route map, for the types only: no such property exists at run time. */
  declare readonly [routeMapKey]?: Routes;
  /** The parameters `Defaults` provides, for the types only: no such property exists at run time. */
  declare readonly [providedKey]?: { readonly [K in ProvidedKeys<Defaults>]: true };

  /**
   * Merges each `layer` of defaults, in order, over the library defaults (method GET, baseUrl
   * `https://api.service.example`, the default accept and user-agent headers).
   */
  constructor(...layers: ReadonlyArray<EndpointOptions | undefined>) {
    const last = layers[layers.length - 1];
    const made = last === undefined ? undefined : plans.get(last);
    let defaults = LIBRARY_SNAPSHOT;
    // A snapshot alone is whole already (it holds the library defaults); under other layers, only
    // the one `.defaults()` made for this very class.
    if (made !== undefined && (layers.length === 1 || made.madeFor === new.target)) {
      defaults = last as EndpointDefaults;
    } else {
      try {
        for (const layer of layers) {
          if (layer !== undefined) defaults = snapshot(mergeLevels(defaults, normalizeDefaults(layer)));
        }
      } catch (error) {
        rethrowAtBoundary(error);
      }
    }
    // Not a plain field: nobody swaps the snapshot of a shared builder out from under it.
    Object.defineProperty(this, "DEFAULTS", { value: defaults, enumerable: true });
  }

  /**
   * A new builder of the same class, whose DEFAULTS are this one's with `options` merged over
   * them. This builder is unchanged.
   *
   * @example
   * const org = endpointBuilder.defaults({ org: "acme", headers: { authorization: "token x" } });
   * const paged = org.defaults({ per_page: 100 }); // keeps org and authorization
   *
   * The returned type is this builder's class (`this`) marked with the parameter names that
   * `options` provides, so that the routes of a route map no longer require them.
   */
  defaults<D extends EndpointOptions>(options: D): this & TypedDefaults<D> {
    let next: EndpointDefaults;
    try {
      next = snapshot(mergeLevels(this.DEFAULTS, normalizeDefaults(options)));
    } catch (error) {
      rethrowFrom(this, "defaults", error);
    }
    // Outside the boundary: what a subclass constructor throws reaches the caller as it is.
    const Builder = this.constructor as new (defaults: EndpointOptions) => this;
    plans.get(next)!.madeFor = Builder;
    return new Builder(next as EndpointOptions) as this & TypedDefaults<D>;
  }

  /**
   * Route and options merged over the defaults, not yet parsed: `url` keeps its placeholders.
   * Returns a fresh, mutable object.
   *
   * @example
   * builder.merge("GET /orgs/{org}/repos", { org: "acme", per_page: 10 });
   * // { method: "GET", baseUrl: "https://api.service.example", headers: { … },
   * //   mediaType: { format: "", previews: [] }, url: "/orgs/{org}/repos", org: "acme", per_page: 10 }
   */
  merge<R extends RouteArgument<Routes>>(route: R, options?: MergeCallOptions<Routes, R>): MergedOptions;
  merge(options: EndpointOptions): MergedOptions;
  merge(route: Route | EndpointOptions, options?: object): MergedOptions {
    try {
      return thaw(mergeLevels(this.DEFAULTS, readLevel(route, options, true))) as MergedOptions;
    } catch (error) {
      rethrowFrom(this, "merge", error);
    }
  }

  /**
   * Merged options (from `merge()`, or made by hand) → request options. Stateless: the
   * builder's DEFAULTS play no part, only its policy methods.
   *
   * @example
   * builder.parse({ method: "GET", baseUrl: "https://api.acme.test", url: "/users/{id}", id: 7 });
   * // { method: "get", url: "https://api.acme.test/users/7", headers: {} }
   */
  parse(options: ParseInput): RequestOptions {
    try {
      return parse(options, this);
    } catch (error) {
      rethrowFrom(this, "parse", error);
    }
  }

  /**
   * Route and options → request options: `parse(merge(route, options))`.
   *
   * @example
   * builder.endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Hi" });
   * // { method: "post", url: "https://api.service.example/repos/o/r/issues",
   * //   headers: { …, "content-type": "application/json; charset=utf-8" }, body: { title: "Hi" } }
   */
  endpoint<R extends RouteArgument<Routes>, Provided extends PropertyKey = never>(
    // Read from `this` (a `.defaults()` result carries more), never from the options; inside a
    // subclass method, `this` is generic and TypeScript infers from its class: its `Defaults`.
    this: ProvidedParameters<Provided>,
    route: R,
    ...options: OptionsArgument<EndpointCallOptions<Routes, R, NoInfer<Provided>>>
  ): RequestOptions;
  // The options form. A route string reaches it only when called without the options it
  // requires (types only): the one signature of one argument, so that the compiler's error is
  // about it, and names each missing option. (`${R}`, not `R`: TypeScript infers `R` from a
  // string only, so for an options object it stays `never` and the parameter `EndpointOptions`.)
  endpoint<R extends RouteArgument<Routes> = never, Provided extends PropertyKey = never>(
    this: ProvidedParameters<Provided>,
    options: EndpointOptions | (`${R}` & MissingOptions<EndpointCallOptions<Routes, R, NoInfer<Provided>>>),
  ): RequestOptions;
  endpoint(route: Route | EndpointOptions, options?: object): RequestOptions {
    try {
      // Specification §4 rule 1: endpoint(o) is parse(merge(o)). The one-pass pipeline below is
      // the meaning of this class's own two methods; a subclass that overrides either (a
      // header added in parse(), say) gets its override here too, in two passes.
      // (Something that is no builder, a method taken off its builder, takes the one pass too,
      // which says so.)
      const base = EndpointBuilder.prototype;
      if ((this.merge === base.merge && this.parse === base.parse) || !plans.has(this.DEFAULTS)) {
        return endpointOf(this, route, options);
      }
    } catch (error) {
      rethrowFrom(this, "endpoint", error);
    }
    // Outside the boundary: what an app's own method throws reaches the caller unchanged.
    return this.parse((this as AnyEndpointBuilder).merge(route as Route, options as EndpointOptions));
  }

  /**
   * Extension point: how the parameters left over for a GET or HEAD query become the query
   * string (without the leading "?"). The default serialises them as the RFC 6570 form-style
   * query `{?a,b,c}` would (RFC 6570 §3.2.8): `a=1&list=x,y&obj=k,v`.
   *
   * @example
   * class RailsEndpoint extends EndpointBuilder {
   *   override serializeQuery(parameters) { … return "ids[]=1&ids[]=2"; }
   * }
   */
  serializeQuery(parameters: QueryParameters, context: QueryContext): string {
    void context;
    // endpoint() calls the engine itself; this is for an app that calls it (an override's
    // `super.serializeQuery()`): what it cannot read is an EndpointError here too.
    try {
      return formQuery(parameters, "");
    } catch (error) {
      rethrowAtBoundary(error);
    }
  }

  /**
   * Extension point: may this url be the target? Asked for every absolute url (after expansion)
   * and for every request whose `baseUrl` is not this builder's own (a per-call one, or one in
   * the object handed to `parse()`). The default, as the specification says, is yes. An app that
   * builds urls from untrusted input returns false, so its authorization header never travels
   * to another host (`ERR_ABSOLUTE_URL`); only `true` allows. An absolute url given here always
   * parses with `new URL(url)`; with a path `baseUrl` the url is origin-relative (`/api/x`).
   * `LockedEndpointBuilder` and `PathLockedEndpointBuilder` are ready-made overrides.
   *
   * @example
   * class LockedEndpoint extends EndpointBuilder {
   *   override allowsAbsoluteUrl() { return false; }
   * }
   */
  allowsAbsoluteUrl(url: string): boolean {
    void url;
    return true;
  }
}

/**
 * The boundary of a builder's methods. Called on something that is no builder — a method taken
 * off its builder (`const { endpoint } = builder`) runs with `this` undefined — the error says so,
 * rather than that the options cannot be read. Checked only once something failed.
 */
function rethrowFrom(self: unknown, method: string, error: unknown): never {
  let what = "";
  try {
    if (!plans.has((self as AnyEndpointBuilder).DEFAULTS)) what = describe(self);
  } catch {
    // `this` is undefined, or cannot be read: no builder.
    what = self === undefined ? "undefined" : "an object that cannot be read";
  }
  if (what !== "") {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid call: ${method}() was called on ${what}, not on a builder; call builder.${method}(…), or use callable(builder)`,
    );
  }
  rethrowAtBoundary(error);
}

// endpointOf's helpers before it and endpointOf last: of the orders tried, the one the endpoint
// bundle compresses best in (16 B less gzip than endpointOf first).

/**
 * The plan of `route` over a snapshot, if it has one: among the last ones found first (a route
 * written as a literal is the same string each time: one pointer comparison), then in `routes`.
 * In `npm run bench`, with other code between the calls, the ring made the mix 7–9% faster
 * (docs/decisions.md §16).
 */
function planOf(snap: SnapshotCalls, route: string): RoutePlan | undefined {
  const found = recentValue(snap.recent, route);
  if (found !== undefined) return found;
  const plan = snap.routes?.get(route);
  return plan === undefined ? plan : remember(snap.recent, route, plan);
}

// The default serializer writes RFC 6570 form-style queries: url-safe by construction.
TRUSTED_SERIALIZERS.add(EndpointBuilder.prototype.serializeQuery);

function routePlan(
  snap: SnapshotPlan,
  compiled: CompiledUrl,
  parsed: ParsedRoute | undefined,
  method: string,
): RoutePlan {
  const { slots, leftover = [] } = placeParameters(compiled, snap.parameterKeys, snap.parameterValues);
  return {
    parsed,
    compiled,
    slots,
    hasSlots: slots.some((value) => value !== undefined),
    leftover,
    leftoverIndex: flatIndex(leftover),
    method,
    bodyMethod: isBodyMethod(method),
    lowerMethod: lowerCaseMethod(method),
  };
}

/** The index of each key of flat parameters. */
function flatIndex(flat: FlatParameters): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i < flat.length; i += 2) index.set(flat[i] as string, i);
  return index;
}

/**
 * A call's parameters (placed into the slots of the plan's url, and the leftover ones) over the
 * plan's: where both give a plain object they merge as merge() merges them, else the call's wins;
 * leftover keys the plan has keep its place, new ones follow (CONTRACT.md, "Merging"). Changes
 * and returns the call's.
 */
function mergeParameters(
  plan: RoutePlan,
  call: { slots: unknown[]; leftover: FlatParameters | undefined },
): { slots: unknown[]; leftover: FlatParameters | undefined } {
  const { slots } = call;
  if (plan.hasSlots) {
    for (let slot = 0; slot < slots.length; slot++) {
      const given = plan.slots[slot];
      if (given !== undefined) slots[slot] = mergeParameter(given, slots[slot]);
    }
  }
  if (plan.leftover.length === 0) return call;
  const leftover = plan.leftover.slice();
  const given = call.leftover ?? [];
  for (let i = 0; i < given.length; i += 2) {
    const key = given[i] as string;
    const index = plan.leftoverIndex.get(key);
    if (index === undefined) leftover.push(key, given[i + 1]);
    else leftover[index + 1] = mergeParameter(leftover[index + 1], given[i + 1]);
  }
  // The merged object's key order (merge() gives it so): array indexes first, ascending. Only a
  // key starting with a digit can be one (a cheap test: any first character up to "9" counts).
  let mayHoldIndex = false;
  for (let i = 0; i < leftover.length && !mayHoldIndex; i += 2) {
    mayHoldIndex = (leftover[i] as string).charCodeAt(0) <= 0x39;
  }
  return { slots, leftover: mayHoldIndex ? orderLikeObject(leftover) : leftover };
}

/** `value` over `current`, as the merge merges a parameter: two plain objects deeply, else `value` (when given). */
function mergeParameter(current: unknown, value: unknown): unknown {
  return value === undefined ? current : mergeValue(current, value);
}

/**
 * Flat parameters in the order an object built by setting them in turn lists its keys: array
 * indexes first, ascending (ECMA-262 §10.1.11.1), as the object merge() returns has them.
 */
function orderLikeObject(flat: FlatParameters): FlatParameters {
  const object: Record<string, unknown> = {};
  for (let i = 0; i < flat.length; i += 2) setOwn(object, flat[i] as string, flat[i + 1]);
  const ordered: FlatParameters = [];
  for (const key of Object.keys(object)) ordered.push(key, object[key]);
  return ordered;
}

/** `endpoint()` itself, inside the boundary of the method. */
function endpointOf(
  builder: AnyEndpointBuilder,
  route: Route | EndpointOptions,
  options?: object,
): RequestOptions {
  // parse(merge(route, options)) in one pass: the call's options are read once and merged over
  // the route's plan with the merge's own rules, without copying what the call does not change.
  const defaults = builder.DEFAULTS;
  if (defaults !== lastDefaults) {
    const plan = defaults === previousDefaults ? previousPlan : plans.get(defaults);
    previousDefaults = lastDefaults;
    previousPlan = lastPlan;
    lastDefaults = defaults;
    lastPlan = plan;
  }
  const snapshotPlan = lastPlan!;
  const snap = (snapshotPlan.calls ??= snapshotCalls(defaults));
  let plan = typeof route === "string" ? planOf(snap, route) : undefined;
  // With the route's plan, the walk places the parameters into its url's slots as it reads them.
  const call = readLevel(route, options, false, plan?.parsed, plan?.compiled, snap.frozenHeaders);
  const method = call.method ?? snap.method;
  if (plan === undefined) {
    const parsed = typeof route === "string" ? parseRoute(route) : undefined;
    plan = routePlan(snapshotPlan, compileUrl(checkUrl(call.url ?? snap.url)), parsed, method);
    // On a url's second use, as its compiled form is cached: an inlined id makes a route used once.
    if (parsed !== undefined && plan.compiled.cached) {
      // Weighed by template parts, as the compiled urls are: a plan may outlive its url's cache entry.
      const routes = (snap.routes ??= boundedCache(CACHE_SIZE, CACHE_WEIGHT));
      routes.set(route as string, plan, plan.compiled.template.parts.length + 1);
    }
  }
  const known = method === plan.method;
  const bodyMethod = known ? plan.bodyMethod : isBodyMethod(method);
  let mediaType = snap.mediaType;
  if (call.mediaType !== undefined) mediaType = mergeMediaType(mediaType, call.mediaType);
  let request = snap.request;
  if (call.request !== undefined) {
    request =
      request === undefined ? call.request : (mergeValue(cloneDeep(request), call.request) as RequestMeta);
  }

  const { slots, leftover } =
    call.slots === undefined
      ? mergeParameters(plan, placeParameters(plan.compiled, call.parameterKeys, call.parameterValues))
      : mergeParameters(plan, call as { slots: unknown[]; leftover: FlatParameters | undefined });
  const hasData = call.hasData || snap.hasData;
  // The call's own headers object, to be returned. A spread of an unfrozen object takes a third of
  // the time of a frozen one's, but shares its hidden class, and adding a key to that costs fifteen
  // times the copy (V8). So: a request that gets no header from buildRequest() copies the unfrozen
  // headers; the JSON body of the leftover parameters (buildRequest() would add its content-type
  // last) copies the headers that already end with it; a `data` body, which may get one or not,
  // copies the frozen ones. (Only where the defaults have no content-type: with one, none is added.)
  const headers =
    call.headers !== undefined
      ? (call.headers as Headers)
      : !bodyMethod || (!hasData && leftover === undefined) || snap.jsonHeaders === undefined
        ? { ...snap.headers }
        : hasData
          ? { ...snap.frozenHeaders }
          : { ...snap.jsonHeaders };
  return buildRequest(
    builder,
    plan.compiled,
    method,
    bodyMethod,
    known ? plan.lowerMethod : lowerCaseMethod(method),
    call.baseUrl ?? snap.baseUrl,
    headers,
    mediaType.format,
    mediaType.previews,
    slots,
    leftover,
    hasData,
    call.hasData ? call.data : snap.data,
    request,
  );
}
