import { NO_MEDIA_TYPE, mergeMediaType } from "../media-type.js";
import { cloneDeep, own, setOwn } from "../object.js";
import { bodyContentType, buildRequest, isBodyMethod } from "../request/build.js";
import { emptySlots } from "../request/compile-url.js";
import type { FlatParameters, Level, RequestPolicy, RoutePlan, SnapshotPlan } from "./types.js";
import { parseRoute } from "../route.js";
import type { Headers, MediaType, RequestMeta, RequestOptions } from "../types.js";
import { mergeValue } from "./merge.js";
import { bodyHeaders, cachedPlan, checkUrl, fillSlots, makePlan } from "./plan.js";
import { readLevel } from "./read-options.js";

/** `parse(merge(route, options))` in one pass: the call's options read once, over the route's plan. */
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
    const url = checkUrl(call.url ?? own(defaults, "url"));
    plan =
      (parsed === undefined ? snapshot.urls?.get(url) : undefined) ?? makePlan(snapshot, url, parsed, route);
    call.slots = emptySlots(plan.compiled);
    call.entries = fillSlots(plan.compiled, call.entries, call.slots);
  }
  const leftover = mergeParameters(plan, call);
  const method = call.method ?? plan.method;
  const hasData = call.hasData || plan.hasData;
  const data = call.hasData ? call.data : plan.data;
  let headers: Headers;
  let mediaType: MediaType = NO_MEDIA_TYPE;
  if (call.headers === undefined && call.mediaType === undefined) {
    // The plan's headers for a body of this kind (buildRequest would add its content-type).
    const type =
      (hasData || leftover !== undefined) && isBodyMethod(method)
        ? bodyContentType(hasData, data)
        : undefined;
    headers = { ...(type === undefined ? plan.acceptedHeaders : bodyHeaders(plan, type)) };
  } else {
    // The call's headers were read over the defaults' (readLevel's `headersOver`).
    headers = (call.headers as Headers | undefined) ?? { ...plan.headers };
    mediaType = plan.mediaType;
    if (call.mediaType !== undefined) mediaType = mergeMediaType(mediaType, call.mediaType);
  }
  const request =
    call.request === undefined || plan.request === undefined
      ? (call.request ?? plan.request)
      : (mergeValue(cloneDeep(plan.request), call.request) as RequestMeta);
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
    leftoverHoldsFrozen: plan.leftoverHoldsFrozen,
    hasData,
    data,
    request,
  });
}

/** The call's parameters over the plan's, as merge() merges them: fills the slots, returns the leftover. */
function mergeParameters(plan: RoutePlan, call: Level): FlatParameters | undefined {
  const slots = call.slots!;
  for (let slot = 0; plan.hasSlots && slot < slots.length; slot++) {
    const given = plan.slots[slot];
    if (given !== undefined) slots[slot] = slots[slot] === undefined ? given : mergeValue(given, slots[slot]);
  }
  if (plan.leftover.length === 0) return call.entries;
  const leftover = plan.leftover.slice();
  const given = call.entries ?? [];
  for (let i = 0; i < given.length; i += 2) {
    const key = given[i] as string;
    const index = plan.leftoverIndex.get(key);
    if (index === undefined) leftover.push(key, given[i + 1]);
    else leftover[index + 1] = mergeValue(leftover[index + 1], given[i + 1]); // never undefined: readLevel drops it
  }
  // An object lists array-index keys first, ascending (ECMA-262 §10.1.11.1): so does merge().
  for (let i = 0; i < leftover.length; i += 2) {
    const first = (leftover[i] as string).charCodeAt(0);
    if (first >= 0x30 && first <= 0x39) return orderLikeObject(leftover);
  }
  return leftover;
}

/** Flat parameters in the order an object built by setting them in turn lists its keys. */
function orderLikeObject(flat: FlatParameters): FlatParameters {
  const object: Record<string, unknown> = {};
  for (let i = 0; i < flat.length; i += 2) setOwn(object, flat[i] as string, flat[i + 1]);
  const ordered: FlatParameters = [];
  for (const key of Object.keys(object)) ordered.push(key, object[key]);
  return ordered;
}
