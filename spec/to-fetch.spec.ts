import { toBody } from "../lib/adapters/to-body.js";
import { toCurl } from "../lib/adapters/to-curl.js";
import { toFetch } from "../lib/adapters/to-fetch.js";
import { endpoint } from "../lib/index.js";
import type { RequestMeta, RequestOptions } from "../lib/types.js";
import {
  REFUSED_AS_BY_ENDPOINT,
  REFUSED_BY_THE_ADAPTERS,
  USER_INFO_REASON,
  requestOptionsWith,
  url,
} from "./helpers/request-options.js";
import { errorOf, thrown } from "./helpers/thrown.js";

const defaultHeaders = {
  accept: "application/vnd.service.v3+json",
  "user-agent": "service-endpoint.js/0.1.0",
};
const options = requestOptionsWith(defaultHeaders);

/** The body bytes as text, whatever realm the typed array comes from. */
function text(body: unknown): string {
  if (typeof body === "string") return body;
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString();
  throw new Error(`not a string or bytes: ${String(body)}`);
}

describe("toFetch", () => {
  it("turns a POST with a JSON body into the uppercase method, the headers as given and the body as JSON text", () => {
    const body = { title: "Hi" };
    const [target, init] = toFetch(
      options("post", {
        headers: { ...defaultHeaders, "content-type": "application/json; charset=utf-8" },
        body,
      }),
    );
    expect(target).toBe(url);
    expect(init).toEqual({
      method: "POST",
      headers: { ...defaultHeaders, "content-type": "application/json; charset=utf-8" },
      body: '{"title":"Hi"}',
    });
  });

  it.each(["get", "post", "put", "patch", "delete", "head", "options", "m-search"])(
    "uppercases the method %s",
    (method) => {
      expect(toFetch(options(method))[1].method).toBe(method.toUpperCase());
    },
  );

  it.each(["connect", "trace", "track"])(
    "refuses the forbidden method %s with ERR_INVALID_METHOD",
    (method) => {
      const error = thrown(() => toFetch(options(method)));
      expect(error.code).toBe("ERR_INVALID_METHOD");
      expect(error.message).toBe(`toFetch: fetch cannot send the method "${method.toUpperCase()}"`);
    },
  );

  it("turns numeric header values into strings and keeps empty ones", () => {
    const [, init] = toFetch(
      options("get", { headers: { "x-page": 2, "x-empty": "", authorization: "token abc" } }),
    );
    expect(init.headers).toEqual({ "x-page": "2", "x-empty": "", authorization: "token abc" });
  });

  it.each([
    "content-length",
    "host",
    "connection",
    "keep-alive",
    "transfer-encoding",
    "upgrade",
    "te",
    "trailer",
    "expect",
  ])("leaves out %s, which the client computes", (name) => {
    const [, init] = toFetch(options("post", { headers: { [name]: "12", "x-kept": "yes" }, body: "hello" }));
    expect(init.headers).toEqual({ "x-kept": "yes" });
  });

  it("gives fetch header values without leading and trailing spaces and tabs, as fetch would send them", () => {
    const [, init] = toFetch(
      endpoint("GET /", { headers: { "x-padded": " \t padded \t ", "x-blank": " " } }),
    );
    expect(init.headers).toMatchObject({ "x-padded": "padded", "x-blank": "" });
  });

  it("lowercases header names of hand-made options", () => {
    expect(toFetch(options("get", { headers: { "X-Custom": "1", "Content-Length": 4 } }))[1].headers).toEqual(
      {
        "x-custom": "1",
      },
    );
  });

  it.each([
    ["a\r\nb", "U+000D", 1],
    ["a\nb", "U+000A", 1],
    ["a\0b", "U+0000", 1],
    ["ok\u001b[2J", "U+001B", 2],
    ["caf\u0113", "U+0113", 3],
  ])(
    "refuses a header value holding %j with ERR_INVALID_HEADER, in endpoint()'s words",
    (value, label, offset) => {
      const error = thrown(() => toFetch(options("get", { headers: { "X-Bad": value } })));
      expect(error.code).toBe("ERR_INVALID_HEADER");
      expect(error.message).toBe(
        `toFetch: Invalid value for header "X-Bad": ${JSON.stringify(value)} holds character ${label} at offset ${offset}; ` +
          "CR, LF, NUL, other controls and code points above U+00FF are not allowed",
      );
    },
  );

  describe("bodies", () => {
    it("serialises a plain object with a JSON content-type", () => {
      const [, init] = toFetch(
        options("patch", {
          headers: { "content-type": "application/json; charset=utf-8" },
          body: { name: "Zoë ✓" },
        }),
      );
      expect(init.body).toBe('{"name":"Zoë ✓"}');
      expect(init.headers).toEqual({ "content-type": "application/json; charset=utf-8" });
    });

    it.each([
      "application/json",
      "application/vnd.service+json",
      "Application/Merge-Patch+JSON; charset=utf-8",
    ])("serialises an array with content-type %s", (contentType) => {
      const [, init] = toFetch(options("post", { headers: { "content-type": contentType }, body: [1, "a"] }));
      expect(init.body).toBe('[1,"a"]');
      expect(init.headers["content-type"]).toBe(contentType);
    });

    it("gives a plain object without content-type the JSON content-type parse() gives", () => {
      const [, init] = toFetch(options("post", { headers: {}, body: { a: 1 } }));
      expect(init).toEqual({
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8" },
        body: '{"a":1}',
      });
    });

    it("serialises an object without prototype", () => {
      const body = Object.assign(Object.create(null) as object, { a: 1 });
      expect(toFetch(options("post", { headers: {}, body }))[1].body).toBe('{"a":1}');
    });

    it("does not mutate the request options", () => {
      const request = options("post", { headers: { "content-length": 3 }, body: { a: 1 } });
      const snapshot = JSON.stringify(request);
      toFetch(request);
      expect(JSON.stringify(request)).toBe(snapshot);
    });

    it.each([
      ["application/x-www-form-urlencoded", { a: "1" }],
      ["text/plain", ["a"]],
      ["multipart/form-data", { file: "x" }],
    ])("refuses a plain object or array with content-type %s", (contentType, body) => {
      const error = thrown(() =>
        toFetch(options("post", { headers: { "content-type": contentType }, body })),
      );
      expect(error.code).toBe("ERR_UNSUPPORTED_BODY");
      expect(error.message).toBe(
        `toFetch: cannot send ${Array.isArray(body) ? "an array" : "an object"} as content-type "${contentType}"; ` +
          "serialise it yourself (for example `new URLSearchParams(object)` for a form) or use a JSON content-type",
      );
    });

    it.each([
      [42, "42"],
      [false, "false"],
    ])("serialises the JSON primitive %j when the content-type is JSON", (body, expected) => {
      const [, init] = toFetch(options("put", { headers: { "content-type": "application/json" }, body }));
      expect(init.body).toBe(expected);
    });

    it.each([
      [
        true,
        undefined,
        "toFetch: cannot send boolean true as a body without a JSON content-type; pass a string",
      ],
      [42, "text/plain", 'toFetch: cannot send number 42 as content-type "text/plain"; pass a string'],
      [
        10n,
        "application/json",
        'toFetch: cannot send bigint 10n as content-type "application/json"; pass a string',
      ],
    ])("refuses the primitive %p with content-type %p", (body, contentType, message) => {
      const headers = contentType === undefined ? {} : { "content-type": contentType };
      const error = thrown(() => toFetch(options("post", { headers, body })));
      expect(error.code).toBe("ERR_UNSUPPORTED_BODY");
      expect(error.message).toBe(message);
    });

    it.each([
      ["POST, no content-type", "post", {}, new Uint8Array(0)],
      ["PUT, a JSON content-type", "put", { "content-type": "application/json" }, new Uint8Array(0)],
      ["DELETE", "delete", {}, undefined],
      ["GET (hand-made)", "get", {}, undefined],
    ])("sends a null body as no body, as fetch reads body: null (%s)", (_title, method, headers, body) => {
      const built = options(method, { headers, body: null });
      const [, init] = toFetch(built);
      expect(init.body).toEqual(body);
      expect("body" in init).toBe(body !== undefined);
      expect(init.headers).toEqual(headers);
    });

    it("sends endpoint()'s body for data: null, which is null, as no body instead of refusing it", () => {
      const built = endpoint("POST /x", { data: null });
      expect(built.body).toBeNull();
      const [, init] = toFetch(built);
      expect(init.body).toEqual(new Uint8Array(0));
      expect(init.headers["content-type"]).toBeUndefined();
    });

    it.each([
      ["Map", new Map([["a", 1]])],
      ["Date", new Date(0)],
      ["Payload", new (class Payload {})()],
    ])("refuses an instance of %s instead of sending lossy JSON", (name, body) => {
      const described = `an instance of ${name}`;
      const error = thrown(() => toFetch(options("post", { headers: {}, body })));
      expect(error.code).toBe("ERR_UNSUPPORTED_BODY");
      expect(error.message).toBe(
        `toFetch: cannot send ${described} as a body; pass a plain object, an array, a string, bytes, a Blob, ` +
          "FormData, URLSearchParams or a ReadableStream",
      );
    });

    it("refuses a body that JSON cannot serialise", () => {
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      const error = thrown(() => toFetch(options("post", { headers: {}, body: circular })));
      expect(error.code).toBe("ERR_UNSUPPORTED_BODY");
      expect(error.message).toMatch(/^toFetch: the JSON body cannot be serialised: .*circular/i);
      expect(thrown(() => toFetch(options("post", { headers: {}, body: { n: 1n } }))).code).toBe(
        "ERR_UNSUPPORTED_BODY",
      );
    });

    it("passes a string through when a content-type is set", () => {
      const [, init] = toFetch(
        options("post", { headers: { "content-type": "text/plain" }, body: "Hello, wörld" }),
      );
      expect(init.body).toBe("Hello, wörld");
    });

    it("sends a string without content-type as UTF-8 bytes, so fetch adds no text/plain", () => {
      const [, init] = toFetch(options("post", { headers: {}, body: "Hello, wörld" }));
      expect(typeof init.body).not.toBe("string");
      expect(text(init.body)).toBe("Hello, wörld");
      expect(init.headers).toEqual({});
    });

    // Node's fetch reads `buffer`, `byteOffset` and `byteLength` as properties (review of
    // 2026-11-26, F4): it gets a plain Uint8Array over the very memory the view's slots name.
    const memory = new ArrayBuffer(4);
    const pooled = Buffer.from("abc");
    it.each<[string, ArrayBuffer | ArrayBufferView, ArrayBufferLike, number, number]>([
      ["Uint8Array", new Uint8Array(memory, 1), memory, 1, 3],
      ["Buffer", pooled, pooled.buffer, pooled.byteOffset, 3],
      ["DataView", new DataView(memory, 1, 2), memory, 1, 2],
      ["ArrayBuffer", memory, memory, 0, 4],
    ])(
      "passes a %s body as a Uint8Array over the same memory, no copy",
      (_name, body, buffer, offset, length) => {
        const sent = toFetch(
          options("post", { headers: { "content-type": "application/octet-stream" }, body }),
        )[1].body as Uint8Array;
        expect(Object.getPrototypeOf(sent)).toBe(Uint8Array.prototype);
        expect(sent.buffer).toBe(buffer);
        expect([sent.byteOffset, sent.byteLength]).toEqual([offset, length]);
      },
    );

    it("passes a Blob as a plain Blob over the same data, and URLSearchParams as their text", async () => {
      const [, blobInit] = toFetch(
        options("post", { headers: {}, body: new Blob(["abc"], { type: "text/plain" }) }),
      );
      const blob = blobInit.body as Blob;
      expect([Object.getPrototypeOf(blob), blob.type, await blob.text()]).toEqual([
        Blob.prototype,
        "text/plain",
        "abc",
      ]);
      const [, formInit] = toFetch(options("post", { headers: {}, body: new URLSearchParams({ a: "1 2" }) }));
      expect([formInit.headers, formInit.body]).toEqual([
        { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" },
        "a=1+2",
      ]);
    });

    it("passes FormData through and drops the caller's content-type, which lacks fetch's boundary", () => {
      const body = new FormData();
      body.append("a", "1");
      const [, init] = toFetch(
        options("post", { headers: { "content-type": "multipart/form-data", "x-a": "1" }, body }),
      );
      expect(init.body).toBe(body);
      expect(init.headers).toEqual({ "x-a": "1" });
    });

    it('passes a ReadableStream through with duplex: "half"', () => {
      const body = new ReadableStream<Uint8Array>();
      const [, init] = toFetch(options("put", { headers: {}, body }));
      expect(init.body).toBe(body);
      expect(init.duplex).toBe("half");
    });

    it("refuses a locked ReadableStream, as toBody() does, before fetch's own TypeError", () => {
      // (review 2026-11-26: toFetch passed it on, and fetch threw "locked" when called)
      const body = new ReadableStream<Uint8Array>();
      body.getReader();
      expect(errorOf(() => toFetch(options("put", { headers: {}, body })))).toMatchObject({
        code: "ERR_UNSUPPORTED_BODY",
        message: "toFetch: the ReadableStream body is locked: it is being read already",
      });
    });

    it.each(["post", "put", "patch"])("sends a zero-length body for a body-less %s", (method) => {
      const [, init] = toFetch(options(method, { headers: {} }));
      expect(text(init.body)).toBe("");
      expect(typeof init.body).not.toBe("string");
    });

    it.each(["get", "head", "delete", "options"])("sends no body for a body-less %s", (method) => {
      expect("body" in toFetch(options(method))[1]).toBe(false);
    });

    it.each(["get", "head"])("refuses a body on %s", (method) => {
      const error = thrown(() => toFetch(options(method, { body: "x" })));
      expect(error.code).toBe("ERR_UNSUPPORTED_BODY");
      expect(error.message).toBe(`toFetch: a ${method.toUpperCase()} request cannot have a body, got "x"`);
    });

    it("sends a DELETE body", () => {
      const [, init] = toFetch(
        options("delete", { headers: { "content-type": "application/json" }, body: { a: 1 } }),
      );
      expect(init.body).toBe('{"a":1}');
    });
  });

  describe("request", () => {
    it("copies the fields fetch understands, and only those that are set", () => {
      const controller = new AbortController();
      const dispatcher = { dispatch: () => true };
      const [, init] = toFetch(
        options("get", {
          headers: {},
          request: {
            signal: controller.signal,
            redirect: "manual",
            cache: "no-store",
            credentials: "include",
            mode: "cors",
            keepalive: true,
            integrity: "sha256-abc",
            referrer: "",
            referrerPolicy: "no-referrer",
            priority: "high",
            dispatcher,
            timeout: 1000,
            hook: () => undefined,
            retries: undefined,
          },
        }),
      );
      expect(init).toEqual({
        method: "GET",
        headers: {},
        signal: controller.signal,
        redirect: "manual",
        cache: "no-store",
        credentials: "include",
        mode: "cors",
        keepalive: true,
        integrity: "sha256-abc",
        referrer: "",
        referrerPolicy: "no-referrer",
        priority: "high",
        dispatcher,
      });
      expect(init.signal).toBe(controller.signal);
    });

    it("leaves out fields that are undefined", () => {
      expect(toFetch(options("get", { headers: {}, request: { signal: undefined } }))[1]).toEqual({
        method: "GET",
        headers: {},
      });
    });
  });
});

describe("toFetch input", () => {
  it.each([
    ["a string", "GET /", 'toFetch: request options must be an object, got "GET /"'],
    ["null", null, "toFetch: request options must be an object, got null"],
    ["no method", { url: "https://x.example/" }, 'toFetch: "method" must be a string, got undefined'],
    ["a numeric url", { method: "get", url: 1 }, 'toFetch: "url" must be a string, got number 1'],
    [
      "headers null",
      { method: "get", url: "https://x.example/", headers: null },
      'toFetch: "headers" must be an object, got null',
    ],
  ])("refuses %s with ERR_INVALID_OPTIONS", (_title, input, message) => {
    const error = thrown(() => toFetch(input as unknown as RequestOptions));
    expect(error.code).toBe("ERR_INVALID_OPTIONS");
    expect(error.message).toBe(message);
  });

  it("accepts options without headers", () => {
    expect(toFetch({ method: "get", url: "https://x.example/" } as RequestOptions)).toEqual([
      "https://x.example/",
      { method: "GET", headers: {} },
    ]);
  });
});

/** A Proxy that throws a TypeError for every operation, as code that revoked it leaves it. */
function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const UNREADABLE = "(a revoked Proxy, or a Proxy trap that throws)";
const UNREADABLE_OR_GETTER = "(a revoked Proxy, or a getter or Proxy trap that throws)";

describe("toFetch checks what it is handed (issue 11, items 4 and 5)", () => {
  it.each<[string, string]>([
    ["file:///etc/passwd", 'the scheme "file" is not http or https'],
    ["gopher://127.0.0.1:25/_HELO", 'the scheme "gopher" is not http or https'],
    ["javascript:alert(1)", 'the scheme "javascript" is not http or https'],
    ["data:text/plain,x", 'the scheme "data" is not http or https'],
    ["http:/x.example/", '"//" must follow "http:"'],
    ["//evil.example/x", 'expected an absolute http(s) url or a path starting with exactly one "/"'],
    ["items?q=1", 'expected an absolute http(s) url or a path starting with exactly one "/"'],
    ...REFUSED_AS_BY_ENDPOINT,
    ...REFUSED_BY_THE_ADAPTERS,
    ["/api/%2E./admin", 'the path segment "%2E." would be resolved away by clients'],
    [
      "/\\evil.example/x",
      'character U+005C at offset 1; controls, space, "\\" and non-ASCII characters must be percent-encoded',
    ],
    [
      "/\t/evil.example/x",
      'character U+0009 at offset 1; controls, space, "\\" and non-ASCII characters must be percent-encoded',
    ],
    [
      "https://x.example/a b",
      'character U+0020 at offset 19; controls, space, "\\" and non-ASCII characters must be percent-encoded',
    ],
  ])("refuses the url %j with ERR_INVALID_URL", (badUrl, reason) => {
    expect(errorOf(() => toFetch({ method: "get", url: badUrl, headers: {} }))).toEqual({
      code: "ERR_INVALID_URL",
      message: `toFetch: Invalid url ${JSON.stringify(badUrl.replace(":pass@", ":***@"))}: ${reason}`,
    });
  });

  // Found by the review of 2026-11-26 (F3): fetch threw a plain TypeError for it, and curl sent an
  // authorization header that was not among the built headers.
  it("refuses user info in a url endpoint() built, in every adapter, with ERR_INVALID_URL", async () => {
    const built = endpoint("GET https://user:secret@x.example/repos");
    const refusal = (adapter: string) => ({
      code: "ERR_INVALID_URL",
      message: `${adapter}: Invalid url "https://user:***@x.example/repos": ${USER_INFO_REASON}`,
    });
    expect(errorOf(() => toFetch(built))).toEqual(refusal("toFetch"));
    expect(errorOf(() => toCurl(built))).toEqual(refusal("toCurl"));
    await expect(toBody(built)).rejects.toMatchObject(refusal("toBody"));
  });

  it("passes an origin-relative url (a path-only baseUrl) through unchanged: fetch resolves it against the page", () => {
    expect(toFetch({ method: "get", url: "/api/items?q=1", headers: {} })).toEqual([
      "/api/items?q=1",
      { method: "GET", headers: {} },
    ]);
  });

  it("refuses a method that is not a token, which would forge the request line", () => {
    expect(errorOf(() => toFetch(options("GET / HTTP/1.1\r\nX: 1")))).toEqual({
      code: "ERR_INVALID_METHOD",
      message: 'toFetch: Invalid method "GET / HTTP/1.1\\r\\nX: 1": not an RFC 9110 token',
    });
  });

  it("refuses a header name that is not a token", () => {
    expect(errorOf(() => toFetch(options("get", { headers: { "x-a\r\nx-injected": "1" } })))).toEqual({
      code: "ERR_INVALID_HEADER",
      message: 'toFetch: Invalid header name "x-a\\r\\nx-injected": not an RFC 9110 token',
    });
  });

  it.each([
    ["a null-prototype object", Object.create(null) as object, "an object"],
    ["a boolean", true, "boolean true"],
    ["a revoked Proxy", revokedProxy(), `an object that cannot be read ${UNREADABLE}`],
  ])(
    "refuses %s as a header value with ERR_INVALID_HEADER, as endpoint() does",
    (_title, value, described) => {
      expect(
        errorOf(() => toFetch(options("get", { headers: { "x-a": value as unknown as string } }))),
      ).toEqual({
        code: "ERR_INVALID_HEADER",
        message: `toFetch: Invalid value for header "x-a": ${described}; expected a string or a finite number`,
      });
    },
  );

  it("leaves out a header whose value is undefined, as endpoint() does", () => {
    expect(
      toFetch(options("get", { headers: { "x-a": undefined as unknown as string, "x-b": "1" } }))[1].headers,
    ).toEqual({
      "x-b": "1",
    });
  });

  it.each([
    [
      "null as request",
      () => toFetch({ ...options("get"), request: null as unknown as RequestMeta }),
      'toFetch: "request" must be an object, got null',
    ],
    [
      "a revoked Proxy as request options",
      () => toFetch(revokedProxy() as RequestOptions),
      `toFetch: the request options cannot be read ${UNREADABLE_OR_GETTER}`,
    ],
    [
      "a revoked Proxy as headers",
      () => toFetch(options("get", { headers: revokedProxy() as RequestOptions["headers"] })),
      `toFetch: the headers cannot be read ${UNREADABLE}`,
    ],
    [
      "a revoked Proxy as request",
      () => toFetch(options("get", { request: revokedProxy() as RequestMeta })),
      `toFetch: "request" cannot be read ${UNREADABLE}`,
    ],
    [
      "a revoked Proxy as the method",
      () => toFetch(options(revokedProxy() as unknown as string)),
      `toFetch: "method" must be a string, got an object that cannot be read ${UNREADABLE}`,
    ],
    [
      "a request field whose getter throws",
      () =>
        toFetch(
          options("get", {
            request: {
              get signal(): never {
                throw new TypeError("boom");
              },
            },
          }),
        ),
      `toFetch: the request fields cannot be read ${UNREADABLE_OR_GETTER}`,
    ],
  ])("refuses %s with ERR_INVALID_OPTIONS, never a TypeError", (_title, operation, message) => {
    expect(errorOf(operation)).toEqual({ code: "ERR_INVALID_OPTIONS", message });
  });

  it("refuses a revoked Proxy as the body with ERR_UNSUPPORTED_BODY", () => {
    expect(errorOf(() => toFetch(options("post", { body: revokedProxy() })))).toEqual({
      code: "ERR_UNSUPPORTED_BODY",
      message: `toFetch: the body cannot be read ${UNREADABLE}`,
    });
  });

  it("keeps an own __proto__ header that endpoint() returned, as an own property", () => {
    const built = endpoint("GET /", { headers: JSON.parse('{"__proto__":"x"}') as Record<string, string> });
    const [, init] = toFetch(built);
    expect(Object.keys(init.headers)).toEqual(["accept", "user-agent", "__proto__"]);
    expect(Object.getOwnPropertyDescriptor(init.headers, "__proto__")?.value).toBe("x");
    expect(Object.getPrototypeOf(init.headers)).toBe(Object.prototype);
  });

  it("reads own properties only: an Object.prototype.body set by other code is not a body", () => {
    const prototype = Object.prototype as { body?: unknown };
    prototype.body = "polluted";
    try {
      expect(toFetch({ method: "get", url, headers: {} })).toEqual([url, { method: "GET", headers: {} }]);
    } finally {
      delete prototype.body;
    }
  });
});

// Found by the review of 2026-11-26 (F8): init inherited from Object.prototype, and fetch reads
// every member of its RequestInit dictionary through the prototype chain (WebIDL, js-dictionary), so
// Object.prototype.body set by other code went on the wire; request fields were read the same way.
describe("toFetch's init inherits nothing: Object.prototype is not read by fetch through it", () => {
  const prototype = Object.prototype as Record<string, unknown>;
  afterEach(() => {
    for (const name of ["body", "redirect", "dispatcher", "credentials"]) delete prototype[name];
  });

  it("gives an init without prototype, so a polluted body, redirect or dispatcher is no member of it", () => {
    prototype.body = "polluted";
    prototype.redirect = "manual";
    prototype.dispatcher = { dispatch: () => true };
    const [, init] = toFetch({ method: "delete", url, headers: {} });
    expect(Object.getPrototypeOf(init)).toBeNull();
    expect([init.body, init.redirect, (init as { dispatcher?: unknown }).dispatcher]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(Object.keys(init)).toEqual(["method", "headers"]);
  });

  it("copies only the request's own fields, never one it inherits", () => {
    prototype.credentials = "include";
    const signal = new AbortController().signal;
    const [, init] = toFetch({ method: "get", url, headers: {}, request: { signal } });
    expect(Object.keys(init)).toEqual(["method", "headers", "signal"]);
    expect(init.credentials).toBeUndefined();
  });
});

describe("toFetch bodies (issue 13, items 4 and 6)", () => {
  it.each([
    "application/json",
    "application/vnd.api+json",
    "application/x-amz-json-1.1",
    "application/merge-patch+json",
    "Application/X-Amz-JSON-1.0; charset=utf-8",
  ])("serialises a plain object as JSON for content-type %s", (contentType) => {
    const [, init] = toFetch(options("post", { headers: { "content-type": contentType }, body: { a: [1] } }));
    expect(init.body).toBe('{"a":[1]}');
    expect(init.headers["content-type"]).toBe(contentType);
  });

  it.each(["text/plain; format=json", "json/plain", "json"])(
    "does not read json outside the subtype: %s",
    (contentType) => {
      expect(
        errorOf(() => toFetch(options("post", { headers: { "content-type": contentType }, body: {} }))).code,
      ).toBe("ERR_UNSUPPORTED_BODY");
    },
  );

  it("passes a string body with a form content-type as that text", () => {
    const [, init] = toFetch(
      options("post", {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      }),
    );
    expect(init.body).toBe("grant_type=client_credentials");
    expect(init.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });

  it("passes URLSearchParams as their text with fetch's form content-type, and FormData without a content-type (fetch writes the boundary)", () => {
    const params = new URLSearchParams({ grant_type: "client_credentials" });
    expect(toFetch(options("post", { headers: {}, body: params }))[1]).toEqual({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" },
      body: "grant_type=client_credentials",
    });
    const form = new FormData();
    const [, init] = toFetch(
      options("post", { headers: { "content-type": "multipart/form-data" }, body: form }),
    );
    expect(init).toEqual({ method: "POST", headers: {}, body: form });
  });
});
