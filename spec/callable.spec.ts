import fc from "fast-check";
import { callable, endpoint, EndpointBuilder } from "../lib/index.js";
import type { EndpointOptions } from "../lib/index.js";
import { errorOf, outcome } from "./helpers/thrown.js";

class AcmeEndpoint extends EndpointBuilder {
  constructor(defaults?: EndpointOptions) {
    super({ baseUrl: "https://api.acme.test", org: "acme" }, defaults);
  }
  listRepos() {
    return this.endpoint("GET /orgs/{org}/repos");
  }
}

describe("callable()", () => {
  it("README example: the function interface over an app's builder", () => {
    const acmeEndpoint = callable(new AcmeEndpoint().defaults({ per_page: 50 }));
    expect(acmeEndpoint("GET /orgs/{org}/members").url).toBe(
      "https://api.acme.test/orgs/acme/members?per_page=50",
    );
    expect(acmeEndpoint.defaults({ per_page: 10 })("GET /orgs/{org}/teams").url).toBe(
      "https://api.acme.test/orgs/acme/teams?per_page=10",
    );
  });

  it("refuses what is not a builder at once, with ERR_INVALID_OPTIONS", () => {
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const expected = (what: string) => ({
      code: "ERR_INVALID_OPTIONS",
      message: `Invalid builder for callable(): ${what}; expected an EndpointBuilder (an object with endpoint, merge, parse and defaults methods)`,
    });
    const unreadable =
      "an object that cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)";
    expect(errorOf(() => callable(undefined as never))).toStrictEqual(expected("undefined"));
    // The usual mistake: the function interface given where its builder belongs.
    expect(errorOf(() => callable(endpoint as never))).toStrictEqual(expected("a function"));
    expect(errorOf(() => callable({ endpoint() {}, merge() {}, parse() {} } as never))).toStrictEqual(
      expected("an object"),
    );
    expect(errorOf(() => callable(revoked.proxy as never))).toStrictEqual(expected(unreadable));
    const throwing = Object.defineProperty({}, "endpoint", {
      get() {
        throw new Error("no");
      },
    });
    expect(errorOf(() => callable(throwing as never))).toStrictEqual(expected(unreadable));
  });

  it("exposes DEFAULTS, defaults, merge and parse of the builder, read-only", () => {
    const builder = new AcmeEndpoint();
    const fn = callable(builder);
    expect(fn.DEFAULTS).toBe(builder.DEFAULTS);
    expect(fn.merge("GET /x", { a: 1 })).toStrictEqual(builder.merge("GET /x", { a: 1 }));
    expect(fn.parse({ url: "/x", baseUrl: "https://a.test" })).toStrictEqual(
      builder.parse({ url: "/x", baseUrl: "https://a.test" }),
    );
    expect(() => {
      (fn as unknown as { merge: unknown }).merge = () => ({});
    }).toThrow(TypeError);
    expect(Object.keys(fn)).toEqual(["DEFAULTS", "defaults", "merge", "parse"]);
  });

  it("defaults() returns a callable over a new builder of the same subclass", () => {
    const fn = callable(new AcmeEndpoint());
    const derived = fn.defaults({ org: "other" });
    expect(derived.DEFAULTS.org).toBe("other");
    expect(fn.DEFAULTS.org).toBe("acme");
    expect(derived("GET /orgs/{org}").url).toBe("https://api.acme.test/orgs/other");
  });

  it("endpoint is callable(new EndpointBuilder()): the root is built like every derived one", () => {
    const root = callable(new EndpointBuilder());
    expect(endpoint.DEFAULTS).toStrictEqual(root.DEFAULTS);
    expect(endpoint("POST /x/{id}", { id: 1, a: 2 })).toStrictEqual(root("POST /x/{id}", { id: 1, a: 2 }));
  });

  it("endpoint(route, options) equals parse(merge(route, options)) (property, spec §4 rule 1)", () => {
    const method = fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "get", "post");
    const path = fc.constantFrom(
      "/",
      "/users/{id}",
      "/repos/:owner/:repo",
      "/search{?q}",
      "/a{/b}",
      "https://x.test/{id}",
    );
    const value = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
    );
    const params = fc.record(
      {
        id: value,
        owner: fc.string({ minLength: 1, maxLength: 5 }),
        repo: fc.string({ minLength: 1, maxLength: 5 }),
        q: value,
        b: value,
        extra: value,
      },
      { requiredKeys: ["id", "owner", "repo"] },
    );
    const mediaType = fc.record(
      {
        format: fc.constantFrom("", "raw", "diff"),
        previews: fc.array(fc.constantFrom("a", "b-preview"), { maxLength: 2 }),
      },
      { requiredKeys: [] },
    );
    const derived = endpoint.defaults({ per_page: 10, mediaType: { previews: ["base"] } });
    fc.assert(
      fc.property(method, path, params, mediaType, (m, p, ps, mt) => {
        const route = `${m} ${p}`;
        const options = { ...ps, mediaType: mt };
        for (const fn of [endpoint, derived]) {
          expect(outcome(() => fn(route, options))).toStrictEqual(
            outcome(() => fn.parse(fn.merge(route, options))),
          );
        }
      }),
      { seed: 4711, numRuns: 200 },
    );
  });
});
