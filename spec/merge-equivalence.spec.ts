// One merge (lib/merge.ts) serves .defaults(), merge() and endpoint(). Two laws hold it: the
// specification's `endpoint(r, o)` equals `parse(merge(r, o))`, errors included, and on plain
// trees our merge equals deepmerge configured with the contract's rules (deepmerge is the
// oracle, as url-template is for the template engine). Seeded fast-check: the same cases on
// every run, and few enough to stay fast.
import deepmerge from "deepmerge";
import fc from "fast-check";
import { EndpointBuilder } from "../lib/builder/endpoint-builder.js";
import { mergeLevels, mergeValue } from "../lib/pipeline/merge.js";
import { readLevel } from "../lib/pipeline/read-options.js";
import { isPlainObject } from "../lib/object.js";
import type { EndpointDefaults, EndpointOptions } from "../lib/types.js";
import { isPlain, own } from "./helpers/hostile.js";
import { outcome } from "./helpers/thrown.js";

const settings = { seed: 20261122, numRuns: 250 };

/** Equal as data, in key order at every depth; frozenness is ignored, non-plain values by reference. */
function sameInOrder(a: unknown, b: unknown, path = "$"): string | undefined {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return `${path}: arrays differ`;
    for (let i = 0; i < a.length; i++) {
      const difference = sameInOrder(a[i], b[i], `${path}[${i}]`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  if (isPlain(a) && isPlain(b)) {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.join("\u0000") !== keysB.join("\u0000")) {
      return `${path}: keys ${JSON.stringify(keysA)} vs ${JSON.stringify(keysB)}`;
    }
    for (const key of keysA) {
      const difference = sameInOrder(a[key], b[key], `${path}.${key}`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  return Object.is(a, b) ? undefined : `${path}: ${String(a)} vs ${String(b)}`;
}

const SHARED_DATE = new Date(0);
const SHARED_BYTES = new Uint8Array([1, 2]);

// Few names, so that defaults and options collide often; some of them are awkward on purpose.
const parameterName = fc.constantFrom(
  "owner",
  "repo",
  "org",
  "per_page",
  "q",
  "0",
  "constructor",
  "__proto__",
  "filter",
);
const leaf = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(SHARED_DATE),
  fc.constant(SHARED_BYTES),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
);
const nested: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: leaf },
  {
    weight: 1,
    arbitrary: fc
      .uniqueArray(fc.tuple(fc.constantFrom("a", "b", "__proto__", "toString"), leaf), {
        maxLength: 3,
        selector: ([key]) => key,
      })
      .map((entries) => own(entries)),
  },
);
const headers = fc
  .uniqueArray(
    fc.tuple(
      fc.constantFrom("accept", "Accept", "x-trace", "authorization", "content-type"),
      fc.constantFrom("a", "b", 1),
    ),
    { maxLength: 3, selector: ([key]) => key.toLowerCase() },
  )
  .map((entries) => own(entries));
const mediaType = fc.record(
  {
    format: fc.constantFrom("", "raw", "diff", "text+json"),
    previews: fc.array(fc.constantFrom("squirrel-girl", "symmetra-preview", "ant-man"), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);
const request = fc.oneof(
  fc.constant({ timeout: 5 }),
  fc.record({ hook: fc.constant(SHARED_DATE), retries: fc.nat(3) }, { requiredKeys: [] }),
);

/**
 * A plain `data` object, nested one level, with keys shared between levels so that defaults and a
 * call often both give one: `data` is replaced, never merged, so a deep merge of the two shows.
 */
const plainData: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.constantFrom("a", "b", "c"),
  fc.oneof(
    fc.integer(),
    fc.string({ maxLength: 3 }),
    fc.dictionary(fc.constantFrom("x", "y"), fc.integer(), { minKeys: 1, maxKeys: 2 }),
  ),
  { minKeys: 1, maxKeys: 3 },
);

/** One level of options: named options and parameters, in a random order. */
const options: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      method: fc.constantFrom("GET", "post", "DELETE"),
      baseUrl: fc.constantFrom("https://api.acme.test", "http://localhost:8080/v2/"),
      headers,
      mediaType,
      data: fc.oneof(fc.string({ maxLength: 4 }), fc.constant(SHARED_BYTES), fc.constant({ raw: true }), {
        weight: 3,
        arbitrary: plainData,
      }),
      request,
      parameters: fc.uniqueArray(fc.tuple(parameterName, nested), { maxLength: 5, selector: ([key]) => key }),
    },
    { requiredKeys: [] },
  )
  .chain((record) => {
    const { parameters = [], ...named } = record as Record<string, unknown> & {
      parameters?: [string, unknown][];
    };
    const entries: [string, unknown][] = [...Object.entries(named), ...parameters];
    return fc.shuffledSubarray(entries, { minLength: entries.length }).map((entries) => own(entries));
  });

/**
 * Call-level options for a route. The route gives the method and url, so the call gives neither
 * (either would conflict with the route, and most cases would end there); values for the routes'
 * placeholders come first, so that most cases get past a missing parameter and compare results.
 */
const callOptions: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.record({
      // Not empty: an empty whole path segment is an error (ERR_MISSING_PARAMETER), tested apart.
      owner: fc.string({ minLength: 1, maxLength: 6 }),
      repo: fc.string({ minLength: 1, maxLength: 6 }),
      org: fc.string({ minLength: 1, maxLength: 6 }),
    }),
    options,
  )
  .map(([placeholders, layer]) =>
    own([
      ...Object.entries(placeholders),
      ...Object.entries(layer).filter(([name]) => name !== "method" && name !== "url"),
    ]),
  );

/** A DEFAULTS snapshot built by up to two `.defaults()` layers. */
const snapshot: fc.Arbitrary<EndpointDefaults> = fc
  .array(options, { maxLength: 2 })
  .map(
    (layers) =>
      layers.reduce<EndpointBuilder>((builder, layer) => builder.defaults(layer), new EndpointBuilder())
        .DEFAULTS,
  );

// Plain trees without the keys deepmerge mishandles (it skips keys found on Object.prototype and
// assigns "__proto__" through the setter); those keys have their own example tests.
const plainTree: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
  tree: fc.dictionary(fc.constantFrom("a", "b", "c", "per_page", "0"), tie("value"), { maxKeys: 4 }),
  value: fc.oneof(
    { weight: 3, arbitrary: fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(SHARED_DATE)) },
    { weight: 1, arbitrary: fc.array(fc.integer(), { maxLength: 2 }) },
    { weight: 2, arbitrary: tie("tree") },
  ),
})).tree as fc.Arbitrary<Record<string, unknown>>;

/** deepmerge with the contract's rules: plain objects merge deeply, arrays and the rest are replaced. */
const oracle = (a: object, b: object): unknown =>
  deepmerge(a, b, {
    isMergeableObject: isPlainObject,
    arrayMerge: (_target: unknown[], source: unknown[]) => source,
  });

describe("one merge for .defaults(), merge() and endpoint()", () => {
  it("mergeValue(a, b) equals deepmerge(a, b) with the contract's options, key order included (the oracle)", () => {
    fc.assert(
      fc.property(plainTree, plainTree, (a, b) => {
        expect(sameInOrder(mergeValue(a, b), oracle(a, b))).toBeUndefined();
      }),
      settings,
    );
  });

  it("mergeLevels(D, o) merges parameters as deepmerge does, and changes neither level", () => {
    fc.assert(
      fc.property(snapshot, options, (defaults, layer) => {
        const level = readLevel(layer, undefined, true);
        const entries = level.entries!;
        const keys = entries.filter((_, i) => i % 2 === 0) as string[];
        const normalized = Object.fromEntries(keys.map((key, i) => [key, entries[2 * i + 1]]));
        const before = JSON.stringify(layer);
        const merged = mergeLevels(defaults, level);
        expect(JSON.stringify(layer)).toBe(before);
        for (const key of keys) {
          if (["method", "url", "baseUrl", "headers", "mediaType", "data", "request"].includes(key)) continue;
          if (["__proto__", "constructor"].includes(key)) continue;
          const current = Object.prototype.hasOwnProperty.call(defaults, key)
            ? (defaults as Record<string, unknown>)[key]
            : undefined;
          const mishandled = /__proto__|toString|constructor/;
          if (mishandled.test(JSON.stringify([current, normalized[key]]) ?? "")) continue;
          const expected =
            isPlainObject(current) && isPlainObject(normalized[key])
              ? oracle(current, normalized[key] as object)
              : normalized[key];
          expect(sameInOrder(merged[key], expected)).toBeUndefined();
        }
      }),
      settings,
    );
  });

  it("merge() returns a mutable object, and changing it never changes the builder", () => {
    fc.assert(
      fc.property(snapshot, options, (defaults, layer) => {
        const builder = new EndpointBuilder(defaults as EndpointOptions);
        const merged = outcome(() => builder.merge({ ...layer, url: "/x", method: "GET" }));
        if (!("value" in merged)) return;
        const value = merged.value as Record<string, unknown>;
        expect(Object.isFrozen(value)).toBe(false);
        expect(Object.isFrozen(value.headers)).toBe(false);
        expect(Object.isFrozen((value.mediaType as { previews: unknown }).previews)).toBe(false);
      }),
      settings,
    );
  });

  it("endpoint(route, o) equals parse(merge(route, o)), errors included, on a route's first call and through its plan", () => {
    const route = fc.constantFrom(
      "GET /repos/{owner}/{repo}",
      "POST /orgs/{org}/repos",
      "DELETE /repos/:owner/:repo",
      "PATCH /search{?q}",
      "POST https://uploads.acme.test/repos/{owner}/assets{?q,per_page}",
      "/orgs/{org}",
      "PUT /x/{url}",
    );
    let cases = 0;
    let results = 0;
    let bothData = 0;
    fc.assert(
      fc.property(snapshot, route, callOptions, (defaults, path, layer) => {
        const builder = new EndpointBuilder(defaults as EndpointOptions);
        if (isPlain(defaults.data) && isPlain(layer.data)) bothData += 1;
        const direct = outcome(() => builder.endpoint(path, layer));
        // Again: now through the plan the first call made for this snapshot and route, whose walk
        // places the parameters into the url's slots as it reads them.
        const planned = outcome(() => builder.endpoint(path, layer));
        const composed = outcome(() => builder.parse(builder.merge(path, layer)));
        cases += 1;
        if ("value" in direct && "value" in composed && "value" in planned) {
          results += 1;
          expect(sameInOrder(direct.value, composed.value)).toBeUndefined();
          expect(sameInOrder(planned.value, composed.value)).toBeUndefined();
        } else {
          expect(direct).toStrictEqual(composed);
          expect(planned).toStrictEqual(composed);
        }
      }),
      settings,
    );
    // The cases are meant to succeed: the law was checked on many results, not only on errors.
    expect(results).toBeGreaterThan(cases / 2);
    // ...and on defaults and a call that both give a plain `data` object.
    expect(bothData).toBeGreaterThan(cases / 20);
  });

  it("data is replaced, never merged, by .defaults(), merge() and endpoint()", () => {
    fc.assert(
      fc.property(plainData, plainData, (earlier, later) => {
        const builder = new EndpointBuilder({ data: earlier });
        expect(builder.merge("POST /x", { data: later }).data).toBe(later);
        expect(builder.endpoint("POST /x", { data: later }).body).toBe(later);
        expect(sameInOrder(builder.defaults({ data: later }).DEFAULTS.data, later)).toBeUndefined();
        expect(
          sameInOrder(builder.defaults({ data: later }).endpoint("POST /x").body, later),
        ).toBeUndefined();
      }),
      settings,
    );
  });
});
