// The helpers of docs/design/19-option-bytes.md (a smaller bundle), pinned to exact results and messages:
// every row below is what the build before §19 gave.
import { describe as describeValue, quote } from "../lib/errors.js";
import { EndpointBuilder } from "../lib/builder/endpoint-builder.js";
import { isToken, normalizeHeaderValue, normalizeHeaders } from "../lib/headers.js";
import type { Headers, HeadersInput } from "../lib/types.js";
import { applyMediaType, normalizeMediaType } from "../lib/media-type.js";
import { mergeValue } from "../lib/pipeline/merge.js";
import { readLevel } from "../lib/pipeline/read-options.js";
import { parseRoute } from "../lib/route.js";
import { errorOf, thrown } from "./helpers/thrown.js";

describe("quote and describe: one function", () => {
  class Foo {}
  const Anonymous = class {};
  Object.defineProperty(Anonymous, "name", { value: "" });

  it("is exported under both names", () => {
    expect(describeValue).toBe(quote);
  });

  it.each<[string, unknown, string]>([
    ["null", null, "null"],
    ["undefined", undefined, "undefined"],
    ["a number", 42, "number 42"],
    ["negative zero", -0, "number 0"],
    ["a boolean", true, "boolean true"],
    ["a bigint", 10n, "bigint 10n"],
    ["a string", 'a"b', '"a\\"b"'],
    ["a long string", "x".repeat(201), JSON.stringify("x".repeat(200) + "…")],
    ["a symbol", Symbol("s"), "a symbol"],
    ["a function", () => 1, "a function"],
    ["an array", [], "an array"],
    ["a plain object", {}, "an object"],
    ["a null-prototype object", Object.create(null), "an object"],
    ["a class instance", new Foo(), "an instance of Foo"],
    ["a Date", new Date(0), "an instance of Date"],
    ["an instance of a class without a name", new Anonymous(), "an object"],
  ])("%s", (_, value, text) => {
    expect(quote(value)).toBe(text);
  });
});

describe("isToken (RFC 9110 §5.6.2 tchar, from a regex class)", () => {
  it("accepts exactly the tchar characters among the first 256 code points", () => {
    const accepted = Array.from({ length: 256 }, (_, code) => String.fromCharCode(code))
      .filter((char) => isToken(char))
      .join("");
    expect(accepted).toBe("!#$%&'*+-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ^_`abcdefghijklmnopqrstuvwxyz|~");
  });

  it("rejects the empty string and any string with one character outside", () => {
    expect([isToken(""), isToken("GET"), isToken("GET X"), isToken("G\u0100T")]).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });
});

describe("normalizeHeaderValue", () => {
  const message = (text: string, code: string, offset: number) =>
    `Invalid value for header "X-Test": ${text} holds character ${code} at offset ${offset}; CR, LF, NUL, other controls and code points above U+00FF are not allowed`;

  it.each<[unknown, string | number]>([
    // Passed through unchanged (CONTRACT.md), leading and trailing spaces and tabs included.
    [" \tvalue \t", " \tvalue \t"],
    ["café", "café"],
    ["tab\there", "tab\there"],
    [" ", " "],
    [42, 42],
    [1.5, 1.5],
  ])("%j → %j", (value, result) => {
    expect(normalizeHeaderValue("X-Test", value)).toBe(result);
  });

  it.each<[string, string]>([
    ["a\u0000b", message('"a\\u0000b"', "U+0000", 1)],
    // The offset counts in the value as given, which the message quotes.
    ["  x\u007fy", message('"  x\\u007Fy"', "U+007F", 3)],
    // CR and LF at the end are refused too: nothing is trimmed away before the check.
    [" \tvalue\r\n", message('" \\tvalue\\r\\n"', "U+000D", 7)],
    ["value\n", message('"value\\n"', "U+000A", 5)],
    ["\u0100", message('"\u0100"', "U+0100", 0)],
    ["a\nb", message('"a\\nb"', "U+000A", 1)],
    ["ok\ud800", message('"ok\\ud800"', "U+D800", 2)],
  ])("%j is ERR_INVALID_HEADER", (value, text) => {
    const error = thrown(() => normalizeHeaderValue("X-Test", value));
    expect([error.code, error.message]).toEqual(["ERR_INVALID_HEADER", text]);
  });

  it.each<[unknown, string]>([
    [NaN, "number NaN"],
    [-Infinity, "number -Infinity"],
    [null, "null"],
    [["a"], "an array"],
    [true, "boolean true"],
  ])("%p is not a string or a finite number", (value, text) => {
    const error = thrown(() => normalizeHeaderValue("X-Test", value));
    expect([error.code, error.message]).toEqual([
      "ERR_INVALID_HEADER",
      `Invalid value for header "X-Test": ${text}; expected a string or a finite number`,
    ]);
  });
});

describe("applyMediaType", () => {
  it.each<[string, string, string[], string]>([
    [
      "application/vnd.service.v3+json, application/vnd.other.v2.raw",
      "diff",
      [],
      "application/vnd.service.v3.diff,application/vnd.other.v2.diff",
    ],
    [
      "application/vnd.other.v2.raw,application/vnd.service.v3+json",
      "",
      ["a", "b"],
      "application/vnd.other.a-preview+json,application/vnd.other.b-preview+json",
    ],
    // RFC 9110 §8.3.1: any case is a vendor entry (it was left as it was, and previews lost the vendor).
    ["Application/VND.service.v3+json", "raw", [], "application/vnd.service.v3.raw"],
    ["APPLICATION/VND.acme.V3+JSON", "", ["p"], "application/vnd.acme.p-preview+json"],
    [
      "application/vnd.foo-preview,application/vnd.bar-preview+json",
      "",
      ["foo"],
      "application/vnd.service.foo-preview+json,application/vnd.service.bar-preview+json",
    ],
    ["application/vnd.acme.v1.baz-preview+json", "raw", [], "application/vnd.acme.baz-preview.raw"],
    [
      "application/vnd.acme.v1.baz-preview+json",
      "",
      ["qux"],
      "application/vnd.acme.baz-preview+json,application/vnd.acme.qux-preview+json",
    ],
    ["text/html, application/vnd.acme+xml", "raw", [], "text/html,application/vnd.acme+xml"],
    [" application/vnd.acme.v1 ", "text+json", [], "application/vnd.acme.v1.text+json"],
    ["application/vnd.acme-preview.v2", "raw", ["x"], "application/vnd.acme-preview.x-preview.raw"],
    ["*/*", "", ["p"], "application/vnd.service.p-preview+json"],
    [" Application/Octet-Stream ", "raw", ["p"], " Application/Octet-Stream "],
  ])("%j, format %j, previews %j", (accept, format, previews, result) => {
    expect(applyMediaType(accept, format, previews)).toBe(result);
  });

  it("cuts every trailing -preview from each preview name given", () => {
    // One cut made "b-preview" here, and parse() cut it again (found by the review of 2026-11-26).
    expect(normalizeMediaType({ previews: ["a-preview", "a", "b-preview-preview", "-preview-x"] })).toEqual({
      previews: ["a", "b", "-preview-x"],
    });
  });

  it('refuses "-preview" alone, which names no preview once its "-preview" is cut', () => {
    // Found by review: it gave the accept header `application/vnd.service.-preview+json`.
    expect(errorOf(() => normalizeMediaType({ previews: ["a", "-preview"] }))).toStrictEqual({
      code: "ERR_INVALID_MEDIA_TYPE",
      message: 'Invalid preview name "-preview" in mediaType.previews: expected letters, digits, "-" and "_"',
    });
    expect(normalizeMediaType({ previews: ["--preview"] })).toEqual({ previews: ["-"] });
  });
});

describe("methods of routes", () => {
  it.each<[string, string]>([
    ["GET /a", "GET"],
    ["get /a", "get"],
    ["M-SEARCH *", "M-SEARCH"],
    ["__proto__ /a", "__proto__"],
  ])("%j has the method %j", (route, method) => {
    expect(parseRoute(route).method).toBe(method);
  });

  it("keeps a standard method alone an error, and any other word a url", () => {
    const error = thrown(() => parseRoute("TRACE"));
    expect([error.code, error.message, parseRoute("GETS").url]).toEqual([
      "ERR_INVALID_ROUTE",
      'Invalid route "TRACE": a method without a url',
      "GETS",
    ]);
  });
});

describe("the one header merge: normalizeHeaders over earlier headers, in merge() and endpoint()", () => {
  it.each([
    [
      "merge() over defaults",
      (given: Record<string, unknown>, over: Headers) =>
        new EndpointBuilder({ headers: over }).merge({ url: "/x", headers: given as HeadersInput }).headers,
    ],
    [
      "normalizeHeaders over (endpoint())",
      (given: Record<string, unknown>, over: Headers) => normalizeHeaders(given, over),
    ],
  ])(
    "%s keeps the earlier order, takes later values, adds new names after, and removes null ones",
    (_, merge) => {
      // An inherited `accept: null` is no header of `given`; an own "__proto__" is an ordinary name.
      const given: Record<string, unknown> = {};
      for (const [name, value] of [
        ["user-agent", null],
        ["x-b", "2"],
        ["x-a", undefined],
        ["__proto__", "p"],
      ] as const) {
        Object.defineProperty(given, name, { value, enumerable: true, writable: true, configurable: true });
      }
      const objectProto = Object.prototype as Record<string, unknown>;
      objectProto.accept = null;
      let merged: Record<string, unknown>;
      try {
        merged = merge(given, { accept: "a", "user-agent": "u", "x-a": "1" });
      } finally {
        delete objectProto.accept;
      }
      expect(Object.entries(merged)).toEqual([
        ["accept", "a"],
        ["x-a", "1"],
        ["x-b", "2"],
        ["__proto__", "p"],
      ]);
      expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    },
  );

  it("leaves a name given null and then a value where the earlier headers had it", () => {
    const over = { accept: "a", "x-a": "1" };
    expect(Object.entries(normalizeHeaders({ ACCEPT: null, accept: "b" }, over))).toEqual([
      ["accept", "b"],
      ["x-a", "1"],
    ]);
    expect(Object.entries(normalizeHeaders({ accept: "b", Accept: null, "X-C": null }, over))).toEqual([
      ["x-a", "1"],
    ]);
    // Without earlier headers, `null` stays: it removes the header when merged.
    expect(normalizeHeaders({ Accept: null })).toEqual({ accept: null });
    expect(over).toEqual({ accept: "a", "x-a": "1" });
  });
});

describe("mergeValue", () => {
  it("returns the later value as it is unless both are plain objects", () => {
    const later = [1];
    expect([mergeValue({ a: 1 }, later), mergeValue(undefined, "x"), mergeValue({ a: 1 }, null)]).toEqual([
      later,
      "x",
      null,
    ]);
    expect(mergeValue({ a: 1 }, later)).toBe(later);
  });

  it("merges two plain objects deeply into a new one", () => {
    const earlier = { a: { b: 1, c: 2 }, d: 1 };
    expect(mergeValue(earlier, { a: { c: 3 }, e: 4 })).toEqual({ a: { b: 1, c: 3 }, d: 1, e: 4 });
    expect(earlier).toEqual({ a: { b: 1, c: 2 }, d: 1 });
  });
});

describe("readLevel: the keys merge() and defaults() rebuild the options from", () => {
  it.each<[string, unknown, unknown, string[]]>([
    [
      "a route's method and url first, then each option given once, in order",
      "GET /x",
      { a: 1, method: "get", url: "/x", headers: { A: "1" }, b: undefined, data: 2 },
      ["method", "url", "a", "headers", "data"],
    ],
    [
      "a bare-url route: its url first, the method where the options give it",
      "/x",
      { method: "POST", z: 1, url: "/x" },
      ["url", "method", "z"],
    ],
    [
      "options alone: every key in their order",
      { z: 1, url: "/y", method: "PUT", mediaType: { format: "raw" }, request: {}, baseUrl: "/b" },
      undefined,
      ["z", "url", "method", "mediaType", "request", "baseUrl"],
    ],
  ])("%s", (_, route, options, keys) => {
    const keysOf = (entries: unknown[] | undefined) => (entries ?? []).filter((_, i) => i % 2 === 0);
    expect(keysOf(readLevel(route, options, true).entries)).toEqual(keys);
    // endpoint() keeps only its parameters in order: the options have fields of their own.
    expect(keysOf(readLevel(route, options, false).entries)).toEqual(
      keys.filter((key) => /^[a-z]$/.test(key)),
    );
  });
});
