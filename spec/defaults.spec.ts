import { endpoint, EndpointBuilder, VERSION } from "../lib/index.js";
import { assertDeepFrozen } from "./helpers/hostile.js";
import { errorOf } from "./helpers/thrown.js";

const USER_AGENT = `service-endpoint.js/${VERSION}`;

describe("endpoint.defaults()", () => {
  it("README example: two levels cascade, later values win, the global accept is kept", () => {
    const acme = endpoint.defaults({
      baseUrl: "https://github-enterprise.acme.test/api/v3",
      headers: { "user-agent": "acme-app/1.2.3", authorization: "token abc" },
      org: "acme",
      per_page: 100,
    });
    const acmeDiffs = acme.defaults({ mediaType: { format: "diff" } });
    expect(acmeDiffs.DEFAULTS).toStrictEqual({
      method: "GET",
      baseUrl: "https://github-enterprise.acme.test/api/v3",
      headers: {
        accept: "application/vnd.service.v3+json",
        "user-agent": "acme-app/1.2.3",
        authorization: "token abc",
      },
      mediaType: { format: "diff", previews: [] },
      org: "acme",
      per_page: 100,
    });
    expect(acmeDiffs("GET /orgs/{org}/repos")).toStrictEqual({
      method: "get",
      url: "https://github-enterprise.acme.test/api/v3/orgs/acme/repos?per_page=100",
      headers: {
        accept: "application/vnd.service.v3.diff",
        "user-agent": "acme-app/1.2.3",
        authorization: "token abc",
      },
    });
  });

  it("DEFAULTS before and after defaults(): the original is unchanged", () => {
    const before = endpoint.DEFAULTS;
    expect(before).toStrictEqual({
      method: "GET",
      baseUrl: "https://api.service.example",
      headers: { accept: "application/vnd.service.v3+json", "user-agent": USER_AGENT },
      mediaType: { format: "", previews: [] },
    });
    const derived = endpoint.defaults({ baseUrl: "https://api.acme.test", headers: { "x-team": "rockets" } });
    expect(endpoint.DEFAULTS).toBe(before);
    expect(endpoint.DEFAULTS.baseUrl).toBe("https://api.service.example");
    expect(derived.DEFAULTS.baseUrl).toBe("https://api.acme.test");
    expect(derived.DEFAULTS.headers).toStrictEqual({
      accept: "application/vnd.service.v3+json",
      "user-agent": USER_AGENT,
      "x-team": "rockets",
    });
  });

  it("each level adds to the previous one; a later level overrides an earlier value", () => {
    const level1 = endpoint.defaults({ org: "acme", per_page: 10, headers: { "x-a": "1" } });
    const level2 = level1.defaults({ per_page: 50, headers: { "x-b": "2" } });
    const level3 = level2.defaults({ headers: { "X-A": "3" } });
    expect(level3("GET /orgs/{org}/repos")).toStrictEqual({
      method: "get",
      url: "https://api.service.example/orgs/acme/repos?per_page=50",
      headers: {
        accept: "application/vnd.service.v3+json",
        "user-agent": USER_AGENT,
        "x-a": "3",
        "x-b": "2",
      },
    });
  });

  it("previews set per call are merged with previews from defaults, earlier first, without duplicates", () => {
    const withPreviews = endpoint.defaults({ mediaType: { previews: ["jean-grey"] } });
    const more = withPreviews.defaults({
      mediaType: { previews: ["symmetra-preview", "jean-grey-preview"] },
    });
    expect(more.DEFAULTS.mediaType.previews).toStrictEqual(["jean-grey", "symmetra"]);
    expect(more("GET /", { mediaType: { previews: ["nebula"] } }).headers.accept).toBe(
      "application/vnd.service.jean-grey-preview+json,application/vnd.service.symmetra-preview+json,application/vnd.service.nebula-preview+json",
    );
  });

  it("merges plain objects deeply and replaces arrays and class instances by reference", () => {
    const date = new Date("2026-01-01T00:00:00Z");
    const base = endpoint.defaults({ filter: { state: "open", labels: ["a", "b"] }, since: date });
    const derived = base.defaults({ filter: { labels: ["c"], sort: "updated" } });
    expect(derived.DEFAULTS.filter).toStrictEqual({ state: "open", labels: ["c"], sort: "updated" });
    expect(derived.DEFAULTS.since).toBe(date);
  });

  it("drops keys whose value is undefined: they never override a default", () => {
    const derived = endpoint
      .defaults({ org: "acme" })
      .defaults({ org: undefined, headers: { accept: undefined } });
    expect(derived.DEFAULTS.org).toBe("acme");
    expect(derived.DEFAULTS.headers.accept).toBe("application/vnd.service.v3+json");
  });

  it("deep-freezes every snapshot and never freezes or mutates the caller's objects", () => {
    const headers = { authorization: "token abc" };
    const labels = ["bug"];
    const filter = { labels, nested: { deep: true } };
    const options = { headers, filter, mediaType: { previews: ["a"] } };
    const derived = endpoint.defaults(options);
    expect(() => assertDeepFrozen(derived.DEFAULTS, "")).not.toThrow();
    expect(() => assertDeepFrozen(endpoint.DEFAULTS, "")).not.toThrow();
    expect(Object.isFrozen(headers) || Object.isFrozen(labels) || Object.isFrozen(filter)).toBe(false);
    expect(Object.isFrozen(filter.nested)).toBe(false);
    expect(options).toStrictEqual({
      headers: { authorization: "token abc" },
      filter: { labels: ["bug"], nested: { deep: true } },
      mediaType: { previews: ["a"] },
    });
    expect(derived.DEFAULTS.filter).not.toBe(filter);
    labels.push("changed later");
    expect(derived.DEFAULTS.filter).toStrictEqual({ labels: ["bug"], nested: { deep: true } });
  });

  it("request and data set only in the defaults come out as the snapshot's own frozen objects (decisions §2)", () => {
    const request = { timeout: 5 };
    const data = { x: 1 };
    const derived = endpoint.defaults({ request, data });
    const result = derived("POST /x");
    expect(result.request).toBe(derived.DEFAULTS.request);
    expect(result.request).not.toBe(request);
    expect(result.request).toStrictEqual({ timeout: 5 });
    expect(Object.isFrozen(result.request)).toBe(true);
    expect(result.body).toBe(derived.DEFAULTS.data);
    expect(derived.merge("POST /x").request).toBe(derived.DEFAULTS.request);
  });

  it("a body merged from a call and the defaults is the caller's to change, at every depth", () => {
    // Found by review: a call's object merged over a default one kept the default's members frozen.
    const derived = endpoint.defaults({ q: { a: { b: 1 }, list: [1, { z: 1 }] }, r: { s: 1 } });
    const frozenParts = (value: unknown, path = "body", out: string[] = []): string[] => {
      if (typeof value !== "object" || value === null) return out;
      if (Object.isFrozen(value)) out.push(path);
      for (const [key, member] of Object.entries(value)) frozenParts(member, `${path}.${key}`, out);
      return out;
    };
    const merged = derived("POST /x", { q: { c: 1 } });
    expect(merged.body).toStrictEqual({ q: { a: { b: 1 }, list: [1, { z: 1 }], c: 1 }, r: { s: 1 } });
    expect(frozenParts(merged.body)).toStrictEqual([]);
    expect(frozenParts(derived("POST /x").body)).toStrictEqual([]);
    expect(frozenParts(derived.parse(derived.merge("POST /x", { q: { c: 1 } })).body)).toStrictEqual([]);
    (merged.body as { q: { a: { b: number } } }).q.a.b = 2;
    expect(derived.DEFAULTS.q).toStrictEqual({ a: { b: 1 }, list: [1, { z: 1 }] });
    // parse() keeps a caller's object that holds a snapshot's part: it gets a copy, the caller's is unchanged.
    const mine = { inner: derived.DEFAULTS.r };
    const parsed = derived.parse({ ...derived.merge("POST /x"), q: mine });
    expect(mine.inner).toBe(derived.DEFAULTS.r);
    expect(frozenParts(parsed.body)).toStrictEqual([]);
    expect((parsed.body as { q: unknown }).q).toStrictEqual({ inner: { s: 1 } });
  });

  it("a call's parameter that holds a snapshot's parts gets copies of them, with or without object defaults", () => {
    const frozenParts = (value: unknown, path = "body", out: string[] = []): string[] => {
      if (typeof value !== "object" || value === null) return out;
      if (Object.isFrozen(value)) out.push(path);
      for (const [key, member] of Object.entries(value)) frozenParts(member, `${path}.${key}`, out);
      return out;
    };
    const source = endpoint.defaults({ list: ["a", "b"], filter: { state: "open", tags: ["x"] } });
    const { list, filter } = source.DEFAULTS as unknown as { list: string[]; filter: { tags: string[] } };
    const mine = { filter, tags: filter.tags };
    // endpoint has no object defaults; `source` has some, so its body copies its own parts too.
    for (const api of [endpoint, source]) {
      const result = api("POST /x", { list, mine, copy: { nested: { list } } });
      expect(frozenParts(result.body)).toStrictEqual([]);
      expect(result.body).toMatchObject({
        list: ["a", "b"],
        mine: { filter: { state: "open", tags: ["x"] }, tags: ["x"] },
        copy: { nested: { list: ["a", "b"] } },
      });
      expect(frozenParts(api.merge("POST /x", { list, mine }))).toStrictEqual([]);
    }
    expect(mine.filter).toBe(filter);
    expect(source.DEFAULTS).toStrictEqual({
      ...endpoint.DEFAULTS,
      list: ["a", "b"],
      filter: { state: "open", tags: ["x"] },
    });
    expect(endpoint("GET /x", { list }).url).toBe("https://api.service.example/x?list=a,b");
  });

  it.each([
    ["an array", []],
    ["null", null],
    ['"GET /x"', "GET /x"],
    ["an instance of Map", new Map()],
  ])("throws ERR_INVALID_OPTIONS for defaults that are %s", (description, value) => {
    // errorOf() fails the test unless an EndpointError is thrown.
    expect(errorOf(() => endpoint.defaults(value as never))).toStrictEqual({
      code: "ERR_INVALID_OPTIONS",
      message: `Invalid defaults: ${description}; expected a plain object of options`,
    });
  });

  it("works the same on the builder: a new builder, the old one unchanged", () => {
    const builder = new EndpointBuilder();
    const derived = builder.defaults({ org: "acme" });
    expect(derived).not.toBe(builder);
    expect(derived).toBeInstanceOf(EndpointBuilder);
    expect(builder.DEFAULTS.org).toBeUndefined();
    expect(derived.DEFAULTS.org).toBe("acme");
  });
});
