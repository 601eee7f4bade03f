// One example per error code of lib/errors.ts, with its exact message: the message starts with
// the context and quotes the input. (ERR_INVALID_TEMPLATE in all its forms is in
// uri-template.errors.spec.ts; the adapters' ERR_UNSUPPORTED_BODY cases in to-fetch/to-curl.)
import { callable, endpoint, toFetch } from "../lib/index.js";
import type { EndpointErrorCode, EndpointOptions } from "../lib/index.js";
import { errorOf, thrown } from "./helpers/thrown.js";
import { LockedEndpoint } from "./helpers/locked-endpoint.js";

const locked = callable(new LockedEndpoint());

const call = (route: unknown, options?: unknown) => () =>
  endpoint(route as string, options as EndpointOptions | undefined);

describe("EndpointError", () => {
  it("is an Error with a name, a stable code and a message", () => {
    const error = thrown(call("GET"));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("EndpointError");
    expect(error.code).toBe("ERR_INVALID_ROUTE");
  });
});

describe.each<[EndpointErrorCode, string, () => unknown, string]>([
  [
    "ERR_INVALID_OPTIONS",
    "options that are not a plain object",
    call("GET /users", ["per_page", 10]),
    "Invalid options: an array; expected a plain object",
  ],
  [
    "ERR_INVALID_OPTIONS",
    "a route that is neither a string nor an object",
    call(42),
    'Invalid route: number 42; expected a route string such as "GET /users/{id}" or an options object',
  ],
  [
    "ERR_INVALID_OPTIONS",
    "a method in options that contradicts the route",
    call("GET /users", { method: "POST" }),
    'Invalid options: method "POST" conflicts with route "GET /users"; give the method in one place',
  ],
  [
    "ERR_INVALID_OPTIONS",
    "data on a GET request",
    call("GET /users", { data: "x" }),
    'Invalid options: a "GET" request has no body, but options.data is set; only POST, PUT, PATCH and DELETE send one',
  ],
  [
    "ERR_INVALID_OPTIONS",
    "request that is not an object",
    call("GET /users", { request: 5 }),
    "Invalid request: number 5; expected an object of meta information",
  ],
  [
    "ERR_INVALID_OPTIONS",
    "a cyclic parameter",
    () => {
      const loop: Record<string, unknown> = {};
      loop.self = loop;
      return endpoint("POST /users", { loop });
    },
    'Invalid options: "loop" is nested more than 100 levels deep, or holds a cycle',
  ],
  [
    "ERR_INVALID_ROUTE",
    "a route with two spaces",
    call("GET  /users"),
    'Invalid route "GET  /users": unexpected whitespace or control character at offset 4; expected "METHOD url" or "url"',
  ],
  [
    "ERR_INVALID_ROUTE",
    "a method without a url",
    call("DELETE"),
    'Invalid route "DELETE": a method without a url',
  ],
  [
    "ERR_INVALID_METHOD",
    "a method with a space",
    call({ method: "GET X", url: "/" }),
    'Invalid method "GET X": not an RFC 9110 token',
  ],
  [
    "ERR_INVALID_METHOD",
    "a method that is not a string",
    call({ method: 1, url: "/" }),
    "Invalid method: number 1; expected a string",
  ],
  [
    "ERR_INVALID_METHOD",
    "a route whose method is not a token",
    call("G\u00c9T /"),
    'Invalid method "G\u00c9T" in route "G\u00c9T /": not an RFC 9110 token',
  ],
  [
    "ERR_MISSING_URL",
    "no route and no url",
    call({ method: "GET" }),
    'Missing url: give a route such as "GET /users/{id}", or options.url',
  ],
  [
    "ERR_INVALID_URL",
    "a url that is not a string",
    call({ url: 42 }),
    "Invalid url: number 42; expected a string",
  ],
  [
    "ERR_INVALID_URL",
    "an absolute url the WHATWG parser refuses",
    call("GET {+next}", { next: "https://[::1" }),
    'Invalid url "https://[::1": not a valid absolute URL',
  ],
  [
    "ERR_INVALID_BASE_URL",
    "a path baseUrl with a dot segment",
    call("GET /users", { baseUrl: "/api/../admin" }),
    'Invalid baseUrl "/api/../admin": a base URL cannot have a "." or ".." path segment',
  ],
  [
    "ERR_INVALID_BASE_URL",
    "a baseUrl that is not http(s)",
    call("GET /users", { baseUrl: "ftp://files.example" }),
    'Invalid baseUrl "ftp://files.example": expected an http or https URL',
  ],
  [
    "ERR_INVALID_BASE_URL",
    "a baseUrl with a query",
    call("GET /users", { baseUrl: "https://api.example?x=1" }),
    'Invalid baseUrl "https://api.example?x=1": a base URL cannot have a query or fragment',
  ],
  [
    "ERR_INVALID_BASE_URL",
    "a baseUrl with a tab",
    call("GET /users", { baseUrl: "https://api.example/\t" }),
    'Invalid baseUrl "https://api.example/\\t": whitespace, control or non-ASCII character at offset 20',
  ],
  [
    "ERR_INVALID_BASE_URL",
    "a path url given to parse() without baseUrl",
    () => endpoint.parse({ url: "/users" }),
    'Missing baseUrl: url "/users" is a path, and no baseUrl is given to put before it',
  ],
  [
    "ERR_ABSOLUTE_URL",
    "an absolute url on a builder that forbids it",
    () => locked("GET {+next}", { next: "https://evil.example/" }),
    'Absolute url "https://evil.example/" is not allowed by this builder: only paths below baseUrl "https://api.service.example"',
  ],
  [
    "ERR_INVALID_TEMPLATE",
    "an unclosed expression",
    call("GET /repos/{owner"),
    'Invalid URI template "/repos/{owner": unclosed expression at offset 7',
  ],
  [
    "ERR_INVALID_TEMPLATE",
    "a prefix on a list value",
    call("GET /search{?q:3}", { q: ["a", "b"] }),
    'Invalid URI template "/search{?q:3}": prefix modifier ":3" on the list value of "q" at offset 9',
  ],
  [
    "ERR_MISSING_PARAMETER",
    "a required path placeholder without a value",
    call("DELETE /repos/{owner}/{repo}", { owner: "octo" }),
    'Missing parameter "repo" for url "/repos/{owner}/{repo}": a path placeholder needs a value (write {/repo} for an optional segment)',
  ],
  [
    "ERR_MISSING_PARAMETER",
    "a :name placeholder that is null",
    call("GET /users/:id", { id: null }),
    'Missing parameter "id" for url "/users/:id": a path placeholder needs a value (write {/id} for an optional segment)',
  ],
  [
    "ERR_INVALID_PARAMETER",
    "a symbol as a parameter",
    call("GET /users/{id}", { id: Symbol("id") }),
    'Invalid parameter "id": cannot expand a symbol in a URI template',
  ],
  [
    "ERR_INVALID_PARAMETER",
    "a query parameter that is a nested object",
    call("GET /search", { filter: { labels: ["a"] } }),
    'Invalid parameter "filter": cannot expand an array at key "labels" of an object in a URI template',
  ],
  [
    "ERR_INVALID_HEADER",
    "a header name that is not a token",
    call("GET /", { headers: { "x id": "1" } }),
    'Invalid header name "x id": not an RFC 9110 token',
  ],
  [
    "ERR_INVALID_HEADER",
    "a header value with LF",
    call("GET /", { headers: { "x-id": "1\nx: 2" } }),
    'Invalid value for header "x-id": "1\\nx: 2" holds character U+000A at offset 1; CR, LF, NUL, other controls and code points above U+00FF are not allowed',
  ],
  [
    "ERR_INVALID_HEADER",
    "a header value that is a boolean",
    call("GET /", { headers: { "x-debug": true } }),
    'Invalid value for header "x-debug": boolean true; expected a string or a finite number',
  ],
  [
    "ERR_INVALID_HEADER",
    "headers that are not an object",
    call("GET /", { headers: "accept: */*" }),
    'Invalid headers: "accept: */*"; expected an object of header names to values',
  ],
  [
    "ERR_INVALID_MEDIA_TYPE",
    "a mediaType that is a string",
    call("GET /", { mediaType: "raw" }),
    'Invalid mediaType: "raw"; expected { format?: string, previews?: string[] }',
  ],
  [
    "ERR_INVALID_MEDIA_TYPE",
    "a format with a comma",
    call("GET /", { mediaType: { format: "raw,text/html" } }),
    'Invalid mediaType.format "raw,text/html": expected a word such as "raw", "diff" or "text+json"',
  ],
  [
    "ERR_INVALID_MEDIA_TYPE",
    "previews that are not a list",
    call("GET /", { mediaType: { previews: "squirrel-girl" } }),
    'Invalid mediaType.previews: "squirrel-girl"; expected an array of preview names',
  ],
  [
    "ERR_INVALID_MEDIA_TYPE",
    "an unknown mediaType key",
    call("GET /", { mediaType: { version: 4 } }),
    'Invalid mediaType key "version": expected only "format" and "previews"',
  ],
  [
    "ERR_UNSUPPORTED_BODY",
    "a JSON body with a bigint, for fetch",
    () => toFetch(endpoint("POST /items", { count: 1n })),
    "toFetch: the JSON body cannot be serialised: Do not know how to serialize a BigInt",
  ],
])("%s: %s", (expectedCode, _label, operation, message) => {
  it("throws it with its exact message", () => {
    const error = thrown(operation);
    expect(error.code).toBe(expectedCode);
    expect(error.message).toBe(message);
  });
});

// Found by the review of 2026-11-26: the class name went into messages as it was.
describe("a class name in a message", () => {
  it("is escaped and cut as a quoted string is", () => {
    const long = "X".repeat(100_000);
    const Long = { [long]: class {} }[long]!;
    expect(errorOf(() => endpoint("GET /x", new Long() as EndpointOptions))).toStrictEqual({
      code: "ERR_INVALID_OPTIONS",
      message: `Invalid options: an instance of ${"X".repeat(200)}…; expected a plain object`,
    });
    const hostile = Object.create({ constructor: { name: "evil\r\nX-Injected: 1" } }) as EndpointOptions;
    expect(errorOf(() => endpoint("GET /x", hostile))).toStrictEqual({
      code: "ERR_INVALID_OPTIONS",
      message: "Invalid options: an instance of evil\\r\\nX-Injected: 1; expected a plain object",
    });
    expect(errorOf(() => endpoint("GET /x", new Map() as unknown as EndpointOptions)).message).toBe(
      "Invalid options: an instance of Map; expected a plain object",
    );
  });
});
