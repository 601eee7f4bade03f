import { execFile, execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import type { RequestMeta, RequestOptions } from "../lib/types.js";
import { endpoint } from "../lib/index.js";
import { shellArgument, shellQuote, toCurl } from "../lib/adapters/to-curl.js";
import type { ArgumentEncoding, ToCurlOptions } from "../lib/adapters/to-curl.js";
import { toFetch } from "../lib/adapters/to-fetch.js";
import { hasCurl, itWithCurl } from "./helpers/curl.js";
import { startRecordingServer } from "./helpers/recording-server.js";
import type { ReceivedRequest, RecordingServer } from "./helpers/recording-server.js";
import {
  REFUSED_AS_BY_ENDPOINT,
  REFUSED_BY_THE_ADAPTERS,
  requestOptionsWith,
  url,
} from "./helpers/request-options.js";
import { errorOf, thrown } from "./helpers/thrown.js";

const options = requestOptionsWith({});

const run = promisify(execFile);

/**
 * `$'…'` is bash syntax (and POSIX.1-2024's, which dash does not implement yet), so the commands
 * run with bash. Like curl, bash is a system tool: CI requires it, elsewhere its tests may skip.
 */
const hasBash = spawnSync("bash", ["--version"], { stdio: "ignore" }).status === 0;
const ciRequiresTools = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";
const itWithBash: jest.It = hasBash || ciRequiresTools ? it : it.skip;

/** How every command starts: no globbing, and nothing but http(s), also after a redirect. */
const CURL = "curl -q --globoff --proto =http,https --proto-redir =http,https";

describe("toCurl", () => {
  it("writes a POST with a JSON body, the apostrophe in it quoted for the shell", () => {
    expect(
      toCurl({
        method: "post",
        url,
        headers: {
          accept: "application/vnd.service.v3+json",
          "user-agent": "service-endpoint.js/0.1.0",
          "content-type": "application/json; charset=utf-8",
        },
        body: { title: "It's" },
      }),
    ).toBe(
      `${CURL} -X 'POST' --url '${url}' -H 'accept: application/vnd.service.v3+json' ` +
        `-H 'user-agent: service-endpoint.js/0.1.0' -H 'content-type: application/json; charset=utf-8' ` +
        `--data-binary '{"title":"It'\\''s"}'`,
    );
  });

  it("writes GET with -X and no body", () => {
    expect(toCurl(options("get", { headers: { authorization: "token abc", "x-page": 2 } }))).toBe(
      `${CURL} -X 'GET' --url '${url}' -H 'authorization: token abc' -H 'x-page: 2'`,
    );
  });

  it("writes HEAD with --head, because -X HEAD makes curl wait for a body", () => {
    expect(toCurl(options("head"))).toBe(`${CURL} --head --url '${url}'`);
  });

  it("keeps [] and {} in the url literal with --globoff", () => {
    const command = toCurl(options("get", { url: "https://x.example/a?q[]=1&b={c}" }));
    expect(command).toBe(`${CURL} -X 'GET' --url 'https://x.example/a?q[]=1&b={c}'`);
  });

  it("puts the url after --url, and refuses a hand-made url starting with - (not an absolute url)", () => {
    expect(toCurl(options("get"))).toBe(`${CURL} -X 'GET' --url '${url}'`);
    expect(errorOf(() => toCurl(options("get", { url: "-o/tmp/x" })))).toEqual({
      code: "ERR_INVALID_URL",
      message: 'toCurl: Invalid url "-o/tmp/x": expected an absolute http(s) url',
    });
  });

  it("writes a header with an empty value as -H 'name;'", () => {
    expect(toCurl(options("get", { headers: { "x-empty": "" } }))).toBe(
      `${CURL} -X 'GET' --url '${url}' -H 'x-empty;'`,
    );
  });

  it("leaves out content-length and the other headers curl computes", () => {
    expect(
      toCurl(
        options("post", {
          headers: {
            "content-type": "text/plain",
            "content-length": 5,
            host: "a.example",
            connection: "close",
          },
          body: "hello",
        }),
      ),
    ).toBe(`${CURL} -X 'POST' --url '${url}' -H 'content-type: text/plain' --data-binary 'hello'`);
  });

  it.each(["post", "put", "patch"])("sends a zero-length body for a body-less %s, as toFetch", (method) => {
    expect(toCurl(options(method))).toBe(
      `${CURL} -X '${method.toUpperCase()}' --url '${url}' -H 'content-type:' --data-binary ''`,
    );
  });

  it("sends no body for a body-less DELETE", () => {
    expect(toCurl(options("delete"))).toBe(`${CURL} -X 'DELETE' --url '${url}'`);
  });

  it("sends a null body, which endpoint() returns for data: null, as no body (fetch's body: null)", () => {
    expect(endpoint("POST /x", { data: null }).body).toBeNull();
    expect(toCurl(options("post", { body: null }))).toBe(
      `${CURL} -X 'POST' --url '${url}' -H 'content-type:' --data-binary ''`,
    );
    expect(toCurl(options("put", { headers: { "content-type": "application/json" }, body: null }))).toBe(
      `${CURL} -X 'PUT' --url '${url}' -H 'content-type: application/json' --data-binary ''`,
    );
    expect(toCurl(options("delete", { body: null }))).toBe(`${CURL} -X 'DELETE' --url '${url}'`);
    expect(toCurl(options("get", { body: null }))).toBe(`${CURL} -X 'GET' --url '${url}'`);
  });

  it("stops curl from adding a content-type when none is set", () => {
    expect(toCurl(options("post", { body: "a=1" }))).toBe(
      `${CURL} -X 'POST' --url '${url}' -H 'content-type:' --data-binary 'a=1'`,
    );
  });

  it("gives a plain object without content-type the JSON content-type parse() gives", () => {
    expect(toCurl(options("put", { body: [1] }))).toBe(
      `${CURL} -X 'PUT' --url '${url}' -H 'content-type: application/json; charset=utf-8' --data-binary '[1]'`,
    );
  });

  it("uses --data-raw for a text starting with @, which --data-binary would read as a file name", () => {
    expect(toCurl(options("post", { headers: { "content-type": "text/plain" }, body: "@/etc/passwd" }))).toBe(
      `${CURL} -X 'POST' --url '${url}' -H 'content-type: text/plain' --data-raw '@/etc/passwd'`,
    );
  });

  it("sends bytes that are UTF-8 text as that text, the newline escaped in $'…'", () => {
    const body = new TextEncoder().encode("héllo 'x'\n");
    expect(toCurl(options("post", { headers: { "content-type": "application/octet-stream" }, body }))).toBe(
      `${CURL} -X 'POST' --url '${url}' -H 'content-type: application/octet-stream' ` +
        `--data-binary $'héllo \\x27x\\x27\\n'`,
    );
  });

  it("sends URLSearchParams as text with the content-type fetch gives them", () => {
    expect(toCurl(options("post", { body: new URLSearchParams({ a: "1 2", b: "ü" }) }))).toBe(
      `${CURL} -X 'POST' --url '${url}' -H 'content-type: application/x-www-form-urlencoded;charset=UTF-8' ` +
        `--data-binary 'a=1+2&b=%C3%BC'`,
    );
  });

  it.each([
    [
      "bytes that are not UTF-8",
      new Uint8Array([0xff, 0xfe]),
      "the body (an instance of Uint8Array) is not UTF-8 text and cannot be written on a command line; save it to a file and send it with --data-binary @file",
    ],
    [
      "bytes holding NUL",
      new Uint8Array([0x61, 0]),
      "a body holding a NUL character cannot be a command-line argument",
    ],
    ["text holding NUL", "a\0b", "a body holding a NUL character cannot be a command-line argument"],
    [
      "a Blob",
      new Blob(["x"]),
      "a Blob body cannot be written on a command line; read it into a string or bytes first",
    ],
    [
      "FormData",
      new FormData(),
      "a FormData body cannot be written on a command line; read it into a string or bytes first",
    ],
    [
      "a ReadableStream",
      new ReadableStream(),
      "a ReadableStream body cannot be written on a command line; read it into a string or bytes first",
    ],
  ])("refuses %s with ERR_UNSUPPORTED_BODY", (_name, body, message) => {
    const error = thrown(() => toCurl(options("post", { body })));
    expect(error.code).toBe("ERR_UNSUPPORTED_BODY");
    expect(error.message).toBe(`toCurl: ${message}`);
  });

  it("refuses a plain object with a non-JSON content-type, as toFetch", () => {
    const error = thrown(() =>
      toCurl(
        options("post", { headers: { "content-type": "application/x-www-form-urlencoded" }, body: { a: 1 } }),
      ),
    );
    expect(error.code).toBe("ERR_UNSUPPORTED_BODY");
    expect(error.message).toMatch(
      /^toCurl: cannot send an object as content-type "application\/x-www-form-urlencoded"/,
    );
  });

  it("refuses a GET body", () => {
    expect(thrown(() => toCurl(options("get", { body: "x" }))).message).toBe(
      'toCurl: a GET request cannot have a body, got "x"',
    );
  });

  it("puts each option on its own line with multiline: true", () => {
    expect(
      toCurl(options("post", { headers: { "content-type": "text/plain" }, body: "a" }), { multiline: true }),
    ).toBe(
      `curl -q --globoff \\\n  --proto =http,https \\\n  --proto-redir =http,https \\\n  -X 'POST' \\\n  ` +
        `--url '${url}' \\\n  -H 'content-type: text/plain' \\\n  --data-binary 'a'`,
    );
  });

  it("ignores request", () => {
    expect(toCurl(options("get", { request: { signal: new AbortController().signal } }))).toBe(
      `${CURL} -X 'GET' --url '${url}'`,
    );
  });

  it("shellQuote: the shell gives back every string (without NUL) exactly", () => {
    const samples = fc.sample(
      fc.string({ unit: "binary", maxLength: 30 }).filter((text) => !text.includes("\0")),
      { numRuns: 300, seed: 6 },
    );
    samples.push("'", "''", "'\\''", "$(id)", "`id`", "a\nb", "!", "*", "~", "\\", '"', "-n", "");
    const script = `printf '%s\\0' ${samples.map(shellQuote).join(" ")}`;
    const output = execFileSync("sh", ["-c", script], { encoding: "utf8" });
    expect(output.split("\0").slice(0, -1)).toEqual(samples);
  });
});

it("toCurl refuses input that is not request options with ERR_INVALID_OPTIONS", () => {
  const error = thrown(() => toCurl({ method: 7, url: "https://x.example/" } as unknown as RequestOptions));
  expect(error.code).toBe("ERR_INVALID_OPTIONS");
  expect(error.message).toBe('toCurl: "method" must be a string, got number 7');
});

/** A Proxy that throws a TypeError for every operation, as code that revoked it leaves it. */
function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const UNREADABLE = "(a revoked Proxy, or a Proxy trap that throws)";

/** Characters a terminal acts on or hides (the set toCurl escapes): none may appear raw in a command. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;

describe("toCurl checks what it is handed (issue 11, items 4 and 5)", () => {
  it.each<[string, string]>([
    ["file:///etc/passwd", 'the scheme "file" is not http or https'],
    ["gopher://127.0.0.1:25/_HELO", 'the scheme "gopher" is not http or https'],
    ["FILE:/etc/passwd", 'the scheme "FILE" is not http or https'],
    ["javascript:alert(1)", 'the scheme "javascript" is not http or https'],
    ["http:/x.example/", '"//" must follow "http:"'],
    ["https:x.example", '"//" must follow "https:"'],
    ["https://", "not a valid absolute URL"],
    ["//evil.example/x", "expected an absolute http(s) url"],
    ...REFUSED_AS_BY_ENDPOINT,
    ...REFUSED_BY_THE_ADAPTERS,
    ["", "expected an absolute http(s) url"],
    [
      "/api/items?q=1",
      "origin-relative; curl needs an absolute http(s) url, so build the request with an absolute baseUrl",
    ],
    [
      "https://a.example\\@b.example/",
      'character U+005C at offset 17; controls, space, "\\" and non-ASCII characters must be percent-encoded',
    ],
    [
      "https://x.example/a\rb",
      'character U+000D at offset 19; controls, space, "\\" and non-ASCII characters must be percent-encoded',
    ],
    [
      "https://x.example/\u202egnp.exe",
      'character U+202E at offset 18; controls, space, "\\" and non-ASCII characters must be percent-encoded',
    ],
  ])("refuses the url %j with ERR_INVALID_URL", (badUrl, reason) => {
    expect(errorOf(() => toCurl({ method: "get", url: badUrl, headers: {} }))).toEqual({
      code: "ERR_INVALID_URL",
      message: `toCurl: Invalid url ${JSON.stringify(badUrl.replace(":pass@", ":***@"))}: ${reason}`,
    });
  });

  it("accepts an http(s) scheme in any case and restricts curl to http(s), redirects included", () => {
    expect(toCurl({ method: "get", url: "HTTPS://x.example/", headers: {} })).toBe(
      "curl -q --globoff --proto =http,https --proto-redir =http,https -X 'GET' --url 'https://x.example/'",
    );
  });

  // Review of 2026-11-26 (F2): curl sent the url as written, fetch as WHATWG URL serialises it.
  it.each([
    ["https://api.service.example/search?q=it's", "https://api.service.example/search?q=it%27s"],
    ['https://x.example/{a}"<>`?q="<>\'', "https://x.example/%7Ba%7D%22%3C%3E%60?q=%22%3C%3E%27"],
    ["https://X.Example:443", "https://x.example/"],
    ["http://x.example:80/a?b=[]", "http://x.example/a?b=[]"],
  ])("writes the url %j as WHATWG URL serialises it, which fetch sends", (given, sent) => {
    expect(toCurl({ method: "get", url: given, headers: {} })).toBe(
      `${CURL} -X 'GET' --url ${shellQuote(sent)}`,
    );
  });

  it("refuses a method that is not a token, which would forge the request line", () => {
    expect(errorOf(() => toCurl(options("GET / HTTP/1.1\r\nX: 1")))).toEqual({
      code: "ERR_INVALID_METHOD",
      message: 'toCurl: Invalid method "GET / HTTP/1.1\\r\\nX: 1": not an RFC 9110 token',
    });
  });

  it.each([
    ["x-a\r\nx-injected", 'toCurl: Invalid header name "x-a\\r\\nx-injected": not an RFC 9110 token'],
    ["x a", 'toCurl: Invalid header name "x a": not an RFC 9110 token'],
    ["", 'toCurl: Invalid header name "": not an RFC 9110 token'],
  ])("refuses the header name %j with ERR_INVALID_HEADER", (name, message) => {
    expect(errorOf(() => toCurl(options("get", { headers: { [name]: "1" } })))).toEqual({
      code: "ERR_INVALID_HEADER",
      message,
    });
  });

  it.each([
    ["a null-prototype object", Object.create(null) as object, "an object"],
    ["a boolean", true, "boolean true"],
    ["null", null, "null"],
    ["Infinity", Infinity, "number Infinity"],
    ["a revoked Proxy", revokedProxy(), `an object that cannot be read ${UNREADABLE}`],
  ])(
    "refuses %s as a header value with ERR_INVALID_HEADER, as endpoint() does",
    (_title, value, described) => {
      expect(
        errorOf(() => toCurl(options("get", { headers: { "x-a": value as unknown as string } }))),
      ).toEqual({
        code: "ERR_INVALID_HEADER",
        message: `toCurl: Invalid value for header "x-a": ${described}; expected a string or a finite number`,
      });
    },
  );

  it.each([
    [
      "null as the second argument",
      () => toCurl(options("get"), null as unknown as ToCurlOptions),
      "toCurl: the options (second argument) must be an object, got null",
    ],
    [
      'multiline: "yes"',
      () => toCurl(options("get"), { multiline: "yes" } as unknown as ToCurlOptions),
      'toCurl: "multiline" must be a boolean, got "yes"',
    ],
    [
      "a revoked Proxy as the second argument",
      () => toCurl(options("get"), revokedProxy() as ToCurlOptions),
      `toCurl: the options (second argument) cannot be read ${UNREADABLE.replace("a Proxy", "a getter or Proxy")}`,
    ],
    [
      "a revoked Proxy as request options",
      () => toCurl(revokedProxy() as RequestOptions),
      `toCurl: the request options cannot be read ${UNREADABLE.replace("a Proxy", "a getter or Proxy")}`,
    ],
    [
      "a revoked Proxy as headers",
      () => toCurl(options("get", { headers: revokedProxy() as RequestOptions["headers"] })),
      `toCurl: the headers cannot be read ${UNREADABLE}`,
    ],
    [
      "a revoked Proxy as request",
      () => toCurl(options("get", { request: revokedProxy() as RequestMeta })),
      `toCurl: "request" cannot be read ${UNREADABLE}`,
    ],
    [
      "null as request",
      () => toCurl(options("get", { request: null as unknown as RequestMeta })),
      'toCurl: "request" must be an object, got null',
    ],
    [
      "a Headers instance as headers",
      () =>
        toCurl(options("get", { headers: new Headers({ a: "1" }) as unknown as RequestOptions["headers"] })),
      'toCurl: "headers" must be a plain object of header names to values, got an instance of Headers',
    ],
  ])("refuses %s with ERR_INVALID_OPTIONS, never a TypeError", (_title, operation, message) => {
    expect(errorOf(operation)).toEqual({ code: "ERR_INVALID_OPTIONS", message });
  });

  it("refuses a revoked Proxy as the body with ERR_UNSUPPORTED_BODY", () => {
    expect(errorOf(() => toCurl(options("post", { body: revokedProxy() })))).toEqual({
      code: "ERR_UNSUPPORTED_BODY",
      message: `toCurl: the body cannot be read ${UNREADABLE}`,
    });
  });

  it("keeps an own __proto__ header that endpoint() returned", () => {
    const built = endpoint("GET /", { headers: JSON.parse('{"__proto__":"x"}') as Record<string, string> });
    expect(Object.keys(built.headers)).toContain("__proto__");
    expect(toCurl(built)).toBe(
      `${CURL} -X 'GET' --url 'https://api.service.example/' -H 'accept: application/vnd.service.v3+json' ` +
        `-H 'user-agent: service-endpoint.js/0.1.0' -H '__proto__: x'`,
    );
  });

  it("reads own properties only: an Object.prototype.body set by other code is not a body", () => {
    const prototype = Object.prototype as { body?: unknown };
    prototype.body = "polluted";
    try {
      expect(toCurl({ method: "get", url, headers: {} })).toBe(`${CURL} -X 'GET' --url '${url}'`);
    } finally {
      delete prototype.body;
    }
  });

  // Found by the review of 2026-11-26 (F1): the escape table was an object literal, so a
  // one-character key on Object.prototype was written raw into the $'…' word.
  it("escapes every character alike whatever Object.prototype holds: a polluted key never reaches the shell", () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.x = "'; touch pwned; : $'";
    prototype["\u001b"] = "'; touch pwned; : $'";
    try {
      expect(
        toCurl(options("post", { headers: { "content-type": "text/plain" }, body: "line 1\nx\u001b" })),
      ).toBe(
        `${CURL} -X 'POST' --url '${url}' -H 'content-type: text/plain' --data-binary $'line 1\\nx\\x1B'`,
      );
      expect(shellArgument("x-a: x\u001b", "latin1")).toBe("$'x-a: x\\x1B'");
    } finally {
      delete prototype.x;
      delete prototype["\u001b"];
    }
  });

  // Second review of 2026-11-26: two more reads went through the prototype chain.
  it("reads the multiline option and its own arguments' error codes, never Object.prototype's", () => {
    const prototype = Object.prototype as Record<string, unknown>;
    // Long enough that the fixed `-H 'content-type:'` (no own code) takes it over the limit.
    const long = options("post", { headers: { "x-a": "v".repeat(130_936) }, body: "b" });
    const unpolluted = errorOf(() => toCurl(long));
    prototype.multiline = true;
    prototype.code = "ERR_POLLUTED";
    prototype.what = "<polluted>";
    try {
      expect(toCurl(options("get"), {})).toBe(toCurl(options("get")));
      expect(errorOf(() => toCurl(long))).toEqual(unpolluted);
    } finally {
      delete prototype.multiline;
      delete prototype.code;
      delete prototype.what;
    }
  });

  it("prints a url with an empty query or fragment without them, as Node's fetch and node:http send it", () => {
    const built = endpoint("GET /search?", { baseUrl: "https://api.example" });
    expect(built.url).toBe("https://api.example/search?");
    expect(toCurl(built)).toContain("--url 'https://api.example/search'");
  });

  it("sends header values as fetch does, without leading and trailing spaces and tabs, so every client sends the same bytes", () => {
    expect(toCurl(options("get", { headers: { "x-a": " \t padded \t ", "x-b": "in \t side" } }))).toBe(
      `${CURL} -X 'GET' --url '${url}' -H 'x-a: padded' -H $'x-b: in \\t side'`,
    );
  });

  it("writes a value of only spaces and tabs, which endpoint() returns unchanged, as -H 'name;' (an empty value), never -H 'name:' (a removal)", () => {
    const built = endpoint("GET /", { headers: { "x-blank": " \t ", "x-empty": "" } });
    expect(built.headers).toMatchObject({ "x-blank": " \t ", "x-empty": "" });
    expect(toCurl(built)).toBe(
      `${CURL} -X 'GET' --url 'https://api.service.example/' -H 'accept: application/vnd.service.v3+json' ` +
        `-H 'user-agent: service-endpoint.js/0.1.0' -H 'x-blank;' -H 'x-empty;'`,
    );
  });
});

describe("toCurl writes what a terminal shows (issue 11, items 7 and 8)", () => {
  it("writes a body that would redraw the terminal with $'…' escapes", () => {
    const command = toCurl(
      options("post", { headers: { "content-type": "text/plain" }, body: "x\r\u001b[2Jrm -rf ~ #" }),
    );
    expect(command).toBe(
      `${CURL} -X 'POST' --url '${url}' -H 'content-type: text/plain' --data-binary $'x\\r\\x1B[2Jrm -rf ~ #'`,
    );
    expect(command).not.toMatch(HIDDEN);
  });

  it.each([
    ["a bidi override (Trojan Source)", "a\u202ez", "$'a\\xE2\\x80\\xAEz'"],
    ["a bidi isolate", "\u2066x\u2069", "$'\\xE2\\x81\\xA6x\\xE2\\x81\\xA9'"],
    ["a C1 control", "a\u0085z\u009b", "$'a\\xC2\\x85z\\xC2\\x9B'"],
    ["DEL", "a\u007fz", "$'a\\x7Fz'"],
    ["a line separator", "a\u2028z", "$'a\\xE2\\x80\\xA8z'"],
    ["a zero-width space", "a\u200bz", "$'a\\xE2\\x80\\x8Bz'"],
    ["a combining grapheme joiner (invisible, but no format character)", "a\u034fz", "$'a\\xCD\\x8Fz'"],
    ["a Hangul filler (a letter that shows as nothing)", "admin\u3164", "$'admin\\xE3\\x85\\xA4'"],
    ["a variation selector", "ok\ufe0f", "$'ok\\xEF\\xB8\\x8F'"],
    ["a lone surrogate, as the U+FFFD fetch sends", "a\ud800z", "$'a\\xEF\\xBF\\xBDz'"],
    ["a tab and a newline, by name", "a\tb\nc", "$'a\\tb\\nc'"],
    ["a quote and a backslash next to an escape", "it's\\\r", "$'it\\x27s\\\\\\r'"],
    ["a hex digit after a byte escape (quotes closed and reopened)", "\u001bF00", "$'\\x1B'$'F00'"],
    ["printable non-ASCII text, left as it is", "Zoë ✓ 🎉", "'Zoë ✓ 🎉'"],
  ])("writes %s in a body with escapes", (_title, body, word) => {
    const command = toCurl(options("post", { headers: { "content-type": "text/plain" }, body }));
    expect(command).toBe(
      `${CURL} -X 'POST' --url '${url}' -H 'content-type: text/plain' --data-binary ${word}`,
    );
    expect(command).not.toMatch(HIDDEN);
  });

  it.each([
    ["café", "-H $'x-name: caf\\xE9'"],
    ["a\tb", "-H $'x-name: a\\tb'"],
    ["\u0085ok", "-H $'x-name: \\x85ok'"],
    ["Ü1", "-H $'x-name: \\xDC'$'1'"],
    ["plain", "-H 'x-name: plain'"],
  ])("writes the header value %j as its bytes on the wire (one byte per character): %s", (value, word) => {
    const command = toCurl(options("get", { headers: { "x-name": value } }));
    expect(command).toBe(`${CURL} -X 'GET' --url '${url}' ${word}`);
    expect(command).not.toMatch(HIDDEN);
  });

  it("writes every argument so that the command holds no character a terminal acts on (fast-check)", () => {
    const risky = fc.constantFrom(
      ..."\t\n\r\u001b\u0007\u007f\u0085\u009b\u00a0é'\\\"$`!aF0 \u202a\u202e\u2066\u2069\u200e\u2028\ufeff\ud800🎉\u034f\u3164\ufe0f",
    );
    fc.assert(
      fc.property(
        fc.string({ unit: risky, maxLength: 20 }),
        fc.string({ unit: fc.constantFrom(..."\tab\u0080\u0085\u009b\u00e9\u00ff'\\ "), maxLength: 10 }),
        (body, headerValue) => {
          const command = toCurl(
            options("post", { headers: { "content-type": "text/plain", "x-a": `v${headerValue}v` }, body }),
            { multiline: true },
          );
          // The line breaks between the options are the command's own; every argument is one line.
          expect(command.replaceAll(" \\\n  ", " ")).not.toMatch(HIDDEN);
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });

  itWithBash(
    "shellArgument: bash gives back the exact bytes of every string, UTF-8 or Latin-1 (fast-check)",
    () => {
      const risky =
        "\t\n\r\u001b\u007f\u0085\u009b\u00a0é'\\\"$`!aF09 \u202e\u2066\u2028\ufeff\ud800🎉\u034f\u3164";
      const texts = fc.sample(fc.string({ unit: fc.constantFrom(...risky), maxLength: 12 }), {
        numRuns: 150,
        seed: 7,
      });
      const latin1Texts = fc.sample(
        fc.string({ unit: fc.constantFrom(..."\tab'\\F0\u0080\u0085\u009b\u00e9\u00ff"), maxLength: 12 }),
        { numRuns: 150, seed: 8 },
      );
      const cases: [string, ArgumentEncoding][] = [
        ...texts.map((text): [string, ArgumentEncoding] => [text, "utf-8"]),
        ...latin1Texts.map((text): [string, ArgumentEncoding] => [text, "latin1"]),
      ];
      const script = `printf '%s\\0' ${cases.map(([text, encoding]) => shellArgument(text, encoding)).join(" ")}`;
      const output = execFileSync("bash", ["-c", script]);
      const expected = Buffer.concat(
        cases.map(([text, encoding]) => Buffer.concat([Buffer.from(text, encoding), Buffer.alloc(1)])),
      );
      expect(output.toString("hex")).toBe(expected.toString("hex"));
    },
  );
});

describe("toCurl bodies (issue 13, items 4 and 6)", () => {
  it.each([
    "application/json",
    "application/vnd.api+json",
    "application/x-amz-json-1.1",
    "application/merge-patch+json; charset=utf-8",
  ])("serialises a plain object as JSON for content-type %s", (contentType) => {
    expect(toCurl(options("post", { headers: { "content-type": contentType }, body: { a: 1 } }))).toBe(
      `${CURL} -X 'POST' --url '${url}' -H 'content-type: ${contentType}' --data-binary '{"a":1}'`,
    );
  });

  it("sends a string body with a form content-type as that text", () => {
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    expect(toCurl(options("post", { headers, body: "grant_type=client_credentials&scope=a%20b" }))).toBe(
      `${CURL} -X 'POST' --url '${url}' -H 'content-type: application/x-www-form-urlencoded' ` +
        `--data-binary 'grant_type=client_credentials&scope=a%20b'`,
    );
  });
});

describe("toCurl on the wire: bash runs the command, real curl sends it to 127.0.0.1", () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(() => server.close());

  /** The values of every raw header line called `name` (node:http's `rawHeaders`, one character per byte). */
  function headerLinesOf(request: ReceivedRequest | undefined, name: string): string[] {
    const raw = request?.rawHeaders ?? [];
    return raw.filter((_value, index) => index % 2 === 1 && raw[index - 1]?.toLowerCase() === name);
  }

  /** The exit status of `command` run by bash: 0 when it succeeds. */
  async function exitStatusOf(command: string): Promise<number> {
    try {
      await run("bash", ["-c", command]);
      return 0;
    } catch (error) {
      return (error as { code: number }).code;
    }
  }

  async function sendWithCurl(built: RequestOptions): Promise<ReceivedRequest | undefined> {
    const before = server.received.length;
    await run("bash", ["-c", `${toCurl(built)} --silent --show-error`]);
    return server.received[before];
  }

  itWithCurl("delivers the exact bytes of a body full of controls, bidi overrides and quotes", async () => {
    const body = "x\r\u001b[2Jrm -rf ~ #\u202e\u2066'\\\u0085\u007f\t\n🎉 F00";
    const received = await sendWithCurl(
      options("post", { url: `${server.origin}/echo`, headers: { "content-type": "text/plain" }, body }),
    );
    expect(received?.body.toString("hex")).toBe(Buffer.from(body).toString("hex"));
  });

  itWithCurl("sends a header value with the same bytes as fetch and node:http: café is E9", async () => {
    const value = "café \u0085\tÜ1";
    const built = options("get", { url: `${server.origin}/h`, headers: { "x-name": value } });
    const before = server.received.length;
    await sendWithCurl(built);
    await (await fetch(...toFetch(built))).arrayBuffer();
    await new Promise<void>((resolve, reject) => {
      httpRequest(built.url, { headers: { "x-name": value } }, (response) =>
        response.resume().on("end", resolve),
      )
        .on("error", reject)
        .end();
    });
    const received = server.received.slice(before);
    expect(received).toHaveLength(3);
    // node:http decodes header bytes as Latin-1, one character per byte: this gives back the bytes.
    const bytes = received.map((request) =>
      headerLinesOf(request, "x-name")
        .map((line) => Buffer.from(line, "latin1").toString("hex"))
        .join(),
    );
    expect(bytes).toEqual(Array(3).fill(Buffer.from(value, "latin1").toString("hex")));
    expect(bytes[0]).toBe("636166e9208509dc31");
  });
  itWithCurl("sends an own __proto__ header that endpoint() returned", async () => {
    const built = endpoint("GET /proto", {
      baseUrl: server.origin,
      headers: JSON.parse('{"__proto__":"x"}') as Record<string, string>,
    });
    // Not with Node's fetch: undici drops a header named __proto__ itself (nodejs/undici#5666),
    // whatever toFetch() gives it; toFetch() keeps it (spec/to-fetch.spec.ts), browsers send it.
    expect(headerLinesOf(await sendWithCurl(built), "__proto__")).toEqual(["x"]);
  });

  // Found by the review of 2026-11-26 (F7): without -q as the very first argument, curl reads
  // ~/.curlrc, whose `header` and `data` lines added a header and a body to a GET.
  itWithCurl("does not read ~/.curlrc: -q is curl's first argument", async () => {
    const home = mkdtempSync(join(tmpdir(), "curlrc-"));
    try {
      writeFileSync(join(home, ".curlrc"), 'header = "x-from-curlrc: 1"\ndata = "extra"\n');
      const command = toCurl(options("get", { url: `${server.origin}/rc` }));
      expect(command.startsWith("curl -q ")).toBe(true);
      const before = server.received.length;
      await run("bash", ["-c", `${command} --silent --show-error`], {
        env: { ...process.env, HOME: home, CURL_HOME: home, XDG_CONFIG_HOME: home },
      });
      const received = server.received[before];
      expect([received?.method, received?.headers["x-from-curlrc"], received?.body.length]).toEqual([
        "GET",
        undefined,
        0,
      ]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  itWithCurl("stops curl from following a redirect to another protocol (--proto-redir)", async () => {
    // A server that sends every request to ftp:, which curl follows by default with -L.
    const redirecting = createServer((_request, response) => {
      response.writeHead(302, { location: "ftp://127.0.0.1:9/x", connection: "close" }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    const { port } = redirecting.address() as AddressInfo;
    try {
      const command = `${toCurl(options("get", { url: `http://127.0.0.1:${port}/` }))} -L --silent`;
      // curl exit status 1: "unsupported protocol".
      expect(await exitStatusOf(command)).toBe(1);
      // The control: without the flags, a curl built with ftp follows the redirect (and fails to connect).
      if (/^Protocols:.* ftp /m.test(execFileSync("curl", ["--version"], { encoding: "utf8" }))) {
        const unrestricted = command.replace(" --proto =http,https --proto-redir =http,https", "");
        expect(await exitStatusOf(unrestricted)).not.toBe(1);
      }
    } finally {
      redirecting.closeAllConnections();
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });
});

// Found by an independent review (2026-11-24): a longer argument made bash print "Argument list
// too long" and curl never ran (Linux MAX_ARG_STRLEN, 131,072 bytes with the NUL).
// Review of 2026-11-26 (F6): the limit is the whole command's, which `bash -c` takes as one
// argument, and the method counts too (endpoint() accepts a 140 kB one).
describe("toCurl refuses a command that bash -c cannot take as one argument", () => {
  const limit = 131071;
  const advice =
    "over the 131071 bytes one command-line argument may hold (Linux MAX_ARG_STRLEN), and bash -c takes the command as one; " +
    "send the request another way (toFetch, or curl with the body in a file: --data-binary @file)";
  const post = (data: string): RequestOptions => ({
    method: "post",
    url: "https://x.example/",
    headers: { "content-type": "text/plain" },
    body: data,
  });
  /** The bytes of the command for an empty body: what a body of n bytes adds to it is n. */
  const rest = Buffer.byteLength(toCurl(post("")));

  it("takes a command of exactly 131,071 bytes, and refuses one byte more, counted in UTF-8", () => {
    const fits = "a".repeat(limit - rest);
    expect(Buffer.byteLength(toCurl(post(fits)))).toBe(limit);
    expect(errorOf(() => toCurl(post(fits + "a")))).toEqual({
      code: "ERR_UNSUPPORTED_BODY",
      message: `toCurl: the command is 131072 bytes with the body, ${advice}`,
    });
    // "€" is three bytes.
    const euros = "€".repeat(Math.floor((limit - rest) / 3));
    expect(() => toCurl(post(euros))).not.toThrow();
    expect(errorOf(() => toCurl(post(euros + "€€")))).toEqual({
      code: "ERR_UNSUPPORTED_BODY",
      message: `toCurl: the command is ${rest + Buffer.byteLength(euros) + 6} bytes with the body, ${advice}`,
    });
  });

  it("refuses a body that alone is over the limit before it quotes it", () => {
    expect(errorOf(() => toCurl(post("€".repeat(limit))))).toEqual({
      code: "ERR_UNSUPPORTED_BODY",
      message: `toCurl: the body alone is ${limit * 3} bytes, ${advice}`,
    });
  });

  it("counts multiline's line breaks", () => {
    const fits = "a".repeat(limit - Buffer.byteLength(toCurl(post(""), { multiline: true })));
    expect(Buffer.byteLength(toCurl(post(fits), { multiline: true }))).toBe(limit);
    expect(errorOf(() => toCurl(post(fits + "a"), { multiline: true })).code).toBe("ERR_UNSUPPORTED_BODY");
  });

  it("names the header that takes the command over the limit: many headers, none too long alone", () => {
    const headers = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`x-${i}`, "v".repeat(8000)]));
    expect(errorOf(() => toCurl({ method: "get", url: "https://x.example/", headers }))).toEqual({
      code: "ERR_INVALID_HEADER",
      message: expect.stringMatching(
        /^toCurl: the command is \d+ bytes with the header "x-16", over the 131071 bytes/,
      ),
    });
  });

  it("refuses a url or a method that makes the command too long", () => {
    const url = "https://x.example/" + "a".repeat(limit);
    expect(errorOf(() => toCurl({ method: "get", url, headers: {} }))).toEqual({
      code: "ERR_INVALID_URL",
      message: `toCurl: the command is ${limit + 99} bytes with the url, ${advice}`,
    });
    const method = "M".repeat(140000);
    expect(errorOf(() => toCurl({ method, url: "https://x.example/", headers: {} }))).toEqual({
      code: "ERR_INVALID_METHOD",
      message: `toCurl: the command is 140096 bytes with the method, ${advice}`,
    });
  });

  itWithBash(
    "on the wire: bash -c runs a command of exactly the limit, and cannot run one byte more",
    async () => {
      const server = await startRecordingServer();
      try {
        const build = (data: string): RequestOptions => ({ ...post(data), url: `${server.origin}/big` });
        // --silent is added to the command, so it counts.
        const fits = "a".repeat(limit - Buffer.byteLength(toCurl(build("")) + " --silent"));
        const command = `${toCurl(build(fits))} --silent`;
        expect(Buffer.byteLength(command)).toBe(limit);
        if (hasCurl) {
          await run("bash", ["-c", command]);
          expect(server.received.at(-1)?.body.length).toBe(fits.length);
        }
        // (spawn throws E2BIG before it returns a promise)
        await expect(Promise.resolve().then(() => run("bash", ["-c", command + " "]))).rejects.toMatchObject({
          code: "E2BIG",
        });
      } finally {
        await server.close();
      }
    },
  );
});
