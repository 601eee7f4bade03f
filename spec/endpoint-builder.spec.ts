import fc from "fast-check";
import { callable, EndpointBuilder, EndpointError, VERSION } from "../lib/index.js";
import type { EndpointOptions, MergedOptions, ParseInput, RequestOptions, Route } from "../lib/index.js";
import { LockedEndpoint } from "./helpers/locked-endpoint.js";
import { errorOf } from "./helpers/thrown.js";

class AcmeEndpoint extends EndpointBuilder {
  constructor(defaults?: EndpointOptions) {
    super(
      { baseUrl: "https://api.acme.test", org: "acme", headers: { "user-agent": "acme-app/2.0" } },
      defaults,
    );
  }

  listRepos(options?: EndpointOptions) {
    return this.endpoint("GET /orgs/{org}/repos", options);
  }

  override serializeQuery(parameters: ReadonlyArray<readonly [string, unknown]>): string {
    return parameters
      .flatMap(([key, value]) =>
        Array.isArray(value)
          ? value.map((item) => `${encodeURIComponent(key)}[]=${encodeURIComponent(String(item))}`)
          : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`],
      )
      .join("&");
  }
}

/**
 * The expected deep merge, as ordinary objects: plain objects merge key by key at every depth,
 * anything else in `later` replaces (arrays included).
 */
function deepMerged(earlier: unknown, later: unknown): unknown {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null && !Array.isArray(value);
  if (!isObject(later)) return later;
  const result: Record<string, unknown> = {};
  if (isObject(earlier))
    for (const [key, value] of Object.entries(earlier)) result[key] = deepMerged(undefined, value);
  for (const [key, value] of Object.entries(later)) result[key] = deepMerged(result[key], value);
  return result;
}

describe("EndpointBuilder", () => {
  it("a subclass with its own defaults, a helper method and a Rails-style query with unencoded brackets (ids[]=1) survives defaults() chains", () => {
    const acme = new AcmeEndpoint();
    const paged = acme.defaults({ per_page: 50 }).defaults({ headers: { authorization: "token abc" } });
    expect(paged).toBeInstanceOf(AcmeEndpoint);
    expect(paged.listRepos({ ids: [1, 2] })).toStrictEqual({
      method: "get",
      url: "https://api.acme.test/orgs/acme/repos?per_page=50&ids[]=1&ids[]=2",
      headers: {
        accept: "application/vnd.service.v3+json",
        "user-agent": "acme-app/2.0",
        authorization: "token abc",
      },
    });
    expect(acme.DEFAULTS).not.toHaveProperty("per_page");
  });

  it("a subclass that overrides parse() or merge() gets its override through endpoint() too (spec §4 rule 1)", () => {
    // Rule 1: endpoint(o) gives what parse(merge(o)) gives, for a subclass's own methods too
    // (review 2026-11-26: endpoint() ran the one-pass pipeline and skipped both overrides).
    class Signed extends EndpointBuilder {
      override parse(options: ParseInput): RequestOptions {
        const request = super.parse(options);
        return { ...request, headers: { ...request.headers, "x-signature": `sig:${request.url}` } };
      }
    }
    class Tenant extends EndpointBuilder {
      override merge(route: Route | EndpointOptions, options?: EndpointOptions): MergedOptions {
        const merged = (super.merge as (r: unknown, o?: unknown) => MergedOptions)(route, options);
        return { ...merged, tenant: "t1" };
      }
    }
    const signed = new Signed().defaults({ baseUrl: "https://api.acme.test" });
    const expected = {
      method: "get",
      url: "https://api.acme.test/users/7",
      headers: {
        accept: "application/vnd.service.v3+json",
        "user-agent": `service-endpoint.js/${VERSION}`,
        "x-signature": "sig:https://api.acme.test/users/7",
      },
    };
    expect(signed.endpoint("GET /users/{id}", { id: 7 })).toStrictEqual(expected);
    expect(callable(signed)("GET /users/{id}", { id: 7 })).toStrictEqual(expected);
    expect(callable(signed).defaults({})({ url: "/users/{id}", id: 7 })).toStrictEqual(expected);
    const tenant = new Tenant();
    expect(tenant.endpoint("GET /users/{id}", { id: 7 }).url).toBe(
      "https://api.service.example/users/7?tenant=t1",
    );
    expect(tenant.endpoint("GET /users/{id}", { id: 7 })).toStrictEqual(
      tenant.parse(tenant.merge("GET /users/{id}", { id: 7 })),
    );
    // What the app's own method throws reaches the caller unchanged, not as ERR_INVALID_OPTIONS.
    const thrown = new Error("no key to sign with");
    class Failing extends EndpointBuilder {
      override parse(): RequestOptions {
        throw thrown;
      }
    }
    expect(() => new Failing().endpoint("GET /x")).toThrow(thrown);
    // Called on no builder, endpoint() still says so.
    const { endpoint: detached } = signed;
    expect(() => (detached as (route: string) => unknown)("GET /x")).toThrow(
      "Invalid call: endpoint() was called on undefined, not on a builder; call builder.endpoint(…), or use callable(builder)",
    );
  });

  it("new EndpointBuilder() carries the library defaults; layers merge over them in order", () => {
    expect(new EndpointBuilder().DEFAULTS).toStrictEqual(new EndpointBuilder({}).DEFAULTS);
    const builder = new EndpointBuilder({ org: "a", per_page: 1 }, undefined, { org: "b" });
    expect(builder.DEFAULTS).toMatchObject({ org: "b", per_page: 1, baseUrl: "https://api.service.example" });
  });

  it("endpoint(), merge() and parse() are the specification's operations", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test" });
    const merged = builder.merge("GET /users/{id}", { id: 7 });
    expect(merged).toMatchObject({
      method: "GET",
      url: "/users/{id}",
      id: 7,
      baseUrl: "https://api.acme.test",
    });
    expect(builder.parse(merged)).toStrictEqual(builder.endpoint("GET /users/{id}", { id: 7 }));
    expect(builder.endpoint({ url: "/users/{id}", id: 7 }).url).toBe("https://api.acme.test/users/7");
  });

  it("a subclass policy can forbid absolute urls replacing baseUrl, and keeps it through defaults() and callable()", () => {
    const locked = new LockedEndpoint({ headers: { authorization: "token secret" } }).defaults({
      org: "acme",
    });
    expect(locked).toBeInstanceOf(LockedEndpoint);
    expect(locked.endpoint("GET /orgs/{org}").url).toBe("https://api.service.example/orgs/acme");
    const lockedEndpoint = callable(locked);
    for (const run of [
      () => locked.endpoint("GET {+next}", { next: "https://evil.test/steal" }),
      () => lockedEndpoint.defaults({})("GET https://evil.test/steal"),
    ]) {
      expect(run).toThrow(EndpointError);
      expect(run).toThrow(
        'Absolute url "https://evil.test/steal" is not allowed by this builder: only paths below baseUrl "https://api.service.example"',
      );
    }
  });

  it("a DEFAULTS snapshot among other layers is one layer: the layers before it are kept", () => {
    // docs/design/04-subclass-constructor-defaults-first.md: only the snapshot `.defaults()` made for the class being constructed is
    // taken as it is under that class's own layers.
    const other = new EndpointBuilder({ per_page: 5 });
    expect(new EndpointBuilder({ org: "acme" }, other.DEFAULTS).DEFAULTS).toStrictEqual(
      new EndpointBuilder({ org: "acme", per_page: 5 }).DEFAULTS,
    );
    const acme = new AcmeEndpoint(new EndpointBuilder().DEFAULTS).DEFAULTS;
    // The library's baseUrl and user-agent come last and win; the org of Acme's layer stays.
    expect(acme).toMatchObject({ baseUrl: "https://api.service.example", org: "acme" });
    expect(acme.headers["user-agent"]).toBe(new EndpointBuilder().DEFAULTS.headers["user-agent"]);
    // A snapshot alone is taken as it is, and so is the one an AcmeEndpoint's defaults() made.
    const made = new AcmeEndpoint().defaults({ org: "other" });
    expect(new EndpointBuilder(made.DEFAULTS).DEFAULTS).toBe(made.DEFAULTS);
    expect(new AcmeEndpoint(made.DEFAULTS).DEFAULTS).toBe(made.DEFAULTS);
  });

  it("a header a subclass's defaults() removed stays removed in the builders derived from it", () => {
    const bare = new AcmeEndpoint().defaults({ headers: { "user-agent": null } });
    expect(bare).toBeInstanceOf(AcmeEndpoint);
    expect(bare.DEFAULTS.headers).toStrictEqual({ accept: "application/vnd.service.v3+json" });
    expect(bare.defaults({ per_page: 2 }).DEFAULTS.headers).toStrictEqual({
      accept: "application/vnd.service.v3+json",
    });
    expect(bare.defaults({ per_page: 2 }).listRepos().headers).toStrictEqual({
      accept: "application/vnd.service.v3+json",
    });
  });

  it("a method taken off its builder says so, instead of blaming the options", () => {
    const builder = new AcmeEndpoint();
    // The types already refuse most of these (the methods declare their `this`): plain JavaScript does not.
    const { merge, parse, defaults } = builder;
    const endpoint = builder.endpoint as unknown as (route: string) => unknown;
    const message = (method: string, what: string) =>
      `Invalid call: ${method}() was called on ${what}, not on a builder; call builder.${method}(…), or use callable(builder)`;
    const detached = (method: string) => ({
      code: "ERR_INVALID_OPTIONS",
      message: message(method, "undefined"),
    });
    expect(errorOf(() => endpoint("GET /x"))).toStrictEqual(detached("endpoint"));
    expect(errorOf(() => merge("GET /x"))).toStrictEqual(detached("merge"));
    expect(errorOf(() => parse({ url: "/x" }))).toStrictEqual(detached("parse"));
    expect(errorOf(() => defaults({}))).toStrictEqual(detached("defaults"));
    expect(errorOf(() => EndpointBuilder.prototype.endpoint.call({}, "GET /x"))).toStrictEqual({
      code: "ERR_INVALID_OPTIONS",
      message: message("endpoint", "an object"),
    });
    // On a builder, errors are what they were.
    expect(errorOf(() => builder.endpoint("GET /x/{y}")).code).toBe("ERR_MISSING_PARAMETER");
  });

  it("a subclass layer placed after the defaults argument still wins in every derived builder", () => {
    class ForcedEndpoint extends EndpointBuilder {
      constructor(defaults?: EndpointOptions) {
        super(defaults, { headers: { "x-forced": "yes" } });
      }
    }
    const derived = new ForcedEndpoint().defaults({ headers: { "x-forced": "no", "x-other": "1" } });
    expect(derived).toBeInstanceOf(ForcedEndpoint);
    expect(derived.DEFAULTS.headers).toMatchObject({ "x-forced": "yes", "x-other": "1" });
    expect(new ForcedEndpoint().defaults({ org: "a" }).defaults({ org: "b" }).DEFAULTS).toStrictEqual(
      new EndpointBuilder({ org: "b", headers: { "x-forced": "yes" } }).DEFAULTS,
    );
  });

  it("the root builder allows absolute urls, as the specification says", () => {
    expect(new EndpointBuilder().endpoint("GET {+next}", { next: "https://other.test/page/2" }).url).toBe(
      "https://other.test/page/2",
    );
  });

  it("is immutable: DEFAULTS is deep-frozen and cannot be reassigned", () => {
    const builder = new EndpointBuilder({ filter: { labels: ["a"] } });
    expect(Object.isFrozen(builder.DEFAULTS)).toBe(true);
    expect(Object.isFrozen(builder.DEFAULTS.headers)).toBe(true);
    expect(Object.isFrozen((builder.DEFAULTS.filter as { labels: string[] }).labels)).toBe(true);
    expect(() => {
      (builder.DEFAULTS.headers as Record<string, string>).accept = "x";
    }).toThrow(TypeError);
  });

  it("defaults() chains equal the constructor's layers and the deep merge of nested layers (property)", () => {
    const leaf = fc.oneof(
      fc.integer(),
      fc.string({ maxLength: 5 }),
      fc.array(fc.integer(), { maxLength: 3 }),
    );
    // Few keys at each depth, so that layers collide: objects over objects merge, anything else replaces.
    const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        { weight: 2, arbitrary: leaf },
        { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("x", "y", "z"), tie("value"), { maxKeys: 3 }) },
      ),
    })).value;
    const headers = fc.dictionary(
      fc.constantFrom("accept", "x-trace", "authorization"),
      fc.constantFrom("a", "b", "token c"),
      { maxKeys: 2 },
    );
    const layer = fc
      .tuple(
        fc.dictionary(fc.constantFrom("a", "b", "c", "per_page"), value, { maxKeys: 4 }),
        fc.option(headers, { nil: undefined }),
      )
      .map(([parameters, layerHeaders]) =>
        layerHeaders === undefined ? parameters : { ...parameters, headers: layerHeaders },
      );
    fc.assert(
      fc.property(layer, layer, layer, (w, x, y) => {
        const chained = new EndpointBuilder(w).defaults(x).defaults(y).DEFAULTS;
        expect(chained).toStrictEqual(new EndpointBuilder(w, x, y).DEFAULTS);
        expect(new EndpointBuilder().defaults(x).defaults(y).DEFAULTS).toStrictEqual(
          new EndpointBuilder(x, y).DEFAULTS,
        );
        const library = new EndpointBuilder().DEFAULTS as unknown as Record<string, unknown>;
        expect(chained).toStrictEqual(deepMerged(deepMerged(deepMerged(library, w), x), y));
      }),
      { seed: 20261122, numRuns: 200 },
    );
  });
});
