import fc from "fast-check";
import { callable, EndpointBuilder, EndpointError } from "../lib/index.js";
import type { EndpointOptions } from "../lib/index.js";

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

class LockedEndpoint extends EndpointBuilder {
  override allowsAbsoluteUrl(): boolean {
    return false;
  }
}

describe("EndpointBuilder", () => {
  it("README example: a subclass with its own defaults, helpers and query style survives defaults() chains", () => {
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

  it("defaults() is associative in effect: one merged layer equals two layers (property)", () => {
    const value = fc.oneof(
      fc.integer(),
      fc.string({ maxLength: 5 }),
      fc.array(fc.integer(), { maxLength: 3 }),
    );
    const layer = fc.dictionary(fc.constantFrom("a", "b", "c", "per_page"), value, { maxKeys: 4 });
    fc.assert(
      fc.property(layer, layer, (x, y) => {
        const twoSteps = new EndpointBuilder().defaults(x).defaults(y);
        const oneStep = new EndpointBuilder().defaults({ ...x, ...y });
        expect(twoSteps.DEFAULTS).toStrictEqual(oneStep.DEFAULTS);
      }),
      { seed: 20261122, numRuns: 100 },
    );
  });
});
