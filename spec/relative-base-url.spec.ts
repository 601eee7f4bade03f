// Issue 13 §3: a path-only baseUrl gives origin-relative urls (same-origin apps in browsers).
import {
  LockedEndpointBuilder,
  PathLockedEndpointBuilder,
  callable,
  endpoint,
  toCurl,
  toFetch,
} from "../lib/index.js";
import { errorOf } from "./helpers/thrown.js";

describe("a relative base URL", () => {
  it('endpoint("GET /items", { baseUrl: "/api", q: 1 }).url is "/api/items?q=1"', () => {
    expect(endpoint("GET /items", { baseUrl: "/api", q: 1 }).url).toBe("/api/items?q=1");
    expect(endpoint("GET /items", { baseUrl: "/api/", q: 1 }).url).toBe("/api/items?q=1");
    expect(endpoint("GET /", { baseUrl: "/" }).url).toBe("/");
  });

  it("in defaults, with every path check still holding", () => {
    const sameOrigin = endpoint.defaults({ baseUrl: "/api/v1" });
    expect(sameOrigin("DELETE /repos/{owner}/{repo}", { owner: "o", repo: "r" }).url).toBe(
      "/api/v1/repos/o/r",
    );
    expect(errorOf(() => sameOrigin("DELETE /repos/{owner}/{repo}", { owner: "o", repo: ".." })).code).toBe(
      "ERR_INVALID_PARAMETER",
    );
  });

  it.each([
    ["//evil.example", 'a path base URL starts with exactly one "/" ("//" would name a host)'],
    ["/api/../admin", 'a base URL cannot have a "." or ".." path segment'],
    ["/api/./x", 'a base URL cannot have a "." or ".." path segment'],
    ["/api?x=1", "a base URL cannot have a query or fragment"],
    ["/a\\b", 'character "\\\\" at offset 2 is read differently by different URL parsers'],
    ["api", 'not an absolute URL, nor a path starting with "/"'],
  ])("refuses %s", (baseUrl, reason) => {
    expect(errorOf(() => endpoint("GET /items", { baseUrl }))).toStrictEqual({
      code: "ERR_INVALID_BASE_URL",
      message: `Invalid baseUrl ${JSON.stringify(baseUrl)}: ${reason}`,
    });
  });

  it("toFetch passes it through; toCurl says curl needs an absolute url", () => {
    const options = endpoint("GET /items", { baseUrl: "/api", q: 1 });
    expect(toFetch(options)[0]).toBe("/api/items?q=1");
    expect(errorOf(() => toCurl(options))).toStrictEqual({
      code: "ERR_INVALID_URL",
      message:
        'toCurl: Invalid url "/api/items?q=1": origin-relative; curl needs an absolute http(s) url, so build the request with an absolute baseUrl',
    });
  });

  it("a locked builder compares paths", () => {
    const locked = callable(new LockedEndpointBuilder({ baseUrl: "/api" }));
    expect(locked("GET /x", { baseUrl: "/other" }).url).toBe("/other/x");
    expect(errorOf(() => locked("GET /x", { baseUrl: "https://evil.example" })).code).toBe(
      "ERR_ABSOLUTE_URL",
    );
    const pathLocked = callable(new PathLockedEndpointBuilder({ baseUrl: "/api" }));
    expect(pathLocked("GET /x", { baseUrl: "/api/v2" }).url).toBe("/api/v2/x");
    expect(errorOf(() => pathLocked("GET /x", { baseUrl: "/other" }))).toStrictEqual({
      code: "ERR_ABSOLUTE_URL",
      message: 'Absolute url "/other/x" is not allowed by this builder: only paths below baseUrl "/api"',
    });
  });
});
