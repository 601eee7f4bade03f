import { execFileSync } from "node:child_process";
import fc from "fast-check";
import type { RequestOptions } from "../lib/types.js";
import { shellQuote, toCurl } from "../lib/adapters/to-curl.js";
import { requestOptionsWith, url } from "./helpers/request-options.js";
import { thrown } from "./helpers/thrown.js";

const options = requestOptionsWith({});

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
      `curl --globoff -X 'POST' --url '${url}' -H 'accept: application/vnd.service.v3+json' ` +
        `-H 'user-agent: service-endpoint.js/0.1.0' -H 'content-type: application/json; charset=utf-8' ` +
        `--data-binary '{"title":"It'\\''s"}'`,
    );
  });

  it("writes GET with -X and no body", () => {
    expect(toCurl(options("get", { headers: { authorization: "token abc", "x-page": 2 } }))).toBe(
      `curl --globoff -X 'GET' --url '${url}' -H 'authorization: token abc' -H 'x-page: 2'`,
    );
  });

  it("writes HEAD with --head, because -X HEAD makes curl wait for a body", () => {
    expect(toCurl(options("head"))).toBe(`curl --globoff --head --url '${url}'`);
  });

  it("keeps [] and {} in the url literal with --globoff", () => {
    const command = toCurl(options("get", { url: "https://x.example/a?q[]=1&b={c}" }));
    expect(command).toBe(`curl --globoff -X 'GET' --url 'https://x.example/a?q[]=1&b={c}'`);
  });

  it("puts the url after --url, so a hand-made url starting with - is not an option", () => {
    expect(toCurl(options("get", { url: "-o/tmp/x" }))).toBe(`curl --globoff -X 'GET' --url '-o/tmp/x'`);
  });

  it("writes a header with an empty value as -H 'name;'", () => {
    expect(toCurl(options("get", { headers: { "x-empty": "" } }))).toBe(
      `curl --globoff -X 'GET' --url '${url}' -H 'x-empty;'`,
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
    ).toBe(`curl --globoff -X 'POST' --url '${url}' -H 'content-type: text/plain' --data-binary 'hello'`);
  });

  it.each(["post", "put", "patch"])("sends a zero-length body for a body-less %s, as toFetch", (method) => {
    expect(toCurl(options(method))).toBe(
      `curl --globoff -X '${method.toUpperCase()}' --url '${url}' -H 'content-type:' --data-binary ''`,
    );
  });

  it("sends no body for a body-less DELETE", () => {
    expect(toCurl(options("delete"))).toBe(`curl --globoff -X 'DELETE' --url '${url}'`);
  });

  it("stops curl from adding a content-type when none is set", () => {
    expect(toCurl(options("post", { body: "a=1" }))).toBe(
      `curl --globoff -X 'POST' --url '${url}' -H 'content-type:' --data-binary 'a=1'`,
    );
  });

  it("gives a plain object without content-type the JSON content-type parse() gives", () => {
    expect(toCurl(options("put", { body: [1] }))).toBe(
      `curl --globoff -X 'PUT' --url '${url}' -H 'content-type: application/json; charset=utf-8' --data-binary '[1]'`,
    );
  });

  it("uses --data-raw for a text starting with @, which --data-binary would read as a file name", () => {
    expect(toCurl(options("post", { headers: { "content-type": "text/plain" }, body: "@/etc/passwd" }))).toBe(
      `curl --globoff -X 'POST' --url '${url}' -H 'content-type: text/plain' --data-raw '@/etc/passwd'`,
    );
  });

  it("sends bytes that are UTF-8 text as that text", () => {
    const body = new TextEncoder().encode("héllo 'x'\n");
    expect(toCurl(options("post", { headers: { "content-type": "application/octet-stream" }, body }))).toBe(
      `curl --globoff -X 'POST' --url '${url}' -H 'content-type: application/octet-stream' ` +
        `--data-binary 'héllo '\\''x'\\''\n'`,
    );
  });

  it("sends URLSearchParams as text with the content-type fetch gives them", () => {
    expect(toCurl(options("post", { body: new URLSearchParams({ a: "1 2", b: "ü" }) }))).toBe(
      `curl --globoff -X 'POST' --url '${url}' -H 'content-type: application/x-www-form-urlencoded;charset=UTF-8' ` +
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
      `curl --globoff \\\n  -X 'POST' \\\n  --url '${url}' \\\n  -H 'content-type: text/plain' \\\n  --data-binary 'a'`,
    );
  });

  it("ignores request", () => {
    expect(toCurl(options("get", { request: { signal: new AbortController().signal } }))).toBe(
      `curl --globoff -X 'GET' --url '${url}'`,
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
