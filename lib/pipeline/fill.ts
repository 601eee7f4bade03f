import { mergeMediaType } from "../media-type.js";
import { cloneDeep, own, setOwn } from "../object.js";
import { buildRequest, isBodyMethod } from "../request/build.js";
import { emptySlots } from "../request/compile-url.js";
import type { FlatParameters, Level, RequestPolicy, RoutePlan, SnapshotPlan } from "./types.js";
import { parseRoute } from "../route.js";
import type { Headers, MediaType, RequestMeta, RequestOptions } from "../types.js";
import { mergeValue } from "./merge.js";
import { cachedPlan, checkUrl, fillSlots, makePlan } from "./plan.js";
import { readLevel } from "./read-options.js";

/**
 * `endpoint(route, options)` as `parse(merge(route, options))` in one pass: the call's options
 * read once into the slots of the route's plan, and merged over it by the merge's own rules.
 */
export function fill(
  policy: RequestPolicy,
  snapshot: SnapshotPlan,
  route: unknown,
  options: object | undefined,
): RequestOptions {
  const { defaults } = snapshot;
  let plan = typeof route === "string" ? cachedPlan(snapshot, route) : undefined;
  const call = readLevel(route, options, false, plan?.headers ?? defaults.headers, plan);
  if (plan === undefined) {
    const parsed = typeof route === "string" ? parseRoute(route) : undefined;
    plan = makePlan(snapshot, checkUrl(call.url ?? own(defaults, "url")), parsed, route);
    call.slots = emptySlots(plan.compiled);
    call.entries = fillSlots(plan.compiled, call.entries, call.slots);
  }
  const leftover = mergeParameters(plan, call);
  const method = call.method ?? plan.method;
  const hasData = call.hasData || plan.hasData;
  let headers: Headers;
  let mediaType: MediaType = NO_MEDIA_TYPE;
  if (call.headers === undefined && call.mediaType === undefined) {
    // A body of parameters gets the JSON content-type (as buildRequest would add it).
    const json = leftover !== undefined && !hasData && isBodyMethod(method);
    headers = { ...(json ? plan.jsonHeaders : plan.acceptedHeaders) };
  } else {
    // The call's headers were read over the defaults' (readLevel's `headersOver`).
    headers = (call.headers as Headers | undefined) ?? { ...plan.headers };
    mediaType = plan.mediaType;
    if (call.mediaType !== undefined) mediaType = mergeMediaType(mediaType, call.mediaType);
  }
  let request = plan.request;
  if (call.request !== undefined) {
    request =
      request === undefined ? call.request : (mergeValue(cloneDeep(request), call.request) as RequestMeta);
  }
  const baseUrl = call.baseUrl ?? plan.baseUrl;
  return buildRequest(policy, plan.compiled, {
    method,
    baseUrl,
    baseUrlChecked: baseUrl === plan.checkedBaseUrl,
    headers,
    format: mediaType.format,
    previews: mediaType.previews,
    slots: call.slots!,
    leftover,
    hasData,
    data: call.hasData ? call.data : plan.data,
    request,
  });
}

const NO_MEDIA_TYPE: MediaType = { format: "", previews: [] };

/**
 * The call's parameters over the plan's, as merge() merges them into an object: the plan's keys
 * keep their place, new ones follow, array-index keys first (CONTRACT.md, "Merging"). Changes the
 * call's slots; returns the leftover parameters.
 */
function mergeParameters(plan: RoutePlan, call: Level): FlatParameters | undefined {
  const slots = call.slots!;
  for (let slot = 0; plan.hasSlots && slot < slots.length; slot++) {
    const given = plan.slots[slot];
    if (given !== undefined) slots[slot] = mergeParameter(given, slots[slot]);
  }
  if (plan.leftover.length === 0) return call.entries;
  const merged: Record<string, unknown> = {};
  for (const flat of [plan.leftover, call.entries ?? []]) {
    for (let i = 0; i < flat.length; i += 2) {
      const key = flat[i] as string;
      setOwn(merged, key, mergeParameter(own(merged, key), flat[i + 1]));
    }
  }
  const leftover: FlatParameters = [];
  for (const key of Object.keys(merged)) leftover.push(key, merged[key]);
  return leftover;
}

/** `value` over `current`, as the merge merges a parameter: two plain objects deeply, else `value`. */
function mergeParameter(current: unknown, value: unknown): unknown {
  return value === undefined ? current : mergeValue(current, value);
}
