import { BYTES, CACHE_BYTES, CACHE_SIZE, scopedCache } from "../bounded-cache.js";
import { EndpointError, notAString } from "../errors.js";
import { FORM_CONTENT_TYPE, JSON_CONTENT_TYPE, acceptFor } from "../media-type.js";
import { copyTree, hasOwn, isLibraryFrozen, own, setOwn } from "../object.js";
import { isReservedKey } from "../reserved-keys.js";
import { baseUrlFault } from "../url.js";
import { compileUrl, emptySlots, slotOf } from "../request/compile-url.js";
import type { CompiledUrl, FlatParameters, RoutePlan, SnapshotPlan } from "./types.js";
import type { ParsedRoute } from "../route.js";
import type { EndpointDefaults, Headers, MediaType, RequestMeta } from "../types.js";

// The snapshots the library made (a WeakMap, not a hand-off through a module variable).
const snapshots = new WeakMap<object, SnapshotPlan>();

// One cache of route plans for every snapshot: many builders do not multiply its bound.
const routePlans = /*#__PURE__*/ scopedCache<RoutePlan>(CACHE_SIZE, CACHE_BYTES);

/** Freezes the merge's own new object into a DEFAULTS snapshot, registered with its parameters. */
export function makeSnapshot(merged: Record<string, unknown>): EndpointDefaults {
  let memo: Map<object, unknown> | undefined;
  const parameters: unknown[] = [];
  for (const key in merged) {
    if (!hasOwn(merged, key)) continue;
    const value = merged[key];
    if (key === "headers" || key === "mediaType") {
      // Strings, and a list of them: the merge's own objects (or an earlier snapshot's), frozen in place.
      Object.freeze(value);
      if (key === "mediaType") Object.freeze((value as MediaType).previews);
    } else if (typeof value === "object" && value !== null) {
      setOwn(merged, key, copyTree(value, key, "freeze", (memo ??= new Map()), 1));
    }
    if (!isReservedKey(key)) parameters.push(key, merged[key]);
  }
  const frozen = Object.freeze(merged) as unknown as EndpointDefaults;
  snapshots.set(frozen, { defaults: frozen, parameters });
  return frozen;
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
  if (typeof url !== "string") throw notAString("ERR_INVALID_URL", "url", url);
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

/** The plan of `url` over a snapshot, kept under the route string (or the url) once the url is cached. */
export function makePlan(
  snapshot: SnapshotPlan,
  url: string,
  parsed: ParsedRoute | undefined,
  route: unknown,
): RoutePlan {
  const { defaults } = snapshot;
  const compiled = compileUrl(url);
  const slots = emptySlots(compiled);
  const leftover = fillSlots(compiled, snapshot.parameters, slots) ?? [];
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
    bodyHeaders: { [JSON_CONTENT_TYPE]: undefined, [FORM_CONTENT_TYPE]: undefined },
    request: own(defaults, "request") as RequestMeta | undefined,
    hasData: hasOwn(defaults, "data"),
    data: own(defaults, "data"),
    slots,
    hasSlots: slots.some((value) => value !== undefined),
    leftover,
    leftoverIndex,
    leftoverHoldsFrozen: leftover.some(isLibraryFrozen),
  };
  if (!compiled.cached) return plan;
  const weight = compiled.weight + (BYTES.perParameter * snapshot.parameters.length) / 2;
  if (typeof route !== "string") (snapshot.urls ??= routePlans.scope()).set(url, plan, weight);
  // A builder's first plan, if light (16 kB), stays on it: one made per request leaves none in the cache.
  else if (snapshot.lastPlan === undefined && weight <= 64 * BYTES.perEntry)
    [snapshot.lastRoute, snapshot.lastPlan] = [route, plan];
  else (snapshot.routes ??= routePlans.scope()).set(route, plan, weight);
  return plan;
}

/** The plan's headers for a body of content-type `type`, one that `bodyContentType` gives: made once. */
export function bodyHeaders(plan: RoutePlan, type: string): Readonly<Headers> {
  return (plan.bodyHeaders[type] ??= withContentType(plan.acceptedHeaders, type));
}

/** `headers` with content-type `type` unless they give one; key by key, as Node 20 adds to a spread slowly. */
function withContentType(headers: Readonly<Headers>, type: string): Readonly<Headers> {
  if (hasOwn(headers, "content-type")) return headers;
  const copy: Headers = {};
  for (const name of Object.keys(headers)) setOwn(copy, name, headers[name]);
  setOwn(copy, "content-type", type);
  return copy;
}

/** Each parameter of a url variable into its slot (an option never: `{url}`); returns the others. */
export function fillSlots(
  compiled: CompiledUrl,
  parameters: FlatParameters | undefined,
  slots: unknown[],
): FlatParameters | undefined {
  let rest: FlatParameters | undefined;
  for (let i = 0; parameters !== undefined && i < parameters.length; i += 2) {
    const slot = slotOf(compiled, parameters[i] as string);
    if (slot === undefined) (rest ??= []).push(parameters[i], parameters[i + 1]);
    else slots[slot] = parameters[i + 1];
  }
  return rest;
}
