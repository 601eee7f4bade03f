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
import { EndpointError, describe } from "./errors.js";
import type { EndpointOptions, MergedOptions, ParseInput, RequestOptions, Route } from "./types.js";

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
 * Turns any builder (a subclass instance too) into the function interface of the
 * specification. The exported `endpoint` is `callable(new EndpointBuilder())`.
 *
 * @example
 * const acme = callable(new AcmeEndpoint());
 * acme("GET /orgs/{org}/repos");            // request options
 * acme.defaults({ per_page: 100 }).DEFAULTS; // DEFAULTS of a new AcmeEndpoint
 */
export function callable<B extends AnyEndpointBuilder>(builder: B): EndpointInterface<B> {
  // Checked here: `callable(endpoint)` (a function, not a builder) would fail later from inside.
  const b = builder as unknown as Partial<Record<string, unknown>> | null | undefined;
  let what = "";
  try {
    if (
      typeof b?.endpoint !== "function" ||
      typeof b.merge !== "function" ||
      typeof b.parse !== "function" ||
      typeof b.defaults !== "function"
    ) {
      what = describe(builder);
    }
  } catch {
    what = "an object that cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)";
  }
  if (what !== "") {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      "Invalid builder for callable(): " +
        what +
        "; expected an EndpointBuilder (an object with endpoint, merge, parse and defaults methods)",
    );
  }
  const endpoint = ((route: Route | EndpointOptions, options?: EndpointOptions): RequestOptions =>
    (builder as AnyEndpointBuilder).endpoint(route as Route, options)) as unknown as Record<string, unknown>;
  endpoint.DEFAULTS = builder.DEFAULTS;
  endpoint.defaults = (options: EndpointOptions) => callable(builder.defaults(options));
  endpoint.merge = (route: Route | EndpointOptions, options?: EndpointOptions) =>
    (builder as AnyEndpointBuilder).merge(route as Route, options);
  endpoint.parse = (options: ParseInput) => builder.parse(options);
  // Read-only, like the builder behind it: nobody swaps `.merge` out from under a shared function.
  return Object.freeze(endpoint) as unknown as EndpointInterface<B>;
}
