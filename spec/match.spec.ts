import { endpoint, routeMatcher } from "../lib/index.js";
import { errorOf } from "./helpers/thrown.js";

// The docs example: a request back to its route and parameters.
describe("routeMatcher", () => {
  const match = routeMatcher([
    "GET /repos/{owner}/{repo}",
    "GET /repos/{owner}/{repo}/issues{?state,labels*}",
    "POST /repos/{owner}/{repo}/issues",
    "GET /repos/{owner}/{repo}/contents/{+path}",
  ]);

  it("gives the route and its parameters, decoded", () => {
    expect(
      match("GET", "https://api.service.example/repos/octo/hello/issues?state=open&labels=bug&labels=ui"),
    ).toStrictEqual({
      route: "GET /repos/{owner}/{repo}/issues{?state,labels*}",
      parameters: { owner: "octo", repo: "hello", state: "open", labels: ["bug", "ui"] },
    });
    expect(match("POST", "/repos/octo/hello/issues")).toStrictEqual({
      route: "POST /repos/{owner}/{repo}/issues",
      parameters: { owner: "octo", repo: "hello" },
    });
    expect(match("GET", "/repos/octo/hello/contents/docs/a%20b.md")).toStrictEqual({
      route: "GET /repos/{owner}/{repo}/contents/{+path}",
      parameters: { owner: "octo", repo: "hello", path: "docs/a b.md" },
    });
  });

  it("reads what endpoint() built", () => {
    const { method, url } = endpoint("GET /repos/{owner}/{repo}", { owner: "octo", repo: "a/b é", page: 2 });
    expect(match(method, url)).toStrictEqual({
      route: "GET /repos/{owner}/{repo}",
      parameters: { owner: "octo", repo: "a/b é", page: "2" },
    });
  });

  it("gives undefined for a request of no route", () => {
    expect(match("GET", "/users/octo")).toBeUndefined();
    expect(match("DELETE", "/repos/octo/hello")).toBeUndefined();
  });
});

describe("each operator, read back", () => {
  it.each<[route: string, url: string, parameters: Record<string, unknown> | undefined]>([
    ["GET /users/{id}", "/users/42", { id: "42" }],
    ["GET /users/:id", "/users/a%2Fb", { id: "a/b" }],
    ["GET /users/:id/files/:name.json", "/users/7/files/a.b.json", { id: "7", name: "a.b" }],
    ["GET /a/{x}-{y}", "/a/1-2-3", { x: "1", y: "2-3" }],
    ["GET /a/{x,y}", "/a/1,2", { x: "1", y: "2" }],
    ["GET /a/{x,y}", "/a/1", undefined], // y is required in the path
    ["GET /a/{x*}", "/a/1,2", { x: ["1", "2"] }],
    ["GET /a/{+x}", "/a/b/c%2Fd%20e", { x: "b/c%2Fd%20e" }],
    ["GET /a/{+x}", "/a/b%20c", { x: "b c" }],
    ["GET /a/{+x,y}", "/a/1,2,3", { x: "1", y: "2,3" }],
    ["GET /a/{+x}/b/{y}", "/a/q/r/b/s", { x: "q/r", y: "s" }],
    ["GET /a/{+x}/b/{y}", "/a/q/b/", undefined], // y, a whole segment, is never empty
    ["GET /a{#x}", "/a#b/c", { x: "b/c" }],
    ["GET /a{#x}", "/a", {}],
    ["GET /a{.x}", "/a.json", { x: "json" }],
    ["GET /a{.x*}", "/a.b.c", { x: ["b", "c"] }],
    ["GET /a{.x}", "/a", {}],
    ["GET /a{/x}", "/a/b", { x: "b" }],
    ["GET /a{/x}", "/a/b/c", undefined], // `{/x}` writes "/" in a value as %2F
    ["GET /a{/x*}", "/a/b/c%2Fd", { x: ["b", "c/d"] }],
    ["GET /a{/x*}", "/a", {}],
    ["GET /a{/x,y}", "/a/b/c", { x: "b", y: "c" }],
    ["GET /a{;x,y}", "/a;x=1;y", { x: "1", y: "" }],
    ["GET /a{;x*}", "/a;x=1;x=2", { x: ["1", "2"] }],
    ["GET /a{;x}", "/a;z=1", undefined],
    ["GET /a{?x,y}", "/a?y=2&x=1", { x: "1", y: "2" }],
    ["GET /a{?x*}", "/a?x=1&x=2", { x: ["1", "2"] }],
    ["GET /a{?x}", "/a?x=1&x=2", undefined], // not exploded: written once
    ["GET /a{?x}{&y}", "/a?x=1&y=2&z=3", { x: "1", y: "2", z: "3" }],
    ["GET /a?fixed=1{&y}", "/a?fixed=1&y=2", { y: "2" }],
    ["GET /a?fixed=1{&y}", "/a?y=2", undefined],
    ["GET /a{?x}", "/a?x=%E2%9C%93&q%5B%5D=1", { x: "✓", "q[]": "1" }],
    ["GET /a{?x}", "/a?z=1&z=2", { z: ["1", "2"] }],
    ["GET /a/{x}", "/a/b?x=1", undefined], // a query key named after a path placeholder
    ["GET /a/{x}", "/a/b?__proto__=1", { x: "b", ["__proto__"]: "1" }],
    ["GET /a/{x}", "/a/", undefined], // a whole-segment placeholder is never empty
    ["GET /a/{x}.json", "/a/.json", { x: "" }],
    ["GET /a/{x}", "/a/%E2%9C%93", { x: "✓" }],
    ["GET /a/{x}", "/a/%FF", undefined], // not UTF-8
    ["GET /a/{x}", "/a/%zz", undefined], // not percent-encoding
    ["GET /a/{x}", "/a/b@c", undefined], // `{x}` writes "@" as %40
    ["GET /a/{x}", "/a/b%40c", { x: "b@c" }],
    ["GET /a/{+x}", "/a/b@c", { x: "b@c" }],
    ["GET /a/", "/a/", {}],
    ["GET /a/", "/a", undefined],
    ["GET /", "/", {}],
    ["GET /é/{x}", "/%C3%A9/1", { x: "1" }],
  ])("%s at %s", (route, url, parameters) => {
    const found = routeMatcher([route])("GET", url);
    expect(found).toStrictEqual(parameters && { route, parameters });
    // What came back builds the url that was read, where endpoint() writes it so (it writes a
    // query in the template's order, and a repeated key only for an exploded list).
    if (found !== undefined && !["/a?y=2&x=1", "/a?z=1&z=2"].includes(url)) {
      expect(endpoint(found.route, found.parameters).url).toBe("https://api.service.example" + url);
    }
  });

  it("gives a fresh object, with an own __proto__ key and the ordinary prototype", () => {
    const found = routeMatcher(["GET /a"])("GET", "/a?__proto__=1");
    expect(Object.getPrototypeOf(found?.parameters)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(found?.parameters, "__proto__")?.value).toBe("1");
  });
});

describe("specificity", () => {
  it("a literal segment beats a placeholder at the first segment where routes differ", () => {
    const match = routeMatcher(["GET /repos/{owner}/{repo}/{what}", "GET /repos/{owner}/{repo}/issues"]);
    expect(match("GET", "/repos/o/r/issues")?.route).toBe("GET /repos/{owner}/{repo}/issues");
    expect(match("GET", "/repos/o/r/pulls")?.route).toBe("GET /repos/{owner}/{repo}/{what}");
  });

  it("decides at the first segment where they differ, whatever follows", () => {
    const match = routeMatcher(["GET /a/{x}/c", "GET /{y}/b/c", "GET /{y}/{z}/c"]);
    expect(match("GET", "/a/b/c")?.route).toBe("GET /a/{x}/c");
    expect(match("GET", "/z/b/c")?.route).toBe("GET /{y}/b/c");
    expect(match("GET", "/z/q/c")?.route).toBe("GET /{y}/{z}/c");
  });

  it("falls back from a literal branch that does not match", () => {
    const match = routeMatcher(["GET /a/b/c", "GET /{x}/b/d"]);
    expect(match("GET", "/a/b/d")).toStrictEqual({ route: "GET /{x}/b/d", parameters: { x: "a" } });
  });

  it("then the route with fewer placeholders wins", () => {
    const match = routeMatcher(["GET /files/{name}{.ext}", "GET /files/{name}"]);
    expect(match("GET", "/files/a")).toStrictEqual({ route: "GET /files/{name}", parameters: { name: "a" } });
    const more = routeMatcher(["GET /a/{y}{/z}", "GET /a{/x}"]);
    expect(more("GET", "/a/1")).toStrictEqual({ route: "GET /a{/x}", parameters: { x: "1" } });
    expect(more("GET", "/a/1/2")).toStrictEqual({ route: "GET /a/{y}{/z}", parameters: { y: "1", z: "2" } });
  });

  it("an open route loses to a literal where it would take that segment", () => {
    const match = routeMatcher(["GET /a/{+rest}", "GET /a/{x}/edit"]);
    expect(match("GET", "/a/b/edit")?.route).toBe("GET /a/{x}/edit");
    expect(match("GET", "/a/b/view")).toStrictEqual({
      route: "GET /a/{+rest}",
      parameters: { rest: "b/view" },
    });
    const files = routeMatcher(["GET /files{/path*}", "GET /files/{name}/raw"]);
    expect(files("GET", "/files/a/raw")?.route).toBe("GET /files/{name}/raw");
    expect(files("GET", "/files/a/b")?.route).toBe("GET /files{/path*}");
  });

  it("HEAD falls back to GET when no HEAD route exists", () => {
    const match = routeMatcher(["GET /a/{x}", "HEAD /b/{x}"]);
    expect(match("HEAD", "/a/1")).toStrictEqual({ route: "GET /a/{x}", parameters: { x: "1" } });
    expect(match("head", "/b/1")).toStrictEqual({ route: "HEAD /b/{x}", parameters: { x: "1" } });
    expect(match("POST", "/a/1")).toBeUndefined();
  });

  it("a bare url is a GET route, and methods compare in any case", () => {
    expect(routeMatcher(["/a/:x"])("get", "/a/1")).toStrictEqual({ route: "/a/:x", parameters: { x: "1" } });
  });

  it("takes a route map's keys", () => {
    expect(routeMatcher({ "GET /a/{x}": () => 1, "POST /a/{x}": () => 2 })("POST", "/a/1")?.route).toBe(
      "POST /a/{x}",
    );
  });

  it.each<[string, string]>([
    ["GET /a/{x}", "GET /a/{y}"],
    ["GET /a/{x}", "GET /a/{x}"],
    ["GET /files/{name}.json", "GET /files/{name}"],
    ["GET /search", "GET /search{?q}"],
    ["GET /a/{x}/b", "/a/:y/b"],
    ["GET /a{/x}", "GET /a{/y*}"],
    ["GET /files{/path*}", "GET /files/{name}"],
  ])("%s and %s are ambiguous: an error when the matcher is built", (a, b) => {
    expect(errorOf(() => routeMatcher([a, b]))).toStrictEqual({
      code: "ERR_AMBIGUOUS_ROUTES",
      message:
        `Ambiguous routes ${JSON.stringify(a)} and ${JSON.stringify(b)}: a request can match both, and neither ` +
        "has a literal segment where the other has a placeholder, nor fewer placeholders",
    });
  });

  it.each<[string, string]>([
    ["GET /a/{x}", "POST /a/{y}"],
    ["GET /a/{x}", "GET /b/{y}"],
    ["GET /files/{name}.json", "GET /files/{name}.xml"],
    ["GET /a/{x}", "GET /a/{x}/b"],
    ["GET /a/b", "GET /a/{x}"],
  ])("%s and %s are not ambiguous", (a, b) => {
    expect(() => routeMatcher([a, b])).not.toThrow();
  });
});

describe("hostile and malformed input", () => {
  const match = routeMatcher(["GET /repos/{owner}/{repo}", "GET /files/{+path}", "GET /raw{/path*}"], {
    baseUrl: "https://api.example.test/v3",
  });

  it("reads an absolute url only with the base url's origin and path", () => {
    expect(match("GET", "https://api.example.test/v3/repos/o/r")?.parameters).toStrictEqual({
      owner: "o",
      repo: "r",
    });
    expect(match("GET", "HTTPS://API.EXAMPLE.TEST/v3/repos/o/r")?.parameters).toStrictEqual({
      owner: "o",
      repo: "r",
    });
    expect(match("GET", "/v3/repos/o/r")?.parameters).toStrictEqual({ owner: "o", repo: "r" });
  });

  it.each([
    "https://evil.example/v3/repos/o/r",
    "http://api.example.test/v3/repos/o/r",
    "https://api.example.test.evil.example/v3/repos/o/r",
    "https://api.example.test@evil.example/v3/repos/o/r",
    "https://api.example.test:8443/v3/repos/o/r",
    "https://api.example.test/v4/repos/o/r",
    "https://api.example.test/v3x/repos/o/r",
    "https://api.example.test/repos/o/r",
    "/repos/o/r",
    "//evil.example/v3/repos/o/r",
    "repos/o/r",
    "",
  ])("never matches another origin or base path: %s", (url) => {
    expect(match("GET", url)).toBeUndefined();
  });

  it.each([
    "/v3/repos/../r",
    "/v3/repos/o/..",
    "/v3/repos/o/.",
    "/v3/repos/%2e%2e/r",
    "/v3/repos/%2E./r",
    "/v3/repos/.%2e/r",
    "/v3/repos/o/..;x",
    "/v3/repos/o/..%3Bx",
    "/v3/files/a/../b",
    "/v3/files/a/..%2Fb",
    "/v3/files/..%2F..%2Fetc",
    "/v3/files/a%2F..%2Fb",
    "/v3/files/a%5C..%5Cb",
    "/v3/raw/a/%2e/b",
    "/v3/repos/o/r#/..",
  ])("never matches a dot segment into a parameter, in any spelling: %s", (url) => {
    expect(match("GET", url)).toBeUndefined();
  });

  it("reads an encoded slash as a slash in a value", () => {
    expect(match("GET", "/v3/repos/a%2Fb/r")?.parameters).toStrictEqual({ owner: "a/b", repo: "r" });
    expect(match("GET", "/v3/repos/...%2Fb/r")?.parameters).toStrictEqual({ owner: ".../b", repo: "r" });
  });

  it.each([["/v3/repos/%/r"], ["/v3/repos/%E2%9C/r"], ["/v3/repos/o/r?x=%"], ["/v3/repos/o/r?%FF=1"]])(
    "gives undefined for bad percent-encoding: %s",
    (url) => {
      expect(match("GET", url)).toBeUndefined();
    },
  );

  it("refuses a url or method that is not a string", () => {
    expect(
      errorOf(() => match("GET", new URL("https://api.example.test/v3/repos/o/r") as unknown as string)),
    ).toStrictEqual({
      code: "ERR_INVALID_URL",
      message: "Invalid url: an instance of URL; expected a string",
    });
    expect(errorOf(() => match(undefined as unknown as string, "/v3/repos/o/r"))).toStrictEqual({
      code: "ERR_INVALID_METHOD",
      message: "Invalid method: undefined; expected a string",
    });
  });

  it("answers urls of 100,000+ characters", () => {
    const long = "a".repeat(100_000);
    expect(match("GET", `/v3/repos/${long}/r`)?.parameters).toStrictEqual({ owner: long, repo: "r" });
    expect(match("GET", "/v3/raw" + "/a".repeat(50_000))?.parameters).toStrictEqual({
      path: Array(50_000).fill("a"),
    });
    expect(match("GET", "/v3/repos" + "/a".repeat(50_000))).toBeUndefined();
    expect(match("GET", "/v3/files/" + "%".repeat(100_000))).toBeUndefined();
    expect(match("GET", "/v3/files/" + "./".repeat(50_000))).toBeUndefined();
    expect(
      routeMatcher(["GET /a/{x}-{y}-{z}"])("GET", "/a/" + "-".repeat(100_000))?.parameters,
    ).toStrictEqual({
      x: "",
      y: "",
      z: "-".repeat(99_998),
    });
  });

  it("refuses routes and options it cannot use, when it is built", () => {
    expect(errorOf(() => routeMatcher(["GET https://api.example.test/a"]))).toStrictEqual({
      code: "ERR_INVALID_ROUTE",
      message:
        'Invalid route "GET https://api.example.test/a": a route to match must be a path, not an absolute URL',
    });
    expect(errorOf(() => routeMatcher(["GET /a{b"]))).toStrictEqual({
      code: "ERR_INVALID_TEMPLATE",
      message: 'Invalid URI template "/a{b": unclosed expression at offset 2',
    });
    // A url's password and secret query values are not shown.
    expect(
      errorOf(() => routeMatcher(["GET https://u:s3cret@api.example.test/a?token=s3cret"])),
    ).toStrictEqual({
      code: "ERR_INVALID_ROUTE",
      message:
        'Invalid route "GET https://u:***@api.example.test/a?token=***": a route to match must be a path, not an absolute URL',
    });
    expect(errorOf(() => routeMatcher(["GET /a?q={q}"]))).toStrictEqual({
      code: "ERR_INVALID_ROUTE",
      message: 'Invalid route "GET /a?q={q}": only {?…} and {&…} expressions can be matched in the query',
    });
    expect(errorOf(() => routeMatcher([42 as unknown as string]))).toStrictEqual({
      code: "ERR_INVALID_ROUTE",
      message: "Invalid route: number 42; expected a string",
    });
    expect(errorOf(() => routeMatcher("GET /a" as unknown as string[]))).toStrictEqual({
      code: "ERR_INVALID_OPTIONS",
      message: 'Invalid routes: "GET /a"; expected a list of route strings or an object keyed by them',
    });
    expect(errorOf(() => routeMatcher(["GET /a"], { baseUrl: "ftp://x.example" }))).toStrictEqual({
      code: "ERR_INVALID_BASE_URL",
      message: 'Invalid baseUrl "ftp://x.example": expected an http or https URL',
    });
  });

  it("never changes the list it was given", () => {
    const routes = Object.freeze(["GET /a/{x}", "GET /b"]);
    routeMatcher(routes);
    expect(routes).toStrictEqual(["GET /a/{x}", "GET /b"]);
  });
});
