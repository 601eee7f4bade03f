// Requests back to routes: named exports only.
export { routeMatcher } from "./route-matcher.js";
export type { MatchedValue, RouteMatch, RouteMatcher, RouteMatcherOptions } from "./types.js";
