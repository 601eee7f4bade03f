import { describe, rethrowAtBoundary } from "../errors.js";
import { fill } from "../pipeline/fill.js";
import { mergeDefaults, mergeLevels, thaw } from "../pipeline/merge.js";
import { parse } from "../pipeline/parse.js";
import { makeSnapshot, snapshotPlan } from "../pipeline/plan.js";
import { invalidOptions, readLevel } from "../pipeline/read-options.js";
import { TRUSTED_SERIALIZERS } from "../request/query.js";
import type { QueryContext, QueryParameters, RequestPolicy, SnapshotPlan } from "../pipeline/types.js";
import type {
  EndpointCallOptions,
  ProvidedParameters,
  TypedDefaults,
  providedKey,
  routeMapKey,
  MergeCallOptions,
  NoDefaults,
  NoRoutes,
  MissingOptions,
  OptionsArgument,
  ProvidedKeys,
  RouteArgument,
} from "../route-types.js";
import type {
  DeepReadonly,
  EndpointDefaults,
  EndpointOptions,
  MergedOptions,
  ParseInput,
  RequestOptions,
  Route,
} from "../types.js";
import { formQuery } from "../uri-template/index.js";
import { LIBRARY_DEFAULTS } from "../defaults.js";

/** Where a builder keeps the plan of its snapshot. */
const SNAPSHOT = Symbol("snapshot");
type Planned = { readonly [SNAPSHOT]?: SnapshotPlan };

const LIBRARY_SNAPSHOT: EndpointDefaults = /*#__PURE__*/ makeSnapshot(
  LIBRARY_DEFAULTS as unknown as Record<string, unknown>,
);

export type { ProvidedKeysOf, ProvidedParameters, RoutesOf, TypedDefaults } from "../route-types.js";

/** Any builder, whatever its route map and typed defaults. */
export type AnyEndpointBuilder = EndpointBuilder<object, object>;

/**
 * The immutable builder behind `endpoint()`: a deep-frozen DEFAULTS snapshot and pure operations on it.
 * A subclass constructor passes its `defaults` argument to `super` after its own (`.defaults()` calls
 * `new this.constructor(snapshot)`). `Routes` (a route map) and `Defaults`: docs/typescript.md.
 * @example
 * class AcmeEndpoint extends EndpointBuilder {
 *   constructor(defaults?: EndpointOptions) {
 *     super({ baseUrl: "https://api.acme.test", org: "acme" }, defaults);
 *   }
 * }
 * new AcmeEndpoint().endpoint("GET /orgs/{org}/repos"); // { method: "get", url: "https://api.acme.test/orgs/acme/repos", … }
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

  /** Merges each `layer` of defaults, in order, over the library defaults. */
  constructor(...layers: ReadonlyArray<EndpointOptions | undefined>) {
    const last = layers[layers.length - 1];
    const made = snapshotPlan(last);
    let defaults = LIBRARY_SNAPSHOT;
    // A snapshot is whole already; under other layers, only the one `.defaults()` made for this class.
    if (made !== undefined && (layers.length === 1 || made.madeFor === new.target)) {
      defaults = last as EndpointDefaults;
    } else {
      try {
        for (const layer of layers) if (layer !== undefined) defaults = mergeDefaults(defaults, layer);
      } catch (error) {
        rethrowAtBoundary(error);
      }
    }
    // Not a plain field: nobody swaps the snapshot of a shared builder out from under it.
    Object.defineProperty(this, "DEFAULTS", { value: defaults, enumerable: true });
    // The snapshot's plan, at hand for every call (a symbol: no name a subclass could use).
    Object.defineProperty(this, SNAPSHOT, { value: snapshotPlan(defaults) });
  }

  /**
   * A new builder of the same class, with `options` merged over this one's DEFAULTS.
   * @example
   * const org = endpointBuilder.defaults({ org: "acme", headers: { authorization: "token x" } });
   * const paged = org.defaults({ per_page: 100 }); // keeps org and authorization
   */
  defaults<D extends EndpointOptions>(options: D): this & TypedDefaults<D> {
    let next: EndpointDefaults;
    try {
      next = mergeDefaults(this.DEFAULTS, options);
    } catch (error) {
      rethrowFrom(this, "defaults", error);
    }
    // Outside the boundary: what a subclass constructor throws reaches the caller as it is.
    const Builder = this.constructor as new (defaults: EndpointOptions) => this;
    snapshotPlan(next)!.madeFor = Builder;
    return new Builder(next as EndpointOptions) as this & TypedDefaults<D>;
  }

  /**
   * Route and options merged over the defaults, not yet parsed: a fresh, mutable object.
   * @example
   * builder.merge("GET /orgs/{org}/repos", { org: "acme" });
   * // { method: "GET", baseUrl: "https://api.service.example", headers: { … }, mediaType: { … }, url: "/orgs/{org}/repos", org: "acme" }
   */
  merge<R extends RouteArgument<Routes>>(route: R, options?: MergeCallOptions<Routes, R>): MergedOptions;
  merge(options: EndpointOptions): MergedOptions;
  merge(route: Route | EndpointOptions, options?: object): MergedOptions {
    try {
      const level = readLevel(route, options, true, this.DEFAULTS.headers);
      return thaw(mergeLevels(this.DEFAULTS, level)) as MergedOptions;
    } catch (error) {
      rethrowFrom(this, "merge", error);
    }
  }

  /**
   * Merged options (from `merge()`, or made by hand) → request options; DEFAULTS play no part.
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
   * @example
   * builder.endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Hi" });
   * // { method: "post", url: "https://api.service.example/repos/o/r/issues", headers: { … }, body: { title: "Hi" } }
   */
  endpoint<R extends RouteArgument<Routes>, Provided extends PropertyKey = never>(
    // Read from `this` (a `.defaults()` result carries more), never from the options; inside a
    // subclass method, `this` is generic and TypeScript infers from its class: its `Defaults`.
    this: ProvidedParameters<Provided>,
    route: R,
    ...options: OptionsArgument<EndpointCallOptions<Routes, R, NoInfer<Provided>>>
  ): RequestOptions;
  // The options form; a route string reaches it only when it lacks required options, so the
  // compiler's error names them (`${R}`: `R` is inferred from a string only).
  endpoint<R extends RouteArgument<Routes> = never, Provided extends PropertyKey = never>(
    this: ProvidedParameters<Provided>,
    options: EndpointOptions | (`${R}` & MissingOptions<EndpointCallOptions<Routes, R, NoInfer<Provided>>>),
  ): RequestOptions;
  endpoint(route: Route | EndpointOptions, options?: object): RequestOptions {
    try {
      // Spec §4 rule 1: endpoint(o) is parse(merge(o)), in one pass (`fill`) unless a subclass overrides one.
      const snapshot = (this as Planned)[SNAPSHOT] ?? snapshotPlan(this.DEFAULTS);
      if (snapshot === undefined) rethrowFrom(this, "endpoint", undefined);
      const base = EndpointBuilder.prototype;
      if (this.merge === base.merge && this.parse === base.parse) return fill(this, snapshot, route, options);
    } catch (error) {
      rethrowFrom(this, "endpoint", error);
    }
    // Outside the boundary: what an app's own method throws reaches the caller unchanged.
    return this.parse((this as AnyEndpointBuilder).merge(route as Route, options as EndpointOptions));
  }

  /**
   * Extension point: the query string (without "?") of the parameters left over; by default the
   * RFC 6570 form-style query (§3.2.8): `a=1&list=x,y&obj=k,v`.
   * @example
   * class RailsEndpoint extends EndpointBuilder {
   *   override serializeQuery(parameters) { … return "ids[]=1&ids[]=2"; }
   * }
   */
  serializeQuery(parameters: QueryParameters, context: QueryContext): string {
    void context;
    // For an override's `super.serializeQuery()`: what it cannot read is an EndpointError too.
    try {
      return formQuery(parameters, "");
    } catch (error) {
      rethrowAtBoundary(error);
    }
  }

  /**
   * Extension point: may this absolute url, or a url on another `baseUrl`, be the target? Only
   * `true` allows (else `ERR_ABSOLUTE_URL`); `LockedEndpointBuilder` is a ready-made lock.
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

/** The boundary of a builder's methods; a method taken off its builder says so. */
function rethrowFrom(self: unknown, method: string, error: unknown): never {
  let what = "";
  try {
    if (!snapshotPlan((self as AnyEndpointBuilder).DEFAULTS)) what = describe(self);
  } catch {
    // `this` is undefined, or cannot be read: no builder.
    what = self === undefined ? "undefined" : "an object that cannot be read";
  }
  if (what !== "") {
    throw invalidOptions(
      `Invalid call: ${method}() was called on ${what}, not on a builder; call builder.${method}(…), or use callable(builder)`,
    );
  }
  rethrowAtBoundary(error);
}

// The default serializer writes RFC 6570 form-style queries: url-safe by construction.
TRUSTED_SERIALIZERS.add(EndpointBuilder.prototype.serializeQuery);
