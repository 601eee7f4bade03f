// Issue 4, points 1–4, on generated hostile input (fast-check, seeded and bounded: the same
// cases on every run, a few seconds in all). The long run is scripts/fuzz.mjs; every case it
// or this file ever found is pinned in security.regressions.spec.ts.
import fc from "fast-check";
import { EndpointBuilder, EndpointError, callable, endpoint } from "../lib/index.js";
import type { EndpointOptions, ParseInput } from "../lib/index.js";
import {
  assertDeepFrozen,
  assertWellFormed,
  attempt,
  checkCase,
  fingerprint,
  hostileCase,
  hostileOptions,
  hostileString,
  hostileValue,
  own,
  prototypeKeys,
  validCase,
} from "./helpers/hostile.js";
import { LockedEndpoint } from "./helpers/locked-endpoint.js";

const lib = { EndpointBuilder, EndpointError, callable, endpoint };
const settings = { seed: 4242, numRuns: 300 };

describe("hostile input (issue 4, points 1–4)", () => {
  it("every call answers with well-formed request options or an EndpointError, mutates nothing, pollutes nothing", () => {
    fc.assert(
      fc.property(hostileCase, (testCase) => {
        checkCase(lib, testCase);
      }),
      settings,
    );
  });

  it("the same holds for valid input, where the laws see real results: endpoint(x) = parse(merge(x))", () => {
    const outcomes: string[] = [];
    fc.assert(
      fc.property(validCase, (testCase) => {
        outcomes.push(checkCase(lib, testCase));
      }),
      settings,
    );
    // The cases are meant to succeed: the laws were checked on many results, not only on errors.
    expect(outcomes.filter((label) => label.startsWith("ok:")).length).toBeGreaterThan(outcomes.length / 2);
  });

  it("parse() of any hand-made object answers the same way and mutates nothing", () => {
    fc.assert(
      fc.property(hostileOptions, (input) => {
        const before = fingerprint(input);
        const protoBefore = prototypeKeys();
        const outcome = attempt(lib, "parse()", () => endpoint.parse(input as ParseInput));
        if (outcome.ok) {
          const merged = input as Record<string, unknown>;
          assertWellFormed(outcome.value, merged.baseUrl, merged.url, "parse()");
        }
        expect(fingerprint(input)).toBe(before);
        expect(prototypeKeys()).toBe(protoBefore);
      }),
      settings,
    );
  });

  it("an own __proto__ header, at any position and with any value, never drops the default headers", () => {
    fc.assert(
      fc.property(hostileString, fc.boolean(), (value, first) => {
        const headers = first
          ? JSON.parse(`{"__proto__": ${JSON.stringify(value)}, "x-id": "1"}`)
          : JSON.parse(`{"x-id": "1", "__proto__": ${JSON.stringify(value)}}`);
        const outcome = attempt(lib, "endpoint()", () => endpoint("GET /", { headers }));
        if (outcome.ok) {
          const result = outcome.value as { headers: Record<string, unknown> };
          expect(result.headers.accept).toBe("application/vnd.service.v3+json");
          expect(result.headers["user-agent"]).toMatch(/^service-endpoint\.js\//);
          expect(result.headers["x-id"]).toBe("1");
          expect(Object.getPrototypeOf(result.headers)).toBe(Object.prototype);
        } else {
          expect(outcome.code).toBe("ERR_INVALID_HEADER");
        }
      }),
      settings,
    );
  });

  it("DEFAULTS is deep-frozen at every level of a chain, and the caller's objects are never frozen", () => {
    const layer = fc
      .array(
        fc.tuple(fc.constantFrom("a", "b", "__proto__", "constructor", "data", "request"), hostileValue),
        {
          maxLength: 4,
        },
      )
      .map((entries) => own(entries));
    fc.assert(
      fc.property(fc.array(layer, { minLength: 1, maxLength: 3 }), (layers) => {
        const before = fingerprint(layers);
        let fn = endpoint;
        for (const options of layers) {
          const next = attempt(lib, "defaults()", () => fn.defaults(options as EndpointOptions));
          if (!next.ok) break;
          fn = next.value as typeof endpoint;
          expect(() => assertDeepFrozen(fn.DEFAULTS, "")).not.toThrow();
        }
        expect(fingerprint(layers)).toBe(before);
      }),
      settings,
    );
  });

  it("a builder that forbids absolute urls never sends a request to another origin", () => {
    const locked = callable(
      new LockedEndpoint({ baseUrl: "https://api.acme.example", headers: { authorization: "token secret" } }),
    );
    const template = fc.constantFrom(
      "{+next}",
      "/{+next}",
      "{next}",
      "{#next}",
      "/:next",
      "{/next}",
      "{+next}{?q}",
    );
    fc.assert(
      fc.property(
        template,
        fc.oneof(
          hostileString,
          fc.constantFrom(
            "https://evil.example/steal",
            "//evil.example",
            "HTTPS://EVIL.EXAMPLE",
            "http:/\\evil.example",
            "https:evil.example",
            "@evil.example",
          ),
        ),
        (url, next) => {
          const outcome = attempt(lib, "locked()", () => locked(url, { next, q: "1" }));
          if (outcome.ok) {
            const result = outcome.value as { url: string };
            expect(new URL(result.url).origin).toBe("https://api.acme.example");
          }
        },
      ),
      settings,
    );
  });
});
