// The per-call merge (lib/merge.ts: mergeOptions, and mergeCall, the one-pass merge of endpoint())
// and the .defaults() merge (lib/merge-defaults.ts, deepmerge) must mean the same. Seeded
// fast-check: the same cases on every run, and few enough to stay fast.
import fc from "fast-check";
import { EndpointBuilder } from "../lib/endpoint-builder.js";
import { mergeOptions } from "../lib/merge.js";
import { mergeDefaults } from "../lib/merge-defaults.js";
import { normalizeOptions } from "../lib/normalize.js";
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

/** One level of options: named options and parameters, in a random order. */
const options: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      method: fc.constantFrom("GET", "post", "DELETE"),
      baseUrl: fc.constantFrom("https://api.acme.test", "http://localhost:8080/v2/"),
      headers,
      mediaType,
      data: fc.oneof(fc.string({ maxLength: 4 }), fc.constant(SHARED_BYTES), fc.constant({ raw: true })),
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
      owner: fc.string({ maxLength: 6 }),
      repo: fc.string({ maxLength: 6 }),
      org: fc.string({ maxLength: 6 }),
    }),
    options,
  )
  .map(([placeholders, layer]) =>
    own([
      ...Object.entries(placeholders),
      ...Object.entries(layer).filter(([name]) => name !== "method" && name !== "url"),
    ]),
  );

const LIBRARY = new EndpointBuilder().DEFAULTS;

/** A DEFAULTS snapshot built by up to two `.defaults()` layers. */
const snapshot: fc.Arbitrary<EndpointDefaults> = fc
  .array(options, { maxLength: 2 })
  .map((layers) =>
    layers.reduce<EndpointDefaults>(
      (defaults, layer) => mergeDefaults(defaults, normalizeOptions(layer, undefined)),
      LIBRARY,
    ),
  );

describe("the per-call merge and the .defaults() merge mean the same", () => {
  it("mergeOptions(D, o) equals mergeDefaults(D, o), key order included, for random defaults and options", () => {
    fc.assert(
      fc.property(snapshot, options, (defaults, layer) => {
        const normalized = normalizeOptions(layer, undefined);
        const perCall = mergeOptions(defaults, normalized);
        const viaDeepmerge = mergeDefaults(defaults, normalizeOptions(layer, undefined));
        expect(sameInOrder(perCall, viaDeepmerge)).toBeUndefined();
        expect(Object.isFrozen(perCall)).toBe(false);
      }),
      settings,
    );
  });

  it("endpoint(route, o) equals parse(merge(route, o)), errors included, so the one-pass merge of endpoint() agrees", () => {
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
    fc.assert(
      fc.property(snapshot, route, callOptions, (defaults, path, layer) => {
        const builder = new EndpointBuilder(defaults as EndpointOptions);
        const direct = outcome(() => builder.endpoint(path, layer));
        const composed = outcome(() => builder.parse(builder.merge(path, layer)));
        cases += 1;
        if ("value" in direct && "value" in composed) {
          results += 1;
          expect(sameInOrder(direct.value, composed.value)).toBeUndefined();
        } else {
          expect(direct).toStrictEqual(composed);
        }
      }),
      settings,
    );
    // The cases are meant to succeed: the law was checked on many results, not only on errors.
    expect(results).toBeGreaterThan(cases / 2);
  });
});
