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
    // An encoded "/" or "\" ends a segment too (docs/design/15-open-choices-of-target-checks.md).
    ["/api/..%2Fadmin", 'a base URL cannot have a "." or ".." path segment'],
    ["/api%5c..", 'a base URL cannot have a "." or ".." path segment'],
    ["/api?x=1", "a base URL cannot have a query or fragment"],
    ["/a\\b", 'character "\\\\" at offset 2 is read differently by different URL parsers'],
    ["api", 'not an absolute URL, nor a path starting with "/"'],
  ])("refuses %s", (baseUrl, reason) => {
    expect(errorOf(() => endpoint("GET /items", { baseUrl }))).toStrictEqual({
      code: "ERR_INVALID_BASE_URL",
      message: `Invalid baseUrl ${JSON.stringify(baseUrl)}: ${reason}`,
    });
  });

  // RFC 3986 §4.2: "//host/path" is a network-path reference. Below the path baseUrl "/", a
  // value (or the route) that starts the path with another "/" would name a host.
  it.each([
    ["GET /{+path}", { path: "/evil.example/x" }, "path", "//evil.example/x"],
    ["GET {+next}", { next: "//evil.example" }, "next", "//evil.example"],
    ["GET {/segs*}", { segs: ["", "evil.example"] }, "segs", "//evil.example"],
    ["GET {/a}{/b}", { a: "", b: "evil.example" }, "b", "//evil.example"],
  ])("below baseUrl '/', %s with %j cannot name a host", (route, options, name, url) => {
    const template = route.slice(4);
    const message = `it makes the url "${url}" below baseUrl "/", and a url starting with "//" names a host`;
    const root = endpoint.defaults({ baseUrl: "/" });
    expect(errorOf(() => root(route, options))).toStrictEqual({
      code: "ERR_INVALID_PARAMETER",
      message: `Invalid parameter "${name}" for url "${template}": ${message}`,
    });
    // Nor through a locked builder, whose own origin ("") a "//" url would otherwise pass for.
    const locked = callable(new LockedEndpointBuilder({ baseUrl: "/" }));
    expect(errorOf(() => locked(route, options)).code).toBe("ERR_INVALID_PARAMETER");
  });

  it("below baseUrl '/', a route that starts with '//' is ERR_INVALID_URL", () => {
    expect(errorOf(() => endpoint("GET //evil.example/x", { baseUrl: "/" }))).toStrictEqual({
      code: "ERR_INVALID_URL",
      message:
        'Invalid url "//evil.example/x": it makes the url "//evil.example/x" below baseUrl "/", and a url starting with "//" names a host',
    });
  });

  it("'//' further on stays a path, and other bases keep their host", () => {
    const root = endpoint.defaults({ baseUrl: "/" });
    expect(root("GET /{+path}", { path: "a//b" }).url).toBe("/a//b");
    expect(root("GET /a/{+path}", { path: "/b" }).url).toBe("/a//b");
    expect(root("GET {/a}", { a: "" }).url).toBe("/");
    expect(endpoint("GET /{+path}", { baseUrl: "/api", path: "/evil.example" }).url).toBe(
      "/api//evil.example",
    );
    expect(endpoint("GET /{+path}", { path: "/evil.example" }).url).toBe(
      "https://api.service.example//evil.example",
    );
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
