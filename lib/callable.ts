import type { AnyEndpointBuilder } from "./builder/endpoint-builder.js";
import { EndpointError, describe } from "./errors.js";
import type { EndpointInterface, EndpointOptions, ParseInput, RequestOptions, Route } from "./types.js";

const METHODS = ["endpoint", "merge", "parse", "defaults"] as const;

/**
 * Turns any builder (a subclass instance too) into the function interface: `endpoint` is
 * `callable(new EndpointBuilder())`.
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
    if (METHODS.some((name) => typeof b?.[name] !== "function")) what = describe(builder);
  } catch {
    what = "an object that cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)";
  }
  if (what !== "") {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid builder for callable(): ${what}; expected an EndpointBuilder (an object with endpoint, merge, parse and defaults methods)`,
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
