// Issue 13 §5: a parameter replaces the same key in the url's literal query (later wins), so a
// pagination link can be followed with new page values.
import fc from "fast-check";
import { endpoint } from "../lib/index.js";

const BASE = "https://api.service.example";

describe("a parameter replaces the same key in the url's literal query", () => {
  it("GET /x?page=2&per_page=30 with per_page 100 and page 3", () => {
    expect(endpoint("GET /x?page=2&per_page=30", { per_page: 100, page: 3 }).url).toBe(
      `${BASE}/x?page=3&per_page=100`,
    );
  });

  it("keeps the other keys and the fragment; new keys come after", () => {
    expect(endpoint("GET /x?page=2&sort=asc#top", { page: 3, q: "z" }).url).toBe(
      `${BASE}/x?page=3&sort=asc&q=z#top`,
    );
  });

  it("a key written twice in the url is replaced once, where it first stood", () => {
    expect(endpoint("GET /x?a=1&b=2&a=3", { a: 9 }).url).toBe(`${BASE}/x?a=9&b=2`);
  });

  it("a name without a value, and encoded values", () => {
    expect(endpoint("GET /x?flag&q=old", { flag: "on", q: "a b" }).url).toBe(`${BASE}/x?flag=on&q=a%20b`);
  });

  it("undefined keeps the url's value; null removes the key", () => {
    expect(endpoint("GET /x?page=2", { page: undefined }).url).toBe(`${BASE}/x?page=2`);
    expect(endpoint("GET /x?page=2&q=1", { page: null }).url).toBe(`${BASE}/x?q=1`);
  });

  it("a pagination link as a whole url, and only in the query (not a path segment called page)", () => {
    expect(endpoint("GET {+next}", { next: `${BASE}/items?page=2`, page: 5 }).url).toBe(
      `${BASE}/items?page=2&page=5`,
    );
    expect(endpoint("GET https://api.service.example/items?page=2", { page: 5 }).url).toBe(
      `${BASE}/items?page=5`,
    );
  });

  it("property: the result has each parameter once, with the call's value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 99 }), (page, perPage) => {
        const url = new URL(endpoint("GET /x?page=1&per_page=30", { per_page: perPage, page }).url);
        expect(url.searchParams.getAll("page")).toEqual([String(page)]);
        expect(url.searchParams.getAll("per_page")).toEqual([String(perPage)]);
      }),
      { seed: 20261123, numRuns: 100 },
    );
  });
});

describe("a literal query key is the parameter of the same name, however the route encodes it", () => {
  // RFC 3986 §2.1, §6.2.2.2: a pct-encoded octet and the character it stands for are one key, and
  // hex digits of either case are one octet. The parameter is written as the serializer writes it.
  it.each<[string, string, Record<string, unknown>, string]>([
    [
      "brackets as written",
      "/issues?filter[state]=open",
      { "filter[state]": "closed" },
      "/issues?filter%5Bstate%5D=closed",
    ],
    [
      "brackets encoded",
      "/issues?filter%5Bstate%5D=open",
      { "filter[state]": "closed" },
      "/issues?filter%5Bstate%5D=closed",
    ],
    [
      "lowercase hex, then the same key written out",
      "/x?a%5b%5d=1&b=2&a[]=4",
      { "a[]": 3 },
      "/x?a%5B%5D=3&b=2",
    ],
    ['"!" and ":"', "/x?a!=1&c:d=1", { "a!": 2, "c:d": 2 }, "/x?a%21=2&c%3Ad=2"],
    ["an encoded unreserved character", "/x?a%2Eb=1", { "a.b": 2 }, "/x?a.b=2"],
    ['"+" is a plus sign, not a space', "/x?a+b=1", { "a+b": 2, "a b": 3 }, "/x?a%2Bb=2&a%20b=3"],
    [
      "a name that is no UTF-8 stays, and is no parameter's",
      "/x?%FF=1&page=2",
      { page: 3 },
      "/x?%FF=1&page=3",
    ],
  ])("%s", (_label, route, parameters, url) => {
    expect(endpoint(`GET ${route}`, parameters).url).toBe(BASE + url);
  });

  it("property: each parameter is sent once, with the call's value", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 6 }).filter((name) => !/[=&#\uD800-\uDFFF]/.test(name)),
        fc.boolean(),
        fc.integer({ min: 1, max: 99 }),
        (name, encoded, value) => {
          const written = encoded
            ? encodeURIComponent(name)
            : encodeURI(name).replace(/[?/]/g, encodeURIComponent);
          const url = new URL(endpoint(`GET /x?${written}=0&other=1`, { [name]: value }).url);
          expect(url.searchParams.getAll(name)).toEqual([String(value)]);
          expect(url.searchParams.getAll("other")).toEqual(name === "other" ? [] : ["1"]);
        },
      ),
      { seed: 20261124, numRuns: 300 },
    );
  });
});

describe("a literal query name the url no longer holds as written", () => {
  it("is appended, never lost", () => {
    // A reserved expansion before the literal query wrote its own "?": the literal "page" now
    // follows "?" inside a pair, so the parameter is appended instead of replacing it.
    expect(endpoint("GET /x{+a}?page=2", { a: "?q=1&", page: 3 }).url).toBe(
      "https://api.service.example/x?q=1&?page=2&page=3",
    );
  });
});
