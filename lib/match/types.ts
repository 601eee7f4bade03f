import type { RequiredRouteParameterNames, RouteKey, RouteParameters, Simplify } from "../route-types.js";

/** Options of `routeMatcher()`. */
export interface RouteMatcherOptions {
  /**
   * The base url requests were built with (`endpoint()`'s `baseUrl`; the library's default when
   * left out). An absolute url matches only with its origin and path; a path (a request target,
   * as a server sees it) only with its path.
   */
  readonly baseUrl?: string | undefined;
}

/**
 * A value as a match gives it back: text, as the url holds it. A list (an exploded placeholder,
 * a repeated query key) is a list of strings; a string type that names values (`"open" | "closed"`)
 * is kept, any other scalar (a number, a boolean, a Date) is its text.
 */
export type MatchedValue<T> = T extends null | undefined
  ? never
  : T extends readonly unknown[]
    ? string[]
    : T extends string
      ? T
      : string;

/** The parameters a route map declares for route `R`, else those of its template. */
type DeclaredParameters<Routes, R extends string> = R extends keyof Routes
  ? NonNullable<Routes[R]> extends { parameters?: infer P }
    ? [P] extends [object]
      ? P & { [K in RequiredRouteParameterNames<R>]: unknown }
      : RouteParameters<R>
    : RouteParameters<R>
  : RouteParameters<R>;

/** The parameters of a match of route `R`: the route's parameter names, with their values as text. */
export type MatchedParameters<Routes, R extends string> = Simplify<{
  [K in keyof DeclaredParameters<Routes, R>]: MatchedValue<DeclaredParameters<Routes, R>[K]>;
}>;

/**
 * What a matcher over the route map `Routes` gives: one member per route, told apart by `route`,
 * whose `parameters` are that route's.
 *
 * @example
 * type M = RouteMatch<{ "GET /users/{id}": { parameters: { id: number } } }>;
 * // { readonly route: "GET /users/{id}"; readonly parameters: { id: string } }
 */
export type RouteMatch<Routes> = {
  [R in RouteKey<Routes>]: { readonly route: R; readonly parameters: MatchedParameters<Routes, R> };
}[RouteKey<Routes>];

/**
 * `match(method, url)`: the route a request was built from, with its parameters, or `undefined`.
 * `method` in any case; `url` absolute (the base url's origin and path) or a path.
 */
export type RouteMatcher<Routes> = (method: string, url: string) => RouteMatch<Routes> | undefined;
