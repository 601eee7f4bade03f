import type { RequiredRouteParameterNames, RouteKey, RouteParameterNames, Simplify } from "../route-types.js";

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

/** Whether `{name*}` (explode) may be in route `R`: its value may then come back as a list. */
type MayExplode<R extends string, Name extends string> = R extends `${string}${Name}*${string}`
  ? true
  : false;

/**
 * The parameters of a route without declared ones, from its template: a required placeholder
 * (`{x}`, `{+x}`, `:x` in the path) is a string (a list where it explodes), an optional one a
 * string or a list (`{/path*}`, `{?labels*}`).
 */
type TemplateParameters<R extends string> = {
  [K in RequiredRouteParameterNames<R>]: MayExplode<R, K> extends true ? string | string[] : string;
} & {
  [K in Exclude<RouteParameterNames<R>, RequiredRouteParameterNames<R>>]?: string | string[];
};

/** The parameters a route map declares for route `R`, as text; else those of its template. */
type DeclaredParameters<Routes, R extends string> = R extends keyof Routes
  ? NonNullable<Routes[R]> extends { parameters?: infer P }
    ? [P] extends [object]
      ? { [K in keyof P]: MatchedValue<P[K]> } & { [K in RequiredRouteParameterNames<R>]: unknown }
      : TemplateParameters<R>
    : TemplateParameters<R>
  : TemplateParameters<R>;

/** The parameters of a match of route `R`: the route's parameter names, with their values as text. */
export type MatchedParameters<Routes, R extends string> = Simplify<DeclaredParameters<Routes, R>>;

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
