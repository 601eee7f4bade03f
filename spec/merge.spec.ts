import { readFileSync } from "node:fs";
import { join } from "node:path";
import { endpoint, VERSION } from "../lib/index.js";
import { errorOf } from "./helpers/thrown.js";

const USER_AGENT = `service-endpoint.js/${VERSION}`;

describe("endpoint.merge()", () => {
  it("README example: the options over the defaults, url placeholders intact, method as given", () => {
    expect(endpoint.merge("GET /search/issues", { q: "fins label:bug", per_page: 5 })).toStrictEqual({
      method: "GET",
      baseUrl: "https://api.service.example",
      headers: { accept: "application/vnd.service.v3+json", "user-agent": USER_AGENT },
      mediaType: { format: "", previews: [] },
      url: "/search/issues",
      q: "fins label:bug",
      per_page: 5,
    });
  });

  it("keeps placeholders of both forms and every parameter, with defaults applied", () => {
    const acme = endpoint.defaults({ org: "acme", headers: { authorization: "token abc" } });
    expect(acme.merge("POST /orgs/{org}/repos/:repo", { repo: "rockets", private: true })).toStrictEqual({
      method: "POST",
      baseUrl: "https://api.service.example",
      headers: {
        accept: "application/vnd.service.v3+json",
        "user-agent": USER_AGENT,
        authorization: "token abc",
      },
      mediaType: { format: "", previews: [] },
      org: "acme",
      url: "/orgs/{org}/repos/:repo",
      repo: "rockets",
      private: true,
    });
  });

  it("lets parameters passed in the call override defaults of the same name", () => {
    const paged = endpoint.defaults({ per_page: 100, org: "acme" });
    expect(paged.merge("GET /orgs/{org}/repos", { per_page: 5 })).toMatchObject({ per_page: 5, org: "acme" });
  });

  it("orders keys: the earlier level's first, in their order, then new keys in theirs", () => {
    const base = endpoint.defaults({ b: 1, a: 1 });
    expect(Object.keys(base.merge("GET /x", { c: 2, a: 2 }))).toEqual([
      "method",
      "baseUrl",
      "headers",
      "mediaType",
      "b",
      "a",
      "url",
      "c",
    ]);
    expect(base("GET /x", { c: 2, a: 2 }).url).toBe("https://api.service.example/x?b=1&a=2&c=2");
  });

  // Found by the review of 2026-11-26; docs/api.md says it in one sentence (and runs this example).
  it("orders array-index keys first, in ascending order, as any JavaScript object does", () => {
    const api = endpoint.defaults({ b: 1, z: 0 });
    expect(api("GET /x", { 1: "one", a: 2, b: 3 }).url).toBe(
      "https://api.service.example/x?1=one&b=3&z=0&a=2",
    );
    expect(Object.keys(api("POST /x", { a: 2, 42: "x", 1: "one" }).body as object)).toEqual([
      "1",
      "42",
      "b",
      "z",
      "a",
    ]);
    const doc = readFileSync(join(__dirname, "..", "docs", "api.md"), "utf8").replace(/\s+/g, " ");
    expect(doc).toContain(
      'array-index keys (`"1"`, `"42"`) come first, in ascending order: `endpoint.defaults({ b: 1, z: 0 })("GET /x", { 1: "one", a: 2, b: 3 }).url` ends in `?1=one&b=3&z=0&a=2`.',
    );
  });

  it("returns a fresh, mutable object: changing it never changes the builder or a later call", () => {
    const derived = endpoint.defaults({ filter: { labels: ["bug"] }, mediaType: { previews: ["a"] } });
    const merged = derived.merge("GET /issues");
    (merged.headers as Record<string, string>).accept = "changed";
    merged.mediaType.previews.push("changed");
    ((merged.filter as { labels: string[] }).labels as string[]).push("changed");
    (merged.filter as Record<string, unknown>).extra = true;
    expect(derived.DEFAULTS.headers.accept).toBe("application/vnd.service.v3+json");
    expect(derived.DEFAULTS.mediaType.previews).toStrictEqual(["a"]);
    expect(derived.DEFAULTS.filter).toStrictEqual({ labels: ["bug"] });
    expect(derived.merge("GET /issues")).toMatchObject({ filter: { labels: ["bug"] } });
    expect(Object.isFrozen(merged) || Object.isFrozen(merged.headers)).toBe(false);
  });

  it("never mutates the caller's arguments", () => {
    const options = {
      headers: { "X-Foo": "bar", "x-undefined": undefined },
      mediaType: { previews: ["a-preview"] },
      q: undefined,
      list: [1, 2],
    };
    const copy = structuredClone(options);
    endpoint.merge("GET /x", options);
    endpoint("GET /x", options);
    expect(options).toStrictEqual(copy);
  });

  it("drops undefined values, so they never reach the query or body", () => {
    const merged = endpoint.merge("POST /x", {
      a: undefined,
      b: { c: undefined, d: 1 },
      headers: { "x-a": undefined },
    });
    expect(merged).not.toHaveProperty("a");
    expect(merged.b).toStrictEqual({ d: 1 });
    expect(merged.headers).not.toHaveProperty("x-a");
  });

  it("passes request through by reference when only the call sets it, and merges it when both do", () => {
    const request = { timeout: 5 };
    expect(endpoint.merge("GET /", { request }).request).toBe(request);
    const withRequest = endpoint.defaults({ request: { retries: 2 } });
    const merged = withRequest.merge("GET /", { request });
    expect(merged).toStrictEqual({
      method: "GET",
      baseUrl: "https://api.service.example",
      headers: { accept: "application/vnd.service.v3+json", "user-agent": USER_AGENT },
      mediaType: { format: "", previews: [] },
      request: { retries: 2, timeout: 5 },
      url: "/",
    });
    // Merged into a new object: the caller's request is neither returned nor changed.
    expect(merged.request).not.toBe(request);
    expect(request).toStrictEqual({ timeout: 5 });
    expect(withRequest.merge("GET /").request).toBe(withRequest.DEFAULTS.request);
  });

  it("cuts -preview from preview names and unions them with the defaults' previews", () => {
    const base = endpoint.defaults({ mediaType: { previews: ["a-preview", "b"] } });
    expect(base.merge("GET /", { mediaType: { previews: ["b-preview", "c"] } }).mediaType).toStrictEqual({
      format: "",
      previews: ["a", "b", "c"],
    });
  });

  it("reports a route and an options url or method that disagree instead of silently picking one", () => {
    expect(errorOf(() => endpoint.merge("GET /a", { url: "/b" }))).toStrictEqual({
      code: "ERR_INVALID_OPTIONS",
      message: 'Invalid options: url "/b" conflicts with route "GET /a"; give the url in one place',
    });
    expect(errorOf(() => endpoint.merge("GET /a", { method: "POST" }))).toStrictEqual({
      code: "ERR_INVALID_OPTIONS",
      message: 'Invalid options: method "POST" conflicts with route "GET /a"; give the method in one place',
    });
    expect(endpoint.merge("GET /a", { method: "get", url: "/a" })).toMatchObject({
      method: "get",
      url: "/a",
    });
    expect(endpoint.merge("/a", { method: "POST" })).toMatchObject({ method: "POST", url: "/a" });
  });

  it.each([
    ["GET", "ERR_INVALID_ROUTE", 'Invalid route "GET": a method without a url'],
    ["", "ERR_INVALID_ROUTE", 'Invalid route "": expected "METHOD url" or "url"'],
    [
      "GET  /x",
      "ERR_INVALID_ROUTE",
      'Invalid route "GET  /x": unexpected whitespace or control character at offset 4; expected "METHOD url" or "url"',
    ],
    [
      "GET /x extra",
      "ERR_INVALID_ROUTE",
      'Invalid route "GET /x extra": unexpected whitespace or control character at offset 6; expected "METHOD url" or "url"',
    ],
    [" /x", "ERR_INVALID_ROUTE", 'Invalid route " /x": expected "METHOD url" or "url"'],
    // Unicode spaces (a route pasted from a web page): "POST\u00a0/x" was a bare url, a GET of
    // "/POST%C2%A0/x" with the body's parameters in its query.
    [
      "POST\u00a0/x",
      "ERR_INVALID_ROUTE",
      'Invalid route "POST\u00a0/x": unexpected whitespace or control character at offset 4; expected "METHOD url" or "url"',
    ],
    [
      "DELETE\u3000/repos/{owner}",
      "ERR_INVALID_ROUTE",
      'Invalid route "DELETE\u3000/repos/{owner}": unexpected whitespace or control character at offset 6; expected "METHOD url" or "url"',
    ],
    [
      "GET /x\u2028",
      "ERR_INVALID_ROUTE",
      'Invalid route "GET /x\\u2028": unexpected whitespace or control character at offset 6; expected "METHOD url" or "url"',
    ],
    [
      "GET /a\ufeffb",
      "ERR_INVALID_ROUTE",
      'Invalid route "GET /a\ufeffb": unexpected whitespace or control character at offset 6; expected "METHOD url" or "url"',
    ],
    ["G(T /x", "ERR_INVALID_METHOD", 'Invalid method "G(T" in route "G(T /x": not an RFC 9110 token'],
  ])("rejects the route %j", (route, code, message) => {
    expect(errorOf(() => endpoint.merge(route))).toStrictEqual({ code, message });
    expect(errorOf(() => endpoint(route, { owner: "o", title: "t" }))).toStrictEqual({ code, message });
  });
});

describe("request set by both the defaults and the call", () => {
  it("merges into a mutable copy: merge() and endpoint() results never hold the snapshot's frozen parts", () => {
    const api = endpoint.defaults({ request: { hooks: { before: 1 } } });
    const merged = api.merge("GET /x", { request: { timeout: 5 } });
    expect(merged.request).toStrictEqual({ hooks: { before: 1 }, timeout: 5 });
    expect(Object.isFrozen((merged.request as { hooks: object }).hooks)).toBe(false);
    const built = api("GET /x", { request: { timeout: 5 } });
    expect(Object.isFrozen((built.request as { hooks: object }).hooks)).toBe(false);
    expect(Object.isFrozen((api.DEFAULTS.request as { hooks: object }).hooks)).toBe(true);
  });
});
