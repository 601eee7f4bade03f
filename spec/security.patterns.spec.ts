// What the regular expressions of lib/ guard, as behaviour: the scheme of an absolute url, the
// media types of the accept header, the characters of a baseUrl and a route, dot segments,
// required placeholders and whole segments, the authority of an absolute url, `:name`
// placeholders, the RFC 6570 tokenizer and encoder, extension points that are classes, body
// methods and what toCurl escapes. Each row is an input and its exact answer, so a pattern
// rewritten wrongly (or replaced by code) fails here whatever its form. (These replace a test that
// compared the source's patterns with a table in docs/security.md, which failed on any edit and
// on no bug.) Linear time is checked apart, in security.linear-time.spec.ts.
import { EndpointBuilder, endpoint, parseTemplate, toCurl, toFetch } from "../lib/index.js";
import type { EndpointOptions } from "../lib/index.js";
import { outcome } from "./helpers/thrown.js";
import type { Outcome } from "./helpers/thrown.js";

const BASE = "https://api.service.example";

type Expected = string | { code: string; message: string };
type UrlRow = [route: string, options: EndpointOptions, expected: Expected];

/** The expected url as an outcome, or the expected error as it is. */
const expectedOutcome = (expected: Expected): Outcome =>
  typeof expected === "string" ? { value: expected } : expected;

/** `endpoint(route, options).url`, or the code and message of the EndpointError it throws. */
const urlOutcome = (route: string, options: EndpointOptions): Outcome =>
  outcome(() => endpoint(route, options).url);

describe('absolute urls: an http or https scheme and "//", any other scheme refused', () => {
  it.each<UrlRow>([
    ["GET https://a.example/x", {}, "https://a.example/x"],
    ["GET HTTP://a.example/x", {}, "HTTP://a.example/x"],
    [
      "GET git+ssh://a.example/x",
      {},
      {
        code: "ERR_INVALID_URL",
        message: 'Invalid url "git+ssh://a.example/x": only http and https URLs are allowed',
      },
    ],
    [
      "GET ftp://a.example/x",
      {},
      {
        code: "ERR_INVALID_URL",
        message: 'Invalid url "ftp://a.example/x": only http and https URLs are allowed',
      },
    ],
    [
      "GET httpss://a.example/x",
      {},
      {
        code: "ERR_INVALID_URL",
        message: 'Invalid url "httpss://a.example/x": only http and https URLs are allowed',
      },
    ],
    ["GET 1http://a.example/x", {}, `${BASE}/1http://a.example/x`],
    ["GET a:b", {}, `${BASE}/a:b`],
    ["GET /a://b", {}, `${BASE}/a://b`],
    [
      "GET https://:80/x",
      {},
      { code: "ERR_INVALID_URL", message: 'Invalid url "https://:80/x": not a valid absolute URL' },
    ],
    ["GET https:///x", {}, { code: "ERR_INVALID_URL", message: 'Invalid url "https:///x": an empty host' }],
    [
      "GET https://a@b@c.example/x",
      {},
      {
        code: "ERR_INVALID_URL",
        message: 'Invalid url "https://a@b@c.example/x": more than one "@" in the authority',
      },
    ],
    ["GET https://a.example:8080/x", {}, "https://a.example:8080/x"],
    [
      "GET https://b\u00fccher.example/x",
      {},
      {
        code: "ERR_INVALID_URL",
        message:
          'Invalid url "https://b\u00fccher.example/x": a non-ASCII host; write it in its ASCII form (punycode, "xn--…")',
      },
    ],
    ["GET https://user:p\u00e4@a.example/x", {}, "https://user:p%C3%A4@a.example/x"],
  ])("%j %j", (route, options, expected) => {
    expect(urlOutcome(route, options)).toEqual(expectedOutcome(expected));
  });

  it.each<[string, Expected]>([
    ["HTTPS://a.example/", "HTTPS://a.example/"],
    [
      "file:///etc/passwd",
      {
        code: "ERR_INVALID_URL",
        message: 'toFetch: Invalid url "file:///etc/passwd": the scheme "file" is not http or https',
      },
    ],
    [
      "a.b-c+d:x",
      {
        code: "ERR_INVALID_URL",
        message: 'toFetch: Invalid url "a.b-c+d:x": the scheme "a.b-c+d" is not http or https',
      },
    ],
    [
      "http:/a.example/",
      {
        code: "ERR_INVALID_URL",
        message: 'toFetch: Invalid url "http:/a.example/": "//" must follow "http:"',
      },
    ],
  ])("toFetch %j", (url, expected) => {
    expect(outcome(() => toFetch({ method: "get", url, headers: {} })[0])).toEqual(expectedOutcome(expected));
  });
});

describe("routes: one space between method and url, no other whitespace or control", () => {
  it.each<UrlRow>([
    [
      "GET /a\tb",
      {},
      {
        code: "ERR_INVALID_ROUTE",
        message:
          'Invalid route "GET /a\\tb": unexpected whitespace or control character at offset 6; expected "METHOD url" or "url"',
      },
    ],
    [
      "GET\t/a",
      {},
      {
        code: "ERR_INVALID_ROUTE",
        message:
          'Invalid route "GET\\t/a": unexpected whitespace or control character at offset 3; expected "METHOD url" or "url"',
      },
    ],
    [
      "GET /a b",
      {},
      {
        code: "ERR_INVALID_ROUTE",
        message:
          'Invalid route "GET /a b": unexpected whitespace or control character at offset 6; expected "METHOD url" or "url"',
      },
    ],
    [
      "GET /a\u007fb",
      {},
      {
        code: "ERR_INVALID_ROUTE",
        message:
          'Invalid route "GET /a\\u007Fb": unexpected whitespace or control character at offset 6; expected "METHOD url" or "url"',
      },
    ],
    [
      "GET /a\u00a0b",
      {},
      {
        code: "ERR_INVALID_ROUTE",
        message:
          'Invalid route "GET /a\u00a0b": unexpected whitespace or control character at offset 6; expected "METHOD url" or "url"',
      },
    ],
    [
      "GET /a\u2028b",
      {},
      {
        code: "ERR_INVALID_ROUTE",
        message:
          'Invalid route "GET /a\\u2028b": unexpected whitespace or control character at offset 6; expected "METHOD url" or "url"',
      },
    ],
    [
      "GET /a\u0000b",
      {},
      {
        code: "ERR_INVALID_ROUTE",
        message:
          'Invalid route "GET /a\\u0000b": unexpected whitespace or control character at offset 6; expected "METHOD url" or "url"',
      },
    ],
    ["GET", {}, { code: "ERR_INVALID_ROUTE", message: 'Invalid route "GET": a method without a url' }],
    ["DELETE", {}, { code: "ERR_INVALID_ROUTE", message: 'Invalid route "DELETE": a method without a url' }],
    ["get", {}, `${BASE}/get`],
    ["PURGE", {}, `${BASE}/PURGE`],
    [
      " /a",
      {},
      { code: "ERR_INVALID_ROUTE", message: 'Invalid route " /a": expected "METHOD url" or "url"' },
    ],
    ["/a\u00e9", {}, `${BASE}/a%C3%A9`],
  ])("%j %j", (route, options, expected) => {
    expect(urlOutcome(route, options)).toEqual(expectedOutcome(expected));
  });
});

describe("methods: a body for POST, PUT, PATCH and DELETE in any case, a query for the others", () => {
  it.each<[string, string, Record<string, unknown> | undefined]>([
    ["post", `${BASE}/x`, { q: 1 }],
    ["PoSt", `${BASE}/x`, { q: 1 }],
    ["PUT", `${BASE}/x`, { q: 1 }],
    ["patch", `${BASE}/x`, { q: 1 }],
    ["Delete", `${BASE}/x`, { q: 1 }],
    ["OPTIONS", `${BASE}/x?q=1`, undefined],
    ["PURGE", `${BASE}/x?q=1`, undefined],
    ["get", `${BASE}/x?q=1`, undefined],
    ["HEAD", `${BASE}/x?q=1`, undefined],
    ["POSTS", `${BASE}/x?q=1`, undefined],
  ])("%s", (method, url, body) => {
    const result = endpoint({ method, url: "/x", q: 1 });
    expect([result.method, result.url, result.body]).toEqual([method.toLowerCase(), url, body]);
  });
});

describe("`:name` at the start of a path segment is a placeholder, and nothing else with a colon", () => {
  it.each<UrlRow>([
    ["GET /repos/:owner/:repo", { owner: "o", repo: "r" }, `${BASE}/repos/o/r`],
    ["GET https://user:pass@a.example:8080/x", {}, "https://user:pass@a.example:8080/x"],
    ["GET /x?a=:b", { b: 1 }, `${BASE}/x?a=:b&b=1`],
    ["GET /x#:b", { b: 1 }, `${BASE}/x?b=1#:b`],
    ["GET /a:b", { b: 1 }, `${BASE}/a:b?b=1`],
    ["GET /:b.json", { b: 1 }, `${BASE}/1.json`],
    ["GET /:b-c", { b: 1, "b-c": 2 }, `${BASE}/1-c?b-c=2`],
    ["GET /{a}:b", { a: 1, b: 2 }, `${BASE}/1:b?b=2`],
    ["GET /x/{a:1}", { a: "yz" }, `${BASE}/x/y`],
    ["GET /x?next=/:b", { b: 1 }, `${BASE}/x?next=/:b&b=1`],
    ["GET /x#/:b", { b: 1 }, `${BASE}/x?b=1#/:b`],
    ["GET /x/a:b/:c", { b: 1, c: 2 }, `${BASE}/x/a:b/2?b=1`],
    ["GET /:x/{a:1}", { x: 0, a: "yz" }, `${BASE}/0/y`],
  ])("%j %j", (route, options, expected) => {
    expect(urlOutcome(route, options)).toEqual(expectedOutcome(expected));
  });
});

describe("required placeholders of the path, and whole path segments that cannot be empty", () => {
  it.each<UrlRow>([
    [
      "DELETE /repos/{owner}/{repo}",
      { owner: "o" },
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "repo" for url "/repos/{owner}/{repo}": a path placeholder needs a value (write {/repo} for an optional segment)',
      },
    ],
    [
      "DELETE /repos/{owner}/{+repo}",
      { owner: "o" },
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "repo" for url "/repos/{owner}/{+repo}": a path placeholder needs a value (write {/repo} for an optional segment)',
      },
    ],
    [
      "GET /x{+a}",
      {},
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "a" for url "/x{+a}": a path placeholder needs a value (write {/a} for an optional segment)',
      },
    ],
    ["GET /x{?a}", {}, `${BASE}/x`],
    ["GET /x?y={a}", {}, `${BASE}/x?y=`],
    ["GET /x#{a}", {}, `${BASE}/x#`],
    ["GET /x{&a}", {}, `${BASE}/x`],
    ["GET /x{#a}", {}, `${BASE}/x`],
    ["GET /x{/a}", {}, `${BASE}/x`],
    ["GET /x{.a}", {}, `${BASE}/x`],
    ["GET /x{;a}", {}, `${BASE}/x`],
    [
      "GET /repos/{owner}/{repo}",
      { owner: "o", repo: "" },
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "repo" for url "/repos/{owner}/{repo}": an empty value would leave its path segment empty, and many servers would read a shorter path',
      },
    ],
    [
      "GET /repos/{owner}/{repo}?x",
      { owner: "o", repo: "" },
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "repo" for url "/repos/{owner}/{repo}?x": an empty value would leave its path segment empty, and many servers would read a shorter path',
      },
    ],
    [
      "GET /repos/{owner}/{repo}#x",
      { owner: "o", repo: "" },
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "repo" for url "/repos/{owner}/{repo}#x": an empty value would leave its path segment empty, and many servers would read a shorter path',
      },
    ],
    [
      "GET /repos/{owner}/{repo}{?x}",
      { owner: "o", repo: "" },
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "repo" for url "/repos/{owner}/{repo}{?x}": an empty value would leave its path segment empty, and many servers would read a shorter path',
      },
    ],
    [
      "GET /repos/{owner}/{repo}{/x}",
      { owner: "o", repo: "", x: "y" },
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "repo" for url "/repos/{owner}/{repo}{/x}": an empty value would leave its path segment empty, and many servers would read a shorter path',
      },
    ],
    [
      "GET /repos/{owner}/{repo}{&x}",
      { owner: "o", repo: "" },
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "repo" for url "/repos/{owner}/{repo}{&x}": an empty value would leave its path segment empty, and many servers would read a shorter path',
      },
    ],
    [
      "GET /repos/{owner}/{repo}{#x}",
      { owner: "o", repo: "" },
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "repo" for url "/repos/{owner}/{repo}{#x}": an empty value would leave its path segment empty, and many servers would read a shorter path',
      },
    ],
    [
      "GET /repos/{owner}/{repo}/x",
      { owner: "o", repo: "" },
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "repo" for url "/repos/{owner}/{repo}/x": an empty value would leave its path segment empty, and many servers would read a shorter path',
      },
    ],
    ["GET /repos/{owner}/{repo}.json", { owner: "o", repo: "" }, `${BASE}/repos/o/.json`],
    ["GET /repos/{owner}/{repo}{.x}", { owner: "o", repo: "", x: "j" }, `${BASE}/repos/o/.j`],
    [
      "GET {owner}/{repo}",
      { owner: "", repo: "r" },
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "owner" for url "{owner}/{repo}": an empty value would leave its path segment empty, and many servers would read a shorter path',
      },
    ],
  ])("%j %j", (route, options, expected) => {
    expect(urlOutcome(route, options)).toEqual(expectedOutcome(expected));
  });
});

describe('dot segments: no "." or ".." segment, in any spelling, in the path or the fragment', () => {
  it.each<UrlRow>([
    [
      "GET /files/{+path}/x",
      { path: "." },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "path" for url "/files/{+path}/x": it makes the path segment ".", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /files/{+path}/x",
      { path: "%2E%2e" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "path" for url "/files/{+path}/x": it makes the path segment "%2E%2e", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /files/{+path}/x",
      { path: ".%2e" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "path" for url "/files/{+path}/x": it makes the path segment ".%2e", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /files/{+path}/x",
      { path: "..;x" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "path" for url "/files/{+path}/x": it makes the path segment "..;x", which servers that drop ";" parameters resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /files/{+path}/x",
      { path: ".;" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "path" for url "/files/{+path}/x": it makes the path segment ".;", which servers that drop ";" parameters resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /files/{+path}/x",
      { path: "%2e%3bx" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "path" for url "/files/{+path}/x": it makes the path segment "%2e%3bx", which servers that drop ";" parameters resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    ["GET /files/{+path}/x", { path: "..." }, `${BASE}/files/.../x`],
    ["GET /files/{+path}/x", { path: "..a" }, `${BASE}/files/..a/x`],
    ["GET /files/{+path}/x", { path: "%2e%2e%2e" }, `${BASE}/files/%2e%2e%2e/x`],
    [
      "GET /files/{+path}",
      { path: "a/../b" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "path" for url "/files/{+path}": it makes the path segment "..", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /files/{+path}",
      { path: "a/." },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "path" for url "/files/{+path}": it makes the path segment ".", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /x/{a}",
      { a: ".." },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "/x/{a}": it makes the path segment "..", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /x/{a}",
      { a: "..;" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "/x/{a}": it makes the path segment "..%3B", which servers that drop ";" parameters resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /x/{a}",
      { a: "../admin" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "/x/{a}": it makes the path segment "..", which servers that decode "%2F" and "%5C" resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /x/{a}",
      { a: "..\\admin" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "/x/{a}": it makes the path segment "..", which servers that decode "%2F" and "%5C" resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    ["GET /x/{a}", { a: "a.b" }, `${BASE}/x/a.b`],
    [
      "GET /x/{a:2}",
      { a: "..x" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "/x/{a:2}": it makes the path segment "..", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /x/{.a}",
      { a: "" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "/x/{.a}": it makes the path segment ".", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /x/{.a,b}",
      { a: "", b: "" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "/x/{.a,b}": it makes the path segment "..", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /x{/a}",
      { a: ".." },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "/x{/a}": it makes the path segment "..", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /x{/a,b}",
      { a: "x", b: ".." },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "b" for url "/x{/a,b}": it makes the path segment "..", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    ["GET /x/{;a}", { a: ".." }, `${BASE}/x/;a=..`],
    ["GET /x{?a}", { a: ".." }, `${BASE}/x?a=..`],
    ["GET /x{&a}", { a: ".." }, `${BASE}/x&a=..`],
    [
      "GET /x{#a}",
      { a: ".." },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "/x{#a}": it makes the fragment segment "..", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /x/%2e{a}",
      { a: "." },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "/x/%2e{a}": it makes the path segment "%2e.", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /x/.{a}",
      { a: "." },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "/x/.{a}": it makes the path segment "..", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    [
      "GET /x/{a}{b}",
      { a: ".", b: "." },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "/x/{a}{b}": it makes the path segment "..", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    ["GET /x/{a}/y", { a: "%2e" }, `${BASE}/x/%252e/y`],
    [
      "GET /a/..{+x}",
      { x: "%2Fadmin" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "x" for url "/a/..{+x}": it makes the path segment "..", which servers that decode "%2F" and "%5C" resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
    ["GET /x/{a}", { a: ["..", "b"] }, `${BASE}/x/..,b`],
    [
      "GET https://a.example/..",
      {},
      {
        code: "ERR_INVALID_URL",
        message:
          'Invalid url "https://a.example/..": the path segment ".." would be resolved away by clients',
      },
    ],
    ["GET https://a.example?x=..", {}, "https://a.example?x=.."],
    [
      "GET https://a.example#..",
      {},
      {
        code: "ERR_INVALID_URL",
        message:
          'Invalid url "https://a.example#..": the fragment segment ".." would be resolved away by clients',
      },
    ],
    [
      "GET https://a.example/a/%2E%2e/b",
      {},
      {
        code: "ERR_INVALID_URL",
        message:
          'Invalid url "https://a.example/a/%2E%2e/b": the path segment "%2E%2e" would be resolved away by clients',
      },
    ],
    ["GET https://..example/", {}, "https://..example/"],
    [
      "GET https://a.example.com/x/{a}",
      { a: "." },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "a" for url "https://a.example.com/x/{a}": it makes the path segment ".", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
      },
    ],
  ])("%j %j", (route, options, expected) => {
    expect(urlOutcome(route, options)).toEqual(expectedOutcome(expected));
  });

  it.each<[string, Expected]>([
    [
      "https://a.example/a/.",
      {
        code: "ERR_INVALID_BASE_URL",
        message: 'Invalid baseUrl "https://a.example/a/.": a base URL cannot have a "." or ".." path segment',
      },
    ],
    [
      "https://a.example/a/..",
      {
        code: "ERR_INVALID_BASE_URL",
        message:
          'Invalid baseUrl "https://a.example/a/..": a base URL cannot have a "." or ".." path segment',
      },
    ],
    [
      "https://a.example/a/%2e",
      {
        code: "ERR_INVALID_BASE_URL",
        message:
          'Invalid baseUrl "https://a.example/a/%2e": a base URL cannot have a "." or ".." path segment',
      },
    ],
    ["https://a.example/a/.b", "https://a.example/a/.b/x"],
  ])("baseUrl %j", (baseUrl, expected) => {
    expect(outcome(() => endpoint("/x", { baseUrl }).url)).toEqual(expectedOutcome(expected));
  });
});

describe("the authority of an absolute url: a value never changes the host, port or user info the route writes", () => {
  it.each<UrlRow>([
    [
      "GET https://api.example{+p}/",
      { p: "@evil.example" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "p" for url "https://api.example{+p}/": it writes "@evil.example", which puts "@" into the authority "api.example@evil.example"',
      },
    ],
    [
      "GET https://api.example{+p}/",
      { p: ".evil" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "p" for url "https://api.example{+p}/": it writes ".evil", which would change the host the url writes: "api.example.evil"',
      },
    ],
    [
      "GET https://api.example{+p}/",
      { p: ":8080" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "p" for url "https://api.example{+p}/": it writes ":8080", which would give the url\'s host another port: "api.example:8080"',
      },
    ],
    ["GET https://api.example{+p}/", { p: "/x" }, "https://api.example/x/"],
    ["GET https://api.example{+p}/", { p: "?x" }, "https://api.example?x/"],
    ["GET https://api.example{+p}/", { p: "#x" }, "https://api.example#x/"],
    ["GET https://10.0.0.{n}/", { n: 5 }, "https://10.0.0.5/"],
    ["GET https://api-{region}.example/", { region: "eu" }, "https://api-eu.example/"],
    ["GET https://api-{region}/", { region: "eu" }, "https://api-eu/"],
    [
      "GET https://api{region}/",
      { region: "eu" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "region" for url "https://api{region}/": it writes "eu", which would change the host the url writes: "apieu"',
      },
    ],
    [
      "GET https://api.example.com{x}/",
      { x: "2" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "x" for url "https://api.example.com{x}/": it writes "2", which would change the host the url writes: "api.example.com2"',
      },
    ],
    ["GET https://{host}/x", { host: "evil.example" }, "https://evil.example/x"],
    [
      "GET https:/{+x}/api.example/",
      { x: "/evil.example" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "x" for url "https:/{+x}/api.example/": it writes "/evil.example", which puts a scheme and host of its own before the url\'s "//"',
      },
    ],
    ["GET {+protocol}//api.example/", { protocol: "https:" }, "https://api.example/"],
    [
      "GET {+protocol}//api.example/",
      { protocol: "https://evil.example/?" },
      {
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "protocol" for url "{+protocol}//api.example/": it writes "https://evil.example/?", which puts a scheme and host of its own before the url\'s "//"',
      },
    ],
    ["GET http{s}://api.example/", { s: "s" }, "https://api.example/"],
    ["GET repos/{id}", { id: "https://evil.example" }, `${BASE}/repos/https%3A%2F%2Fevil.example`],
    ["GET {a}/x", { a: "https://evil.example" }, `${BASE}/https%3A%2F%2Fevil.example/x`],
  ])("%j %j", (route, options, expected) => {
    expect(urlOutcome(route, options)).toEqual(expectedOutcome(expected));
  });
});

describe("baseUrl: an absolute http(s) url or a path, of characters every URL parser reads alike", () => {
  it.each<[string, Expected]>([
    [
      "https://a.example/a b",
      {
        code: "ERR_INVALID_BASE_URL",
        message:
          'Invalid baseUrl "https://a.example/a b": whitespace, control or non-ASCII character at offset 19',
      },
    ],
    [
      "https://a.example/a\u00e9",
      {
        code: "ERR_INVALID_BASE_URL",
        message:
          'Invalid baseUrl "https://a.example/a\u00e9": whitespace, control or non-ASCII character at offset 19',
      },
    ],
    [
      "https://a.example/a\\b",
      {
        code: "ERR_INVALID_BASE_URL",
        message:
          'Invalid baseUrl "https://a.example/a\\\\b": character "\\\\" at offset 19 is read differently by different URL parsers',
      },
    ],
    [
      "https://a.example/a|b",
      {
        code: "ERR_INVALID_BASE_URL",
        message:
          'Invalid baseUrl "https://a.example/a|b": character "|" at offset 19 is read differently by different URL parsers',
      },
    ],
    [
      "https://a.example/a^b",
      {
        code: "ERR_INVALID_BASE_URL",
        message:
          'Invalid baseUrl "https://a.example/a^b": character "^" at offset 19 is read differently by different URL parsers',
      },
    ],
    [
      "https://a.example/?q",
      {
        code: "ERR_INVALID_BASE_URL",
        message: 'Invalid baseUrl "https://a.example/?q": a base URL cannot have a query or fragment',
      },
    ],
    [
      "https://a.example/#f",
      {
        code: "ERR_INVALID_BASE_URL",
        message: 'Invalid baseUrl "https://a.example/#f": a base URL cannot have a query or fragment',
      },
    ],
    ["https://a.example/a%20b~!$&'()*+,;=:@[]", "https://a.example/a%20b~!$&'()*+,;=:@[]/x"],
    ["/api", "/api/x"],
  ])("%j", (baseUrl, expected) => {
    expect(outcome(() => endpoint("/x", { baseUrl }).url)).toEqual(expectedOutcome(expected));
  });
});

describe("the accept header: vendor media types take the format and the previews", () => {
  const acceptOf = (accept: string | undefined, mediaType: EndpointOptions["mediaType"]): Outcome =>
    outcome(
      () => endpoint("/", { headers: accept === undefined ? {} : { accept }, mediaType }).headers.accept,
    );

  it.each<[string | undefined, EndpointOptions["mediaType"], Expected]>([
    [undefined, { format: "raw" }, "application/vnd.service.v3.raw"],
    ["application/vnd.acme.v2+json", { format: "diff" }, "application/vnd.acme.v2.diff"],
    ["application/vnd.acme.v2.html+json", { format: "text" }, "application/vnd.acme.v2.text"],
    [
      "application/vnd.acme+json; charset=utf-8",
      { format: "raw" },
      "application/vnd.acme.raw; charset=utf-8",
    ],
    ["APPLICATION/VND.ACME.V2+JSON", { format: "raw" }, "application/vnd.ACME.V2.raw"],
    ["application/json", { format: "raw" }, "application/json"],
    ["application/vnd.acme.foo-preview+json", { format: "raw" }, "application/vnd.acme.foo-preview.raw"],
    ["application/octet-stream", { format: "raw", previews: ["x"] }, "application/octet-stream"],
    [undefined, { previews: ["ant-man"] }, "application/vnd.service.ant-man-preview+json"],
    [undefined, { previews: ["ant-man"], format: "raw" }, "application/vnd.service.ant-man-preview.raw"],
    [undefined, { previews: ["symmetra-preview-preview"] }, "application/vnd.service.symmetra-preview+json"],
    [
      "application/vnd.acme.foo-preview.raw",
      { previews: ["bar"] },
      "application/vnd.acme.foo-preview+json,application/vnd.acme.bar-preview+json",
    ],
    [undefined, { format: "text+json" }, "application/vnd.service.v3.text+json"],
    [undefined, { format: "a".repeat(200) }, `application/vnd.service.v3.${"a".repeat(200)}`],
    [
      undefined,
      { format: "a b" },
      {
        code: "ERR_INVALID_MEDIA_TYPE",
        message: 'Invalid mediaType.format "a b": expected a word such as "raw", "diff" or "text+json"',
      },
    ],
    [
      undefined,
      { format: "raw\u0100" },
      {
        code: "ERR_INVALID_MEDIA_TYPE",
        message: 'Invalid mediaType.format "raw\u0100": expected a word such as "raw", "diff" or "text+json"',
      },
    ],
    [
      undefined,
      { format: "a".repeat(201) },
      {
        code: "ERR_INVALID_MEDIA_TYPE",
        message: `Invalid mediaType.format "${"a".repeat(200)}…": expected a word such as "raw", "diff" or "text+json"`,
      },
    ],
    [
      undefined,
      { previews: ["a.b"] },
      {
        code: "ERR_INVALID_MEDIA_TYPE",
        message: 'Invalid preview name "a.b" in mediaType.previews: expected letters, digits, "-" and "_"',
      },
    ],
    [
      undefined,
      { previews: [""] },
      {
        code: "ERR_INVALID_MEDIA_TYPE",
        message: 'Invalid preview name "" in mediaType.previews: expected letters, digits, "-" and "_"',
      },
    ],
    [
      undefined,
      { previews: ["-preview"] },
      {
        code: "ERR_INVALID_MEDIA_TYPE",
        message:
          'Invalid preview name "-preview" in mediaType.previews: expected letters, digits, "-" and "_"',
      },
    ],
  ])("%j with %j", (accept, mediaType, expected) => {
    expect(acceptOf(accept, mediaType)).toEqual(expectedOutcome(expected));
  });
});

describe("RFC 6570: what each operator leaves as it is, and pct-encoded triplets", () => {
  const ASCII = Array.from({ length: 0x80 }, (_, code) => String.fromCharCode(code)).join("");
  const CONTROLS =
    "%00%01%02%03%04%05%06%07%08%09%0A%0B%0C%0D%0E%0F%10%11%12%13%14%15%16%17%18%19%1A%1B%1C%1D%1E%1F";

  it.each<[string, Record<string, unknown>, string]>([
    // §3.2.2: only unreserved characters are kept; "%" of a triplet is encoded too.
    [
      "{x}",
      { x: ASCII },
      `${CONTROLS}%20%21%22%23%24%25%26%27%28%29%2A%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~%7F`,
    ],
    // §3.2.3: unreserved and reserved characters are kept, and pct-encoded triplets.
    [
      "{+x}",
      { x: ASCII },
      `${CONTROLS}%20!%22#$%25&'()*+,-./0123456789:;%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[%5C]%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~%7F`,
    ],
    ["{+x}", { x: "%41%4g%zz%" }, "%41%254g%25zz%25"],
    ["{+x}", { x: "%4a%4A%af" }, "%4a%4A%af"],
    ["{x}", { x: "%41" }, "%2541"],
    ["{#x}", { x: "%41 /?#" }, "#%41%20/?#"],
  ])("%s with %j", (template, values, expected) => {
    expect(parseTemplate(template).expand(values)).toBe(expected);
  });
});

describe("RFC 6570 templates: literals, variable names and prefixes", () => {
  it.each<[string, Expected]>([
    ["/a%41\u00e9'", "/a%41%C3%A9'"],
    ["/\u00a0\u00a1", "/%C2%A0%C2%A1"],
    ["/{a.b}", "/1"],
    ["/{%41}", "/2"],
    ["/{a:9999}", "/..x"],
    ["/{.a}", "/...x"],
    [
      "/a b",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/a b": invalid literal character " " (U+0020) at offset 2',
      },
    ],
    [
      "/a<",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/a<": invalid literal character "<" at offset 2',
      },
    ],
    [
      '/a"',
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/a\\"": invalid literal character "\\"" at offset 2',
      },
    ],
    [
      "/a%zz",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/a%zz": invalid percent-encoding at offset 2',
      },
    ],
    [
      "/a%4",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/a%4": invalid percent-encoding at offset 2',
      },
    ],
    [
      "/a%41%zz",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/a%41%zz": invalid percent-encoding at offset 5',
      },
    ],
    [
      "/\u0085",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/\\u0085": invalid literal character "\\u0085" (U+0085) at offset 1',
      },
    ],
    [
      "/\u009f",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/\\u009F": invalid literal character "\\u009F" (U+009F) at offset 1',
      },
    ],
    [
      "/\ud800",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/\\ud800": invalid literal character "\\ud800" (U+D800) at offset 1',
      },
    ],
    [
      "/\ufdd0",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/\ufdd0": invalid literal character "\ufdd0" (U+FDD0) at offset 1',
      },
    ],
    [
      "/\ufffe",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/\ufffe": invalid literal character "\ufffe" (U+FFFE) at offset 1',
      },
    ],
    [
      "/\u{e0001}",
      {
        code: "ERR_INVALID_TEMPLATE",
        message:
          'Invalid URI template "/\u{e0001}": invalid literal character "\u{e0001}" (U+E0001) at offset 1',
      },
    ],
    [
      "/\u{10ffff}",
      {
        code: "ERR_INVALID_TEMPLATE",
        message:
          'Invalid URI template "/\u{10ffff}": invalid literal character "\u{10ffff}" (U+10FFFF) at offset 1',
      },
    ],
    [
      "/{a..b}",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/{a..b}": invalid character "." in variable name at offset 3',
      },
    ],
    [
      "/{a.}",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/{a.}": invalid character "." in variable name at offset 3',
      },
    ],
    [
      "/{a-b}",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/{a-b}": invalid character "-" in variable name at offset 3',
      },
    ],
    [
      "/{$a}",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/{$a}": invalid character "$" in variable name at offset 2',
      },
    ],
    [
      "/{%4g}",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/{%4g}": invalid percent-encoding in variable name at offset 2',
      },
    ],
    [
      "/{a:0}",
      {
        code: "ERR_INVALID_TEMPLATE",
        message: 'Invalid URI template "/{a:0}": prefix length must be an integer from 1 to 9999 at offset 4',
      },
    ],
    [
      "/{a:01}",
      {
        code: "ERR_INVALID_TEMPLATE",
        message:
          'Invalid URI template "/{a:01}": prefix length must be an integer from 1 to 9999 at offset 4',
      },
    ],
    [
      "/{a:10000}",
      {
        code: "ERR_INVALID_TEMPLATE",
        message:
          'Invalid URI template "/{a:10000}": prefix length must be an integer from 1 to 9999 at offset 4',
      },
    ],
    ...["=", ",", "!", "@", "|"].map((operator): [string, Expected] => [
      `/{${operator}a}`,
      {
        code: "ERR_INVALID_TEMPLATE",
        message: `Invalid URI template "/{${operator}a}": reserved operator "${operator}" at offset 2`,
      },
    ]),
  ])("%j", (template, expected) => {
    expect(outcome(() => parseTemplate(template).expand({ a: "..x", "a.b": 1, "%41": 2 }))).toEqual(
      expectedOutcome(expected),
    );
  });
});

describe("extension points: a class is refused, an app's own error passes through", () => {
  function builderWith(hook: unknown): EndpointBuilder {
    class App extends EndpointBuilder {}
    Object.defineProperty(App.prototype, "serializeQuery", { value: hook });
    return new App();
  }
  const A_CLASS = {
    code: "ERR_INVALID_OPTIONS",
    message:
      "Invalid serializeQuery of an instance of App: a class; an extension point must be a method (parameters, context) => string",
  };

  it.each<[string, unknown]>([
    ["class X {}", class X {}],
    ["class{}", class {}],
    ["class extends Object {}", class extends Object {}],
  ])("%s", (_label, hook) => {
    expect(outcome(() => builderWith(hook).endpoint("GET /x", { q: 1 }))).toEqual(A_CLASS);
  });

  it('a method named "class" that throws is a method: its error reaches the caller as it is', () => {
    const failure = new Error("the app's own failure");
    const hook = {
      class(): string {
        throw failure;
      },
    }.class;
    let caught: unknown;
    try {
      builderWith(hook).endpoint("GET /x", { q: 1 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBe(failure);
  });
});

describe("toCurl: characters a terminal would hide or act on are written as byte escapes", () => {
  const bodyWord = (body: string): string =>
    toCurl({
      method: "post",
      url: "https://a.example/x",
      headers: { "content-type": "text/plain" },
      body,
    }).split(" --data-binary ")[1]!;

  it.each<[string, string]>([
    ["a\u200bb", "$'a\\xE2\\x80\\x8B'$'b'"], // Cf, zero width space
    ["a\u202eb", "$'a\\xE2\\x80\\xAE'$'b'"], // Cf, right-to-left override
    ["a\u00adb", "$'a\\xC2\\xAD'$'b'"], // Cf, soft hyphen
    ["a\u2028b", "$'a\\xE2\\x80\\xA8'$'b'"], // Zl
    ["a\u2029b", "$'a\\xE2\\x80\\xA9'$'b'"], // Zp
    ["a\u0085b", "$'a\\xC2\\x85'$'b'"], // Cc
    ["a\u034fb", "$'a\\xCD\\x8F'$'b'"], // Default_Ignorable_Code_Point
    ["a\u0600b", "$'a\\xD8\\x80'$'b'"], // Cf, not Default_Ignorable_Code_Point
    ["a\nb", "$'a\\nb'"],
    // A hex digit right after a byte escape would be read as part of it: the quote is closed first.
    ["a\u200bF", "$'a\\xE2\\x80\\x8B'$'F'"],
    ["a\u200b0", "$'a\\xE2\\x80\\x8B'$'0'"],
    ["a\u200bg", "$'a\\xE2\\x80\\x8Bg'"],
    ["caf\u00e9", "'caf\u00e9'"],
    ["a'b", "'a'\\''b'"],
  ])("%j", (body, expected) => {
    expect(bodyWord(body)).toBe(expected);
  });
});
