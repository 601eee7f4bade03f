import { LIBRARY_DEFAULTS } from "./defaults.js";
import { mergeCall, mergeOptions } from "./merge.js";
import { mergeDefaults } from "./merge-defaults.js";
import { normalizeDefaults, normalizeOptions } from "./normalize.js";
import { freezeCopy } from "./object.js";
import { parse, parseTrusted } from "./parse.js";
import type { ParsePolicy } from "./parse.js";
import type {
  EndpointCallOptions,
  MergeCallOptions,
  NoRoutes,
  OptionsArgument,
  ProvidedKeys,
} from "./route-types.js";
import type {
  DeepReadonly,
  EndpointDefaults,
  EndpointOptions,
  MergedOptions,
  ParseInput,
  RequestOptions,
  Route,
} from "./types.js";
import { formQuery } from "./uri-template/index.js";

/** The snapshot `defaults()` is constructing a builder for, while it does (see the constructor). */
let adoptable: EndpointDefaults | undefined;

const LIBRARY_SNAPSHOT: EndpointDefaults = /*#__PURE__*/ freezeCopy(LIBRARY_DEFAULTS) as EndpointDefaults;

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
  Defaults extends object = NoRoutes,
> implements ParsePolicy {
  /** The defaults snapshot: deep-frozen, never the caller's own objects. */
  readonly DEFAULTS: EndpointDefaults & DeepReadonly<Defaults>;

  /** The route map, for the types only: no such property exists at run time. */
  declare readonly [routeMapKey]?: Routes;
  /** The parameters `Defaults` provides, for the types only: no such property exists at run time. */
  declare readonly [providedKey]?: { readonly [K in ProvidedKeys<Defaults>]: true };

  /**
   * Merges each `layer` of defaults, in order, over the library defaults (method GET, baseUrl
   * `https://api.service.example`, the default accept and user-agent headers).
   */
  constructor(...layers: ReadonlyArray<EndpointOptions | undefined>) {
    // From defaults(): the last layer is the finished snapshot, which already holds every earlier
    // layer (this.DEFAULTS was built through this same constructor), so merging them again under
    // it would give the snapshot back. Adopt it; a layer after it means a real merge.
    if (adoptable !== undefined && layers[layers.length - 1] === adoptable) {
      this.DEFAULTS = adoptable as EndpointDefaults & DeepReadonly<Defaults>;
      adoptable = undefined;
      return;
    }
    let snapshot = LIBRARY_SNAPSHOT;
    for (const layer of layers) {
      if (layer !== undefined) snapshot = mergeDefaults(snapshot, normalizeDefaults(layer));
    }
    this.DEFAULTS = snapshot as EndpointDefaults & DeepReadonly<Defaults>;
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
    const snapshot = mergeDefaults(this.DEFAULTS, normalizeDefaults(options));
    const Builder = this.constructor as new (defaults: EndpointOptions) => this;
    adoptable = snapshot;
    try {
      return new Builder(snapshot as EndpointOptions) as this & TypedDefaults<D>;
    } finally {
      adoptable = undefined;
    }
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
  merge<R extends Route>(route: R, options?: MergeCallOptions<Routes, R>): MergedOptions;
  merge(options: EndpointOptions): MergedOptions;
  merge(route: Route | EndpointOptions, options?: object): MergedOptions {
    return mergeOptions(this.DEFAULTS, normalizeOptions(route, options));
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
    return parse(options, this);
  }

  /**
   * Route and options → request options: `parse(merge(route, options))`.
   *
   * @example
   * builder.endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Hi" });
   * // { method: "post", url: "https://api.service.example/repos/o/r/issues",
   * //   headers: { …, "content-type": "application/json; charset=utf-8" }, body: { title: "Hi" } }
   */
  endpoint<R extends Route, Provided = unknown>(
    // Read from `this` (a `.defaults()` result carries more); inside a subclass method, `this`
    // is generic and TypeScript infers from its class: the class's `Defaults`.
    this: { readonly [providedKey]?: Provided },
    route: R,
    ...options: OptionsArgument<EndpointCallOptions<Routes, R, keyof Provided>>
  ): RequestOptions;
  endpoint(options: EndpointOptions): RequestOptions;
  endpoint(route: Route | EndpointOptions, options?: object): RequestOptions {
    // The common call takes the one-pass merge; anything else the general path (same result).
    const fast = mergeCall(this.DEFAULTS, route, options);
    if (fast !== undefined) return parseTrusted(fast.merged, this, fast);
    return parseTrusted(mergeOptions(this.DEFAULTS, normalizeOptions(route, options)), this);
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
  serializeQuery(parameters: ReadonlyArray<readonly [string, unknown]>): string {
    return formQuery(parameters, "");
  }

  /**
   * Extension point: may an absolute url (after expansion) replace `baseUrl`? The default, as
   * the specification says, is yes. An app that builds urls from untrusted input returns false,
   * so its authorization header never travels to another host (`ERR_ABSOLUTE_URL`). The url it
   * is given always parses with `new URL(url)`, so an override can check its origin.
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
