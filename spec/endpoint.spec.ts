import { endpoint, VERSION } from "../lib/index.js";
import { thrown } from "./helpers/thrown.js";

const USER_AGENT = `service-endpoint.js/${VERSION}`;
const DEFAULT_HEADERS = { accept: "application/vnd.service.v3+json", "user-agent": USER_AGENT };
const JSON_TYPE = "application/json; charset=utf-8";

const codeAndMessage = (run: () => unknown): string => {
  const { code, message } = thrown(run);
  return `${code}: ${message}`;
};

describe("endpoint()", () => {
  it("README example: GET with a placeholder, a query parameter and an authorization header", () => {
    expect(
      endpoint("GET /orgs/{org}/repos", {
        headers: { authorization: "token 0000000000000000000000000000000000000001" },
        org: "octokit",
        type: "private",
      }),
    ).toStrictEqual({
      method: "get",
      url: "https://api.service.example/orgs/octokit/repos?type=private",
      headers: { ...DEFAULT_HEADERS, authorization: "token 0000000000000000000000000000000000000001" },
    });
  });

  it("takes a single options object with method and url", () => {
    expect(
      endpoint({ method: "GET", url: "/orgs/{org}/repos", org: "octokit", type: "private" }),
    ).toStrictEqual(endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private" }));
  });

  it("takes a route without options", () => {
    expect(endpoint("GET /")).toStrictEqual({
      method: "get",
      url: "https://api.service.example/",
      headers: DEFAULT_HEADERS,
    });
  });

  it("defaults the method to GET for a route that is only a url (spec §4 rule 4)", () => {
    expect(endpoint("/user").method).toBe("get");
    expect(endpoint({ url: "/user" }).method).toBe("get");
  });

  it("lowercases custom and mixed-case header names and merges them over the defaults", () => {
    expect(
      endpoint("GET /user", { headers: { "X-Foo": "bar", "User-Agent": "app/1.0", ACCEPT: "text/html" } }),
    ).toStrictEqual({
      method: "get",
      url: "https://api.service.example/user",
      headers: { accept: "text/html", "user-agent": "app/1.0", "x-foo": "bar" },
    });
  });

  it("lowercases a header name the same way on every call, and checks each new spelling (names are kept once checked)", () => {
    for (let i = 0; i < 3; i++) {
      expect(endpoint("GET /user", { headers: { "X-Trace-Id": String(i) } }).headers).toStrictEqual({
        ...DEFAULT_HEADERS,
        "x-trace-id": String(i),
      });
      expect(codeAndMessage(() => endpoint("GET /user", { headers: { "X-Trace Id": "1" } }))).toBe(
        'ERR_INVALID_HEADER: Invalid header name "X-Trace Id": not an RFC 9110 token',
      );
    }
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, n) => [`X-Name-${n}`, "v"]));
    expect(Object.keys(endpoint("GET /user", { headers: many }).headers)).toHaveLength(302);
    expect(endpoint("GET /user", { headers: { "X-NAME-299": "w" } }).headers["x-name-299"]).toBe("w");
  });

  it("passes numeric header values through unchanged", () => {
    expect(
      endpoint("PUT /x", { data: "abc", headers: { "content-length": 3 } }).headers["content-length"],
    ).toBe(3);
  });

  it("passes string header values through unchanged, leading and trailing spaces and tabs included (CONTRACT.md)", () => {
    const headers = { "X-Padded": " \t padded \t ", "x-blank": " ", "x-empty": "" };
    const expected = { ...DEFAULT_HEADERS, "x-padded": " \t padded \t ", "x-blank": " ", "x-empty": "" };
    expect(endpoint("GET /x", { headers }).headers).toStrictEqual(expected);
    const api = endpoint.defaults({ headers });
    expect(api.DEFAULTS.headers).toStrictEqual(expected);
    expect(api("GET /x").headers).toStrictEqual(expected);
    expect(endpoint.merge("GET /x", { headers }).headers).toStrictEqual(expected);
    expect(
      endpoint.parse({ method: "GET", baseUrl: "https://a.example", url: "/x", headers }).headers,
    ).toStrictEqual({
      "x-padded": " \t padded \t ",
      "x-blank": " ",
      "x-empty": "",
    });
  });

  it("refuses a CR or LF at the end of a header value as anywhere else: nothing is trimmed away", () => {
    expect(codeAndMessage(() => endpoint("GET /x", { headers: { authorization: "token abc\n" } }))).toBe(
      'ERR_INVALID_HEADER: Invalid value for header "authorization": a line feed (U+000A) at offset 9 of 10 characters; the value is not shown',
    );
  });

  it("uses a full URL as given, with the method first in the route (spec §4 rule 5)", () => {
    expect(
      endpoint("GET https://codeload.example.com/repos/{owner}/{repo}/zip", { owner: "o", repo: "r" }),
    ).toStrictEqual({
      method: "get",
      url: "https://codeload.example.com/repos/o/r/zip",
      headers: DEFAULT_HEADERS,
    });
  });

  it.each([
    ["{name} placeholders", "GET /repos/{owner}/{repo}/contents/{path}"],
    [":name placeholders", "GET /repos/:owner/:repo/contents/:path"],
    ["mixed forms", "GET /repos/:owner/{repo}/contents/:path"],
  ])("expands %s", (_title, route) => {
    expect(endpoint(route, { owner: "o w", repo: "r", path: "a/b.txt" }).url).toBe(
      "https://api.service.example/repos/o%20w/r/contents/a%2Fb.txt",
    );
  });

  it("sends the remaining parameters of a POST as a JSON body", () => {
    expect(
      endpoint("POST /repos/{owner}/{repo}/issues", {
        owner: "octocat",
        repo: "hello-world",
        headers: { accept: "application/vnd.service.v3+json", authorization: "token abc" },
        title: "Found a bug",
        body: "I'm having a problem with this.",
        assignees: ["octocat"],
        milestone: 1,
        labels: ["bug"],
      }),
    ).toStrictEqual({
      method: "post",
      url: "https://api.service.example/repos/octocat/hello-world/issues",
      headers: { ...DEFAULT_HEADERS, authorization: "token abc", "content-type": JSON_TYPE },
      body: {
        title: "Found a bug",
        body: "I'm having a problem with this.",
        assignees: ["octocat"],
        milestone: 1,
        labels: ["bug"],
      },
    });
  });

  it.each(["PUT", "PATCH", "POST", "DELETE"])("sends no body key for a %s with nothing to send", (method) => {
    expect(endpoint(`${method} /user/starred/{owner}/{repo}`, { owner: "o", repo: "r" })).toStrictEqual({
      method: method.toLowerCase(),
      url: "https://api.service.example/user/starred/o/r",
      headers: DEFAULT_HEADERS,
    });
  });

  it("upload case: query template expanded from the options, data as the body, numeric content-length kept", () => {
    const data = new Uint8Array([1, 2, 3, 4]);
    const options = endpoint("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
      owner: "octocat",
      repo: "hello-world",
      release_id: 123,
      name: "example.zip",
      label: "short description",
      headers: { "content-type": "text/plain", "content-length": 14, authorization: "token abc" },
      data,
    });
    expect(options).toStrictEqual({
      method: "post",
      url: "https://api.service.example/repos/octocat/hello-world/releases/123/assets?name=example.zip&label=short%20description",
      headers: {
        ...DEFAULT_HEADERS,
        "content-type": "text/plain",
        "content-length": 14,
        authorization: "token abc",
      },
      body: data,
    });
    expect(options.body).toBe(data);
  });

  it("markdown case: data as a plain-text body with the caller's content-type and accept", () => {
    expect(
      endpoint("POST /markdown/raw", {
        data: "Hello world github/linguist#1 **cool**, and #1!",
        headers: { accept: "text/html;charset=utf-8", "content-type": "text/plain" },
      }),
    ).toStrictEqual({
      method: "post",
      url: "https://api.service.example/markdown/raw",
      headers: { accept: "text/html;charset=utf-8", "user-agent": USER_AGENT, "content-type": "text/plain" },
      body: "Hello world github/linguist#1 **cool**, and #1!",
    });
  });

  it("returns request exactly as passed in, by reference", () => {
    const request = { timeout: 100, signal: new AbortController().signal };
    const options = endpoint("GET /", { request });
    expect(options.request).toBe(request);
    expect(Object.keys(options)).toEqual(["method", "url", "headers", "request"]);
  });

  it("passes the authorization header through under its lowercase name (spec §5)", () => {
    expect(
      endpoint("GET /user", { headers: { Authorization: "token <ACCESS_TOKEN>" } }).headers,
    ).toStrictEqual({
      ...DEFAULT_HEADERS,
      authorization: "token <ACCESS_TOKEN>",
    });
  });

  it("mediaType.format changes the accept header", () => {
    expect(
      endpoint("GET /repos/{owner}/{repo}/contents/{path}", {
        owner: "o",
        repo: "r",
        path: "README.md",
        mediaType: { format: "raw" },
      }).headers.accept,
    ).toBe("application/vnd.service.v3.raw");
  });

  it("mediaType.previews change the accept header", () => {
    expect(
      endpoint("GET /", { mediaType: { previews: ["symmetra", "jean-grey-preview"] } }).headers.accept,
    ).toBe("application/vnd.service.symmetra-preview+json,application/vnd.service.jean-grey-preview+json");
  });

  it("throws EndpointError for what it cannot build", () => {
    expect(codeAndMessage(() => endpoint({}))).toBe(
      'ERR_MISSING_URL: Missing url: give a route such as "GET /users/{id}", or options.url',
    );
    expect(codeAndMessage(() => endpoint("DELETE /repos/{owner}/{repo}", { owner: "o" }))).toBe(
      'ERR_MISSING_PARAMETER: Missing parameter "repo" for url "/repos/{owner}/{repo}": a path placeholder needs a value (write {/repo} for an optional segment)',
    );
    expect(codeAndMessage(() => endpoint("GET /a{b"))).toBe(
      'ERR_INVALID_TEMPLATE: Invalid URI template "/a{b": unclosed expression at offset 2',
    );
  });
});

describe("defaults holding request, data, a url and a Date", () => {
  // Such defaults once sent every call down the general merge path; both paths must agree.
  const when = new Date(0);
  const hooks = endpoint.defaults({
    request: { timeout: 5 },
    data: "default body",
    url: "/replaced-by-every-route",
    since: when,
    org: "acme",
  });

  it("builds the same request options as parse(merge()), request by reference", () => {
    const direct = hooks("POST /orgs/{org}/hooks{?since}", { name: "web" });
    expect(direct).toStrictEqual({
      method: "post",
      url: "https://api.service.example/orgs/acme/hooks?since=1970-01-01T00%3A00%3A00.000Z",
      headers: DEFAULT_HEADERS,
      body: "default body",
      request: { timeout: 5 },
    });
    expect(direct.request).toBe(hooks.DEFAULTS.request);
    expect(hooks.parse(hooks.merge("POST /orgs/{org}/hooks{?since}", { name: "web" }))).toStrictEqual(direct);
  });

  it("a call's data replaces the default body; a GET with the default data is refused either way", () => {
    expect(hooks("PUT /orgs/{org}", { data: "mine" }).body).toBe("mine");
    const message =
      'ERR_INVALID_OPTIONS: Invalid options: a "GET" request has no body, but options.data is set; only POST, PUT, PATCH and DELETE send one';
    expect(codeAndMessage(() => hooks("GET /orgs/{org}"))).toBe(message);
    expect(codeAndMessage(() => hooks.parse(hooks.merge("GET /orgs/{org}")))).toBe(message);
  });
});

describe("header names", () => {
  it("lowercases each name on every call, however many names take turns (more than are kept at hand)", () => {
    const names = Array.from({ length: 11 }, (_, i) => `X-Turn-${i}`);
    for (let round = 0; round < 4; round++) {
      for (const [i, name] of names.entries()) {
        // Upper case, then lower case: both spellings of one name, in turn.
        const given = round % 2 === 0 ? name : name.toLowerCase();
        const { headers } = endpoint("GET /x", { headers: { [given]: String(i), Accept: "text/plain" } });
        expect(headers).toStrictEqual({
          accept: "text/plain",
          "user-agent": `service-endpoint.js/${VERSION}`,
          [name.toLowerCase()]: String(i),
        });
      }
    }
    // A name that is not a token is refused as before.
    expect(thrown(() => endpoint("GET /x", { headers: { "X Turn": "1" } }))).toMatchObject({
      code: "ERR_INVALID_HEADER",
      message: 'Invalid header name "X Turn": not an RFC 9110 token',
    });
  });

  // docs/api.md, "Options": options are never parameters, so a variable named like one never
  // gets a value; a query parameter with such a name is written with a literal name.
  it("never fills a url variable named like an option (docs/api.md)", () => {
    expect(codeAndMessage(() => endpoint("GET /files/{url}"))).toBe(
      'ERR_MISSING_PARAMETER: Missing parameter "url" for url "/files/{url}": a path placeholder needs a value (write {/url} for an optional segment)',
    );
    expect(endpoint("GET /proxy{?data}").url).toBe("https://api.service.example/proxy");
    expect(codeAndMessage(() => endpoint("GET /proxy{?url}", { url: "https://example.com/a" }))).toBe(
      'ERR_INVALID_OPTIONS: Invalid options: url "https://example.com/a" conflicts with route "GET /proxy{?url}"; give the url in one place',
    );
    expect(endpoint("GET /proxy?url={target}", { target: "https://example.com/a" }).url).toBe(
      "https://api.service.example/proxy?url=https%3A%2F%2Fexample.com%2Fa",
    );
  });
});
