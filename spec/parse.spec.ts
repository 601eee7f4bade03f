import { endpoint, VERSION } from "../lib/index.js";
import { errorOf } from "./helpers/thrown.js";

const USER_AGENT = `service-endpoint.js/${VERSION}`;
const JSON_TYPE = "application/json; charset=utf-8";
const BASE = "https://api.service.example";

const url = (route: string, options?: Record<string, unknown>) => endpoint(route, options).url;

describe("endpoint.parse()", () => {
  it("README example: parses what merge() returned into request options", () => {
    const merged = endpoint.merge("GET /search/issues", { q: "fins label:bug", per_page: 5 });
    expect(endpoint.parse(merged)).toStrictEqual({
      method: "get",
      url: `${BASE}/search/issues?q=fins%20label%3Abug&per_page=5`,
      headers: { accept: "application/vnd.service.v3+json", "user-agent": USER_AGENT },
    });
  });

  it("takes hand-made merged options: a missing method means GET, missing headers and mediaType none", () => {
    expect(endpoint.parse({ baseUrl: "https://api.acme.test", url: "/users/{id}", id: 7 })).toStrictEqual({
      method: "get",
      url: "https://api.acme.test/users/7",
      headers: {},
    });
    expect(
      endpoint.parse({ url: "https://api.acme.test/x", method: "PATCH", headers: { "X-A": 1 }, a: 1 }),
    ).toStrictEqual({
      method: "patch",
      url: "https://api.acme.test/x",
      headers: { "x-a": 1, "content-type": JSON_TYPE },
      body: { a: 1 },
    });
  });

  it("validates hand-made request meta as endpoint() does", () => {
    expect(errorOf(() => endpoint.parse({ url: "https://a.test/", request: 5 as never }))).toStrictEqual({
      code: "ERR_INVALID_OPTIONS",
      message: "Invalid request: number 5; expected an object of meta information",
    });
  });

  it("never mutates the merged options it is given", () => {
    const merged = endpoint.merge("POST /repos/{owner}/{repo}/issues", {
      owner: "o",
      repo: "r",
      title: "t",
      mediaType: { format: "raw" },
    });
    const copy = structuredClone(merged);
    endpoint.parse(merged);
    expect(merged).toStrictEqual(copy);
  });

  it("returns exactly method, url, headers, then body and request only when present", () => {
    expect(Object.keys(endpoint("GET /"))).toEqual(["method", "url", "headers"]);
    expect(Object.keys(endpoint("POST /", { a: 1, request: {} }))).toEqual([
      "method",
      "url",
      "headers",
      "body",
      "request",
    ]);
  });

  describe("urls", () => {
    it.each([
      ["/:name at the start of a path segment", "/orgs/:org/repos", `${BASE}/orgs/acme/repos`],
      [":name followed by an extension", "/files/:org.json", `${BASE}/files/acme.json`],
      ["a colon inside a segment is literal", "/a:b/:org", `${BASE}/a:b/acme`],
      [
        "user:pass@ and :port are not placeholders",
        "https://user:pass@host.test:8080/:org",
        "https://user:pass@host.test:8080/acme",
      ],
      [
        "an empty user name (//:pass@) is not a placeholder either",
        "https://:pass@host.test/:org",
        "https://:pass@host.test/acme",
      ],
      [":name in the query is literal (org is left over)", "/x?since=:org", `${BASE}/x?since=:org&org=acme`],
    ])("%s", (_title, template, expected) => {
      expect(url(`GET ${template}`, { org: "acme" })).toBe(expected);
    });

    it.each([
      ["https://api.acme.test", "/repos", "https://api.acme.test/repos"],
      ["https://api.acme.test/", "/repos", "https://api.acme.test/repos"],
      ["https://api.acme.test/api/v3", "/repos", "https://api.acme.test/api/v3/repos"],
      ["https://api.acme.test/api/v3/", "repos", "https://api.acme.test/api/v3/repos"],
      ["https://api.acme.test", "repos/", "https://api.acme.test/repos/"],
      ["http://127.0.0.1:8080", "/", "http://127.0.0.1:8080/"],
    ])("joins baseUrl %j and url %j with exactly one slash", (baseUrl, path, expected) => {
      expect(endpoint({ baseUrl, url: path }).url).toBe(expected);
    });

    it("uses a full url as given, ignoring baseUrl", () => {
      expect(endpoint({ baseUrl: "https://api.acme.test", url: "http://other.test/x/" }).url).toBe(
        "http://other.test/x/",
      );
    });

    it.each([
      ["a url without a query gets ?", "GET /search", `${BASE}/search?q=a&per_page=2`],
      ["a url with a query gets &", "GET /search?sort=asc", `${BASE}/search?sort=asc&q=a&per_page=2`],
      ["an expanded {?sort} gets &", "GET /search{?sort}", `${BASE}/search?sort=asc&q=a&per_page=2`],
      ["a fragment stays last", "GET /search#top", `${BASE}/search?q=a&per_page=2#top`],
    ])("appends leftover GET parameters: %s", (_title, route, expected) => {
      expect(url(route, { sort: route.includes("{?sort}") ? "asc" : undefined, q: "a", per_page: 2 })).toBe(
        expected,
      );
    });

    it("serialises the query as RFC 6570 {?…} would: lists, objects, Dates, booleans, bigints", () => {
      expect(
        url("GET /x", {
          list: ["red", "green blue"],
          keys: { semi: ";", dot: "." },
          since: new Date("2026-01-02T03:04:05.000Z"),
          flag: false,
          big: 12345678901234567890n,
          empty: "",
          nothing: null,
        }),
      ).toBe(
        `${BASE}/x?list=red,green%20blue&keys=semi,%3B,dot,.&since=2026-01-02T03%3A04%3A05.000Z&flag=false&big=12345678901234567890&empty=`,
      );
    });

    it("sends HEAD and OPTIONS parameters as the query too", () => {
      expect(endpoint("HEAD /x", { a: 1 })).toStrictEqual({
        method: "head",
        url: `${BASE}/x?a=1`,
        headers: endpoint.DEFAULTS.headers,
      });
      expect(url("OPTIONS /x", { a: 1 })).toBe(`${BASE}/x?a=1`);
    });
  });

  describe("required path placeholders", () => {
    it.each([
      ["{name}", "/repos/{owner}/{repo}"],
      ["{+name}", "/repos/{owner}/{+repo}"],
      [":name", "/repos/:owner/:repo"],
    ])("a missing %s throws ERR_MISSING_PARAMETER naming it", (_form, template) => {
      expect(errorOf(() => endpoint(`DELETE ${template}`, { owner: "o" }))).toStrictEqual({
        code: "ERR_MISSING_PARAMETER",
        message: `Missing parameter "repo" for url ${JSON.stringify(template)}: a path placeholder needs a value (write {/repo} for an optional segment)`,
      });
    });

    it.each([
      ["null", null],
      ["an empty list", []],
      ["a list of nulls", [null]],
      ["an empty object", {}],
    ])("%s counts as missing (RFC 6570 §2.3 undefined)", (_title, value) => {
      expect(errorOf(() => endpoint("GET /users/{id}", { id: value })).code).toBe("ERR_MISSING_PARAMETER");
    });

    it("an empty string is a value inside a segment, and missing as a whole segment", () => {
      expect(url("GET /files/{name}.txt", { name: "" })).toBe(`${BASE}/files/.txt`);
      expect(errorOf(() => endpoint("GET /users/{id}/x", { id: "" }))).toStrictEqual({
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "id" for url "/users/{id}/x": an empty value would leave its path segment empty, and many servers would read a shorter path',
      });
    });

    it("optional operators vanish when unset", () => {
      expect(url("GET /repos/{owner}{/repo}{.ext}{;v}{?q}{&p}{#f}", { owner: "o" })).toBe(`${BASE}/repos/o`);
    });

    it("placeholders after the query starts are not required", () => {
      expect(url("GET /x?a={a}", {})).toBe(`${BASE}/x?a=`);
    });
  });

  describe("bodies", () => {
    it("builds a JSON body from the remaining parameters, keys in merged order, ordinary prototype", () => {
      const options = endpoint.defaults({ z: 0 })("PUT /x/{id}", { id: 1, b: 2, a: { c: 3 } });
      expect(options.body).toStrictEqual({ z: 0, b: 2, a: { c: 3 } });
      expect(Object.keys(options.body as object)).toEqual(["z", "b", "a"]);
      expect(Object.getPrototypeOf(options.body)).toBe(Object.prototype);
      expect(options.headers["content-type"]).toBe(JSON_TYPE);
    });

    it.each([
      ["a plain object", { a: 1 }, JSON_TYPE],
      ["an array", [1, 2], JSON_TYPE],
      ["a string", "text", undefined],
      ["bytes", new Uint8Array([1]), undefined],
    ])("data as %s: content-type defaults only for JSON-shaped data", (_title, data, contentType) => {
      const options = endpoint("POST /x", { data, ignored: true });
      expect(options.body).toBe(data);
      expect(options.headers["content-type"]).toBe(contentType);
    });

    it("keeps the caller's content-type", () => {
      expect(
        endpoint("POST /x", { a: 1, headers: { "Content-Type": "application/merge-patch+json" } }).headers[
          "content-type"
        ],
      ).toBe("application/merge-patch+json");
    });

    it("rejects data on a request that carries no body", () => {
      expect(errorOf(() => endpoint("GET /x", { data: "x" }))).toStrictEqual({
        code: "ERR_INVALID_OPTIONS",
        message:
          'Invalid options: a "GET" request has no body, but options.data is set; only POST, PUT, PATCH and DELETE send one',
      });
    });
  });

  describe("mediaType and the accept header", () => {
    it.each([
      ["application/vnd.service.v3+json", "raw", "application/vnd.service.v3.raw"],
      ["application/vnd.service.v3.full+json", "diff", "application/vnd.service.v3.diff"],
      ["application/vnd.service+json", "text+json", "application/vnd.service.text+json"],
      ["application/vnd.acme.v2+json, text/html", "raw", "application/vnd.acme.v2.raw,text/html"],
      ["application/octet-stream", "raw", "application/octet-stream"],
      ["text/plain", "raw", "text/plain"],
    ])("accept %j with format %j becomes %j", (accept, format, expected) => {
      expect(endpoint("GET /", { headers: { accept }, mediaType: { format } }).headers.accept).toBe(expected);
    });

    it("previews use the vendor of the accept header, keep those it names, and take the format as suffix", () => {
      expect(
        endpoint("GET /", {
          headers: { accept: "application/vnd.acme.ant-man-preview+json" },
          mediaType: { previews: ["hulk"], format: "raw" },
        }).headers.accept,
      ).toBe("application/vnd.acme.ant-man-preview.raw,application/vnd.acme.hulk-preview.raw");
    });
  });

  describe("baseUrl", () => {
    it.each([
      [
        { baseUrl: "api.acme.test", url: "/x" },
        'Invalid baseUrl "api.acme.test": not an absolute URL, nor a path starting with "/"',
      ],
      [
        { baseUrl: "ftp://acme.test", url: "/x" },
        'Invalid baseUrl "ftp://acme.test": expected an http or https URL',
      ],
      [
        { baseUrl: "https://acme.test/?a=1", url: "/x" },
        'Invalid baseUrl "https://acme.test/?a=1": a base URL cannot have a query or fragment',
      ],
      [
        { baseUrl: "https://acme .test", url: "/x" },
        'Invalid baseUrl "https://acme .test": whitespace, control or non-ASCII character at offset 12',
      ],
      [{ url: "/x" }, 'Missing baseUrl: url "/x" is a path, and no baseUrl is given to put before it'],
    ])("rejects %j with ERR_INVALID_BASE_URL", (options, message) => {
      expect(errorOf(() => endpoint.parse(options))).toStrictEqual({ code: "ERR_INVALID_BASE_URL", message });
    });
  });
});
