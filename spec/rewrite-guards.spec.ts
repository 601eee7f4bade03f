// Guards for the rewrite of the core: each block below catches one realistic mistake that a
// sampled mutation study of the code found shipping (no test failed), or caught by one test only.
// Public behaviour only (lib/index.js), with exact codes and messages, so that any new pipeline
// is held to the same answers.
import { EndpointBuilder, endpoint, toCurl, toFetch } from "../lib/index.js";
import type { QueryParameters } from "../lib/index.js";
import { outcome } from "./helpers/thrown.js";

const BASE = "https://api.service.example";

/** `code` as `endpoint()` messages name it: U+001F. */
const label = (code: number): string => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;

/** `text` as messages quote it: a JSON string, DEL, the C1 controls, U+2028 and U+2029 escaped too. */
const quoted = (text: string): string =>
  JSON.stringify(text).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${label(c.charCodeAt(0)).slice(2)}`,
  );

describe('a {+path} value of "%2e%2e%3b/admin": the nine-character, all-encoded "..;"', () => {
  // A dot segment followed by ";" parameters is resolved away by servers that drop them (Tomcat,
  // Jetty): the scan must look at nine characters of a segment ("%2e%2e" and "%3b"), not eight.
  it.each(["%2e%2e%3b/admin", "%2E%2E%3B/admin", "%2e%2e%3b", "%2e%2e%3bx/admin", "a/%2e%2e%3b/admin"])(
    "%s is ERR_INVALID_PARAMETER",
    (path) => {
      const segment = path.replace(/^a\//, "").split("/")[0]!;
      expect(outcome(() => endpoint("GET /files/{+path}", { path }))).toEqual({
        code: "ERR_INVALID_PARAMETER",
        message: `Invalid parameter "path" for url "/files/{+path}": it makes the path segment "${segment}", which servers that drop ";" parameters resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)`,
      });
    },
  );

  it.each([
    ["%2e%2e%2e", "/files/%2e%2e%2e/admin"],
    ["%2e%2ex%3b", "/files/%2e%2ex%3b/admin"],
  ])("%s is not a dot segment, and is kept as written", (segment, path) => {
    expect(endpoint("GET /files/{+path}", { path: `${segment}/admin` }).url).toBe(BASE + path);
  });

  it("the same nine characters in a baseUrl or a hand-made url for the adapters are refused", () => {
    expect(outcome(() => endpoint("/x", { baseUrl: "https://a.example/%2e%2e%3b" }))).toEqual({
      code: "ERR_INVALID_BASE_URL",
      message:
        'Invalid baseUrl "https://a.example/%2e%2e%3b": a base URL cannot have a "." or ".." path segment',
    });
    expect(
      outcome(() => toFetch({ method: "get", url: "https://a.example/%2e%2e%3b/admin", headers: {} })),
    ).toEqual({
      code: "ERR_INVALID_URL",
      message:
        'toFetch: Invalid url "https://a.example/%2e%2e%3b/admin": the path segment "%2e%2e%3b" would be resolved away by clients',
    });
  });
});

describe("header values: every C0 control but HTAB, and DEL, are ERR_INVALID_HEADER", () => {
  // RFC 9110 §5.5: field-value = *field-content, of VCHAR, obs-text, SP and HTAB.
  const refused = [...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => code !== 0x09), 0x7f];

  it.each(refused.map((code) => [label(code), code]))("%s", (_label, code) => {
    const value = `a${String.fromCharCode(code)}b`;
    expect(outcome(() => endpoint("/", { headers: { "x-a": value } }))).toEqual({
      code: "ERR_INVALID_HEADER",
      message: `Invalid value for header "x-a": ${quoted(value)} holds character ${label(code)} at offset 1; CR, LF, NUL, other controls and code points above U+00FF are not allowed`,
    });
  });

  it("U+001F in defaults, and in request options handed to an adapter", () => {
    expect(outcome(() => endpoint.defaults({ headers: { "x-a": "a\u001fb" } }))).toEqual({
      code: "ERR_INVALID_HEADER",
      message:
        'Invalid value for header "x-a": "a\\u001fb" holds character U+001F at offset 1; CR, LF, NUL, other controls and code points above U+00FF are not allowed',
    });
    expect(
      outcome(() => toFetch({ method: "get", url: "https://a.example/", headers: { "x-a": "a\u001fb" } })),
    ).toEqual({
      code: "ERR_INVALID_HEADER",
      message:
        'toFetch: Invalid value for header "x-a": "a\\u001fb" holds character U+001F at offset 1; CR, LF, NUL, other controls and code points above U+00FF are not allowed',
    });
  });

  it("a value is checked whenever it is not the one that passed last under its name", () => {
    // The library remembers the last valid value of each header name: the same token on every
    // call is checked once. Another value, or another spelling of the name, is checked again.
    const ok = { authorization: "token a" };
    expect(endpoint("/", { headers: ok }).headers.authorization).toBe("token a");
    for (const [name, value, problem] of [
      ["authorization", "token a\r\nx-evil: 1", "a carriage return (U+000D) at offset 7 of 18 characters"],
      ["Authorization", "token a\u001f", "a control character (U+001F) at offset 7 of 8 characters"],
      ["authorization", "token a\u0100", "a code point above U+00FF (U+0100) at offset 7 of 8 characters"],
    ] as const) {
      expect(outcome(() => endpoint("/", { headers: { [name]: value } }))).toEqual({
        code: "ERR_INVALID_HEADER",
        message: `Invalid value for header "${name}": ${problem}; the value is not shown`,
      });
      expect(endpoint("/", { headers: ok }).headers.authorization).toBe("token a");
    }
    // A number passes as it is; NaN is never a valid value, however often it is given.
    expect(endpoint("/", { headers: { "x-count": 3 } }).headers["x-count"]).toBe(3);
    expect(endpoint("/", { headers: { "x-count": 3 } }).headers["x-count"]).toBe(3);
    for (let i = 0; i < 2; i++) {
      expect(outcome(() => endpoint("/", { headers: { "x-count": NaN } }))).toEqual({
        code: "ERR_INVALID_HEADER",
        message: 'Invalid value for header "x-count": number NaN; expected a string or a finite number',
      });
    }
  });

  it("HTAB, space, and U+0080 to U+00FF (obs-text) pass through unchanged", () => {
    const value = "a\tb c\u0080\u00ff";
    expect(endpoint("/", { headers: { "x-a": value } }).headers["x-a"]).toBe(value);
  });
});

describe("data is replaced, never merged", () => {
  const base = () => new EndpointBuilder({ data: { a: 1, nested: { x: 1 } } });

  it("merge(): the call's data, by reference", () => {
    const data = { b: 2, nested: { y: 2 } };
    const merged = base().merge("POST /x", { data });
    expect(merged.data).toBe(data);
    expect(merged.data).toStrictEqual({ b: 2, nested: { y: 2 } });
  });

  it('new EndpointBuilder({ data: { a: 1 } }).merge("POST /x", { data: { b: 2 } }).data is { b: 2 }', () => {
    expect(new EndpointBuilder({ data: { a: 1 } }).merge("POST /x", { data: { b: 2 } }).data).toStrictEqual({
      b: 2,
    });
  });

  it(".defaults(): the later data replaces the snapshot's", () => {
    const builder = base().defaults({ data: { b: 2, nested: { y: 2 } } });
    expect(builder.DEFAULTS.data).toStrictEqual({ b: 2, nested: { y: 2 } });
    expect(builder.endpoint("POST /x").body).toStrictEqual({ b: 2, nested: { y: 2 } });
    expect(builder.merge("POST /x").data).toStrictEqual({ b: 2, nested: { y: 2 } });
  });

  it("merge() and endpoint(): the defaults' data, by reference (the snapshot's frozen copy)", () => {
    const builder = base();
    expect(builder.merge("POST /x").data).toBe(builder.DEFAULTS.data);
    expect(builder.endpoint("POST /x").body).toBe(builder.DEFAULTS.data);
    expect(Object.isFrozen(builder.merge("POST /x").data)).toBe(true);
  });

  it("endpoint(): the call's data is the body, by reference", () => {
    const data = { b: 2 };
    expect(base().endpoint("POST /x", { data })).toStrictEqual({
      method: "post",
      url: `${BASE}/x`,
      headers: {
        accept: "application/vnd.service.v3+json",
        "user-agent": expect.stringMatching(/^service-endpoint\.js\//) as unknown as string,
        "content-type": "application/json; charset=utf-8",
      },
      body: data,
    });
    expect(base().endpoint("POST /x", { data }).body).toBe(data);
    // Through the function interface and the plan of a second call alike.
    const fn = endpoint.defaults({ data: { a: 1 } });
    expect(fn("POST /x", { data: { b: 2 } }).body).toStrictEqual({ b: 2 });
    expect(fn("POST /x", { data: { b: 2 } }).body).toStrictEqual({ b: 2 });
    expect(fn.parse(fn.merge("POST /x", { data: { b: 2 } })).body).toStrictEqual({ b: 2 });
  });
});

describe("a polluted Object.prototype during .defaults() of nested parameter objects", () => {
  const pollution = Object.prototype as Record<string, unknown>;

  /** Runs `operation` while `Object.prototype.role` is "admin" (an enumerable, inherited key). */
  function polluted<T>(operation: () => T): T {
    try {
      pollution.role = "admin";
      return operation();
    } finally {
      delete pollution.role;
    }
  }

  it("does not end up in the snapshot", () => {
    const [one, two] = polluted(() => {
      const one = endpoint.defaults({ filter: { state: "open" }, deep: { a: { b: 1 } } });
      return [one, one.defaults({ filter: { sort: "asc" }, deep: { a: { c: 2 } } })] as const;
    });
    expect(Object.keys(one.DEFAULTS.filter as object)).toEqual(["state"]);
    expect(Object.keys(two.DEFAULTS.filter as object)).toEqual(["state", "sort"]);
    expect(Object.keys((two.DEFAULTS.deep as { a: object }).a)).toEqual(["b", "c"]);
    expect(Object.keys(two.DEFAULTS.headers)).toEqual(["accept", "user-agent"]);
  });

  it("nor in any later request, query or body", () => {
    const fn = polluted(() =>
      endpoint
        .defaults({ filter: { state: "open" }, headers: { "x-a": "1" } })
        .defaults({ filter: { sort: "asc" } }),
    );
    expect(fn("GET /x").url).toBe(`${BASE}/x?filter=state,open,sort,asc`);
    expect(fn("POST /x").body).toStrictEqual({ filter: { state: "open", sort: "asc" } });
    expect(Object.keys(fn("GET /x").headers)).toEqual(["accept", "user-agent", "x-a"]);
    expect(fn("GET /x", { filter: { page: 2 } }).url).toBe(`${BASE}/x?filter=state,open,sort,asc,page,2`);
  });

  it("nor in a request made while it is polluted", () => {
    const fn = endpoint.defaults({ filter: { state: "open" } });
    const [get, post] = polluted(() => [
      fn("GET /x", { filter: { sort: "asc" } }).url,
      fn("POST /x", { filter: { sort: "asc" } }).body,
    ]);
    expect(get).toBe(`${BASE}/x?filter=state,open,sort,asc`);
    expect(Object.keys((post as { filter: object }).filter)).toEqual(["state", "sort"]);
  });
});

describe("a serializeQuery() override whose result holds a url-unsafe character is ERR_INVALID_URL", () => {
  function builderReturning(query: string): EndpointBuilder {
    return new (class extends EndpointBuilder {
      override serializeQuery(): string {
        return query;
      }
    })();
  }
  const SAFE =
    'a query holds only unreserved characters, sub-delims, ":", "@", "/", "?", "[", "]" and pct-encoded octets';

  it.each<[string, number]>([
    ["a=1#frag", 3],
    ["a=1 b", 3],
    ['a="', 2],
    ["a=<", 2],
    ["a=>", 2],
    ["a=\\", 2],
    ["a=^", 2],
    ["a=`", 2],
    ["a={", 2],
    ["a=|", 2],
    ["a=}", 2],
    ["a=\u00e9", 2],
    ["a=\t", 2],
    ["a=\r", 2],
    ["a=\n", 2],
    ["a=\u0000", 2],
    ["a=\u007f", 2],
    ["a=%", 2],
    ["a=%4", 2],
    ["a=%zz", 2],
  ])("%j", (query, offset) => {
    expect(outcome(() => builderReturning(query).endpoint("GET /x", { q: 1 }))).toEqual({
      code: "ERR_INVALID_URL",
      message: `Invalid query from serializeQuery(): ${quoted(query)} holds ${label(query.charCodeAt(offset))} at offset ${offset}; ${SAFE}`,
    });
  });

  it("every character a query may hold passes as it is", () => {
    const query = "a=1&b=%41%7e?c/d:e@f[g]!$'()*+,;=~-._";
    expect(builderReturning(query).endpoint("GET /x", { q: 1 }).url).toBe(`${BASE}/x?${query}`);
  });
});

describe("the token character set of methods and header names (RFC 9110 §5.6.2 tchar)", () => {
  // tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" /
  //         "~" / DIGIT / ALPHA
  const TCHAR = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const characters = [
    ...Array.from({ length: 0x80 }, (_, code) => String.fromCharCode(code)),
    "\u0080",
    "\u00ff",
    "\u0100",
  ];
  const tokens = characters.filter((c) => TCHAR.includes(c));
  const others = characters.filter((c) => !TCHAR.includes(c));

  it("the table is the RFC's: 77 token characters out of these 131", () => {
    expect(tokens).toHaveLength(77);
    expect(others).toHaveLength(54);
  });

  it.each(tokens.map((c) => [c]))("%j is a token character", (c) => {
    expect(endpoint({ method: `X${c}Y`, url: "/" }).method).toBe(`x${c}y`.toLowerCase());
    expect(Object.keys(endpoint("/", { headers: { [`X${c}Y`]: "1" } }).headers)).toContain(
      `x${c}y`.toLowerCase(),
    );
    const [, init] = toFetch({ method: `X${c}Y`, url: "https://a.example/", headers: { [`x${c}y`]: "1" } });
    expect(init.method).toBe(`X${c}Y`.toUpperCase());
    expect(Object.keys(init.headers as object)).toEqual([`x${c}y`.toLowerCase()]);
  });

  it.each(others.map((c) => [c]))("%j is not", (c) => {
    const method = `X${c}Y`;
    const name = `x${c}y`;
    expect(outcome(() => endpoint({ method, url: "/" }))).toEqual({
      code: "ERR_INVALID_METHOD",
      message: `Invalid method ${quoted(method)}: not an RFC 9110 token`,
    });
    expect(outcome(() => endpoint("/", { headers: { [name]: "1" } }))).toEqual({
      code: "ERR_INVALID_HEADER",
      message: `Invalid header name ${quoted(name)}: not an RFC 9110 token`,
    });
    expect(outcome(() => toFetch({ method, url: "https://a.example/", headers: {} }))).toEqual({
      code: "ERR_INVALID_METHOD",
      message: `toFetch: Invalid method ${quoted(method)}: not an RFC 9110 token`,
    });
    expect(
      outcome(() => toCurl({ method: "GET", url: "https://a.example/", headers: { [name]: "1" } })),
    ).toEqual({
      code: "ERR_INVALID_HEADER",
      message: `toCurl: Invalid header name ${quoted(name)}: not an RFC 9110 token`,
    });
  });
});

describe("the query separator: & after an existing ?", () => {
  it.each([
    ["GET /x?a=1", "/x?a=1&b=2"],
    ["GET /x{?a}", "/x?a=1&b=2"],
    ["GET /x?", "/x?b=2"],
    ["GET /x?a=1&", "/x?a=1&b=2"],
    ["GET /x?a=1#f", "/x?a=1&b=2#f"],
    ["GET /x#f?g", "/x?b=2#f?g"],
    ["GET https://a.example/x?y", "https://a.example/x?y&b=2"],
    ["GET /x", "/x?b=2"],
  ])("%s with leftover parameters", (route, url) => {
    const options = route.includes("{?a}") ? { a: 1, b: 2 } : { b: 2 };
    const expected = url.startsWith("/") ? BASE + url : url;
    expect(endpoint(route, options).url).toBe(expected);
  });

  it("a serializeQuery() override's query is joined the same way", () => {
    const custom = new (class extends EndpointBuilder {
      override serializeQuery(parameters: QueryParameters): string {
        return parameters.map(([name, value]) => `${name}[]=${String(value)}`).join("&");
      }
    })();
    expect(custom.endpoint("GET /x?a=1", { b: 2 }).url).toBe(`${BASE}/x?a=1&b[]=2`);
    expect(custom.endpoint("GET /x", { b: 2 }).url).toBe(`${BASE}/x?b[]=2`);
  });
});

describe("parse() reads own keys only", () => {
  const pollution = Object.prototype as Record<string, unknown>;
  const inherited = {
    page: 2,
    method: "DELETE",
    url: "https://evil.example/x",
    baseUrl: "https://evil.example",
    headers: { authorization: "token stolen" },
    mediaType: { format: "raw" },
    data: "inherited body",
    request: { hook: "inherited" },
  };

  function withInherited<T>(operation: () => T): T {
    try {
      Object.assign(pollution, inherited);
      return operation();
    } finally {
      for (const key of Object.keys(inherited)) delete pollution[key];
    }
  }

  it("inherited keys of a hand-made merged object are ignored: GET", () => {
    expect(
      withInherited(() => endpoint.parse({ baseUrl: BASE, method: "GET", url: "/x", q: 1 })),
    ).toStrictEqual({
      method: "get",
      url: `${BASE}/x?q=1`,
      headers: {},
    });
  });

  it("POST: the body holds the own parameters only", () => {
    expect(
      withInherited(() => endpoint.parse({ baseUrl: BASE, method: "POST", url: "/x", q: 1 })),
    ).toStrictEqual({
      method: "post",
      url: `${BASE}/x`,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: { q: 1 },
    });
  });

  it("no own method, url or baseUrl: the defaults of parse(), never the inherited ones", () => {
    expect(withInherited(() => outcome(() => endpoint.parse({ q: 1 })))).toEqual({
      code: "ERR_MISSING_URL",
      message: 'Missing url: give a route such as "GET /users/{id}", or options.url',
    });
    expect(withInherited(() => outcome(() => endpoint.parse({ url: "/x" })))).toEqual({
      code: "ERR_INVALID_BASE_URL",
      message: 'Missing baseUrl: url "/x" is a path, and no baseUrl is given to put before it',
    });
  });
});

describe("adapters: header names in any case are one header", () => {
  // toFetch's headers have a null prototype (fetch reads them as a record): compared with toEqual,
  // which still tells an extra or missing header.
  const url = "https://a.example/x";

  it("toFetch: Content-Type names the content-type, so no JSON content-type is added", () => {
    expect(
      toFetch({ method: "post", url, headers: { "Content-Type": "application/vnd.a+json" }, body: { a: 1 } }),
    ).toEqual([
      url,
      { method: "POST", headers: { "content-type": "application/vnd.a+json" }, body: '{"a":1}' },
    ]);
    expect(
      toFetch({ method: "post", url, headers: { "content-type": "application/vnd.a+json" }, body: { a: 1 } }),
    ).toEqual([
      url,
      { method: "POST", headers: { "content-type": "application/vnd.a+json" }, body: '{"a":1}' },
    ]);
  });

  it("toFetch: an object body with a Content-Type that is not JSON is refused, as with content-type", () => {
    for (const name of ["Content-Type", "content-type"]) {
      expect(
        outcome(() => toFetch({ method: "post", url, headers: { [name]: "text/plain" }, body: { a: 1 } })),
      ).toEqual({
        code: "ERR_UNSUPPORTED_BODY",
        message:
          'toFetch: cannot send an object as content-type "text/plain"; serialise it yourself (for example `new URLSearchParams(object)` for a form) or use a JSON content-type',
      });
    }
  });

  it("toFetch: Content-Length is computed by the client in any case", () => {
    expect(toFetch({ method: "get", url, headers: { "X-Page": 2, "Content-Length": 5 } })).toEqual([
      url,
      { method: "GET", headers: { "x-page": "2" } },
    ]);
  });

  it("toCurl: Content-Type names the content-type, so curl is not told to send none", () => {
    const command = (name: string) =>
      toCurl({ method: "post", url, headers: { [name]: "application/vnd.a+json" }, body: { a: 1 } });
    const expected =
      "curl -q --globoff --proto =http,https --proto-redir =http,https -X 'POST' --url 'https://a.example/x' -H 'content-type: application/vnd.a+json' --data-binary '{\"a\":1}'";
    expect(command("Content-Type")).toBe(expected);
    expect(command("content-type")).toBe(expected);
    expect(toCurl({ method: "post", url, headers: { "Content-Type": "text/plain" }, body: "hi" })).toBe(
      "curl -q --globoff --proto =http,https --proto-redir =http,https -X 'POST' --url 'https://a.example/x' -H 'content-type: text/plain' --data-binary 'hi'",
    );
  });
});

describe("adapters: a space in the url is ERR_INVALID_URL", () => {
  const REASON = 'controls, space, "\\" and non-ASCII characters must be percent-encoded';

  it.each([
    ["toFetch", "https://a.example/a b", 19],
    ["toFetch", "/a b", 2],
    ["toFetch", "https://a.example/x?q=a b", 23],
    ["toCurl", "https://a.example/a b", 19],
    ["toCurl", "https://a.example/x#a b", 21],
  ])("%s %j", (adapter, url, offset) => {
    const adapt = adapter === "toFetch" ? toFetch : toCurl;
    expect(outcome(() => adapt({ method: "get", url, headers: {} }))).toEqual({
      code: "ERR_INVALID_URL",
      message: `${adapter}: Invalid url ${JSON.stringify(url)}: character U+0020 at offset ${offset}; ${REASON}`,
    });
  });

  it("the same url percent-encoded is sent as it is", () => {
    const url = "https://a.example/a%20b";
    expect(toFetch({ method: "get", url, headers: {} })).toEqual([url, { method: "GET", headers: {} }]);
    expect(toCurl({ method: "get", url, headers: {} })).toBe(
      "curl -q --globoff --proto =http,https --proto-redir =http,https -X 'GET' --url 'https://a.example/a%20b'",
    );
  });
});
