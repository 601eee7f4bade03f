import { BYTES, CACHE_BYTES, CACHE_SIZE, scopedCache } from "../bounded-cache.js";
import { EndpointError, quote } from "../errors.js";
import { JSON_CONTENT_TYPE, acceptFor } from "../media-type.js";
import { hasOwn, own } from "../object.js";
import { baseUrlFault } from "../url.js";
import { compileUrl, placeParameters } from "../request/compile-url.js";
import type { RoutePlan, SnapshotPlan } from "./types.js";
import type { ParsedRoute } from "../route.js";
import type { EndpointDefaults, Headers, MediaType, RequestMeta } from "../types.js";

// The snapshots the library made (a WeakMap, not a hand-off through a module variable).
const snapshots = new WeakMap<object, SnapshotPlan>();

// One cache of route plans for every snapshot: many builders share one bound. A plan weighs its
// compiled url and the default parameters it copies.
const routePlans = /*#__PURE__*/ scopedCache<RoutePlan>(CACHE_SIZE, CACHE_BYTES);

/** Registers a snapshot the library made and froze, with its default parameters. */
export function registerSnapshot(snapshot: EndpointDefaults, plan: SnapshotPlan): void {
  snapshots.set(snapshot, plan);
}

/** The plan of a snapshot the library made, or `undefined` for any other object. */
export function snapshotPlan(defaults: unknown): SnapshotPlan | undefined {
  return typeof defaults === "object" && defaults !== null ? snapshots.get(defaults) : undefined;
}

/** `ERR_MISSING_URL` / `ERR_INVALID_URL` for a merged url that is not a non-empty string. */
export function checkUrl(url: unknown): string {
  if (url === undefined || url === "") {
    throw new EndpointError(
      "ERR_MISSING_URL",
      `Missing url: give a route such as "GET /users/{id}", or options.url`,
    );
  }
  if (typeof url !== "string") {
    throw new EndpointError("ERR_INVALID_URL", `Invalid url: ${quote(url)}; expected a string`);
  }
  return url;
}

/** The cached plan of a route string over a snapshot, if any. */
export function cachedPlan(snapshot: SnapshotPlan, route: string): RoutePlan | undefined {
  if (route === snapshot.lastRoute) return snapshot.lastPlan;
  const plan = snapshot.routes?.get(route);
  if (plan !== undefined) {
    snapshot.lastRoute = route;
    snapshot.lastPlan = plan;
  }
  return plan;
}

/** The plan of `url` over a snapshot; kept from the url's second use (an inlined id is used once). */
export function makePlan(
  defaults: EndpointDefaults,
  snapshot: SnapshotPlan,
  url: string,
  parsed: ParsedRoute | undefined,
  route: unknown,
): RoutePlan {
  const compiled = compileUrl(url);
  const { slots, leftover = [] } = placeParameters(
    compiled,
    snapshot.parameterKeys,
    snapshot.parameterValues,
  );
  const leftoverIndex = new Map<string, number>();
  for (let i = 0; i < leftover.length; i += 2) leftoverIndex.set(leftover[i] as string, i);
  const headers: Headers = { ...defaults.headers };
  const { format, previews } = defaults.mediaType as MediaType;
  if ((format !== "" || previews.length > 0) && typeof own(headers, "accept") === "string") {
    headers.accept = acceptFor(headers.accept as string, format, previews);
  }
  const plan: RoutePlan = {
    parsed,
    compiled,
    method: defaults.method,
    baseUrl: defaults.baseUrl,
    headers: defaults.headers,
    mediaType: defaults.mediaType as MediaType,
    acceptedHeaders: headers,
    checkedBaseUrl: baseUrlFault(defaults.baseUrl) === undefined ? defaults.baseUrl : undefined,
    jsonHeaders: hasOwn(headers, "content-type")
      ? headers
      : { ...headers, "content-type": JSON_CONTENT_TYPE },
    request: own(defaults, "request") as RequestMeta | undefined,
    hasData: hasOwn(defaults, "data"),
    data: own(defaults, "data"),
    slots,
    hasSlots: slots.some((value) => value !== undefined),
    leftover,
    leftoverIndex,
  };
  if (typeof route === "string" && compiled.cached) {
    const weight = compiled.weight + BYTES.perParameter * snapshot.parameterKeys.length;
    (snapshot.routes ??= routePlans.scope()).set(route, plan, weight);
  }
  return plan;
}
