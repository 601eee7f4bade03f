// What errors show: no secret in any message, stack, cause or property of an EndpointError, and
// every message bounded (docs/security.md, "What errors show").
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import vm from "node:vm";
import fc from "fast-check";
import {
  EndpointBuilder,
  EndpointError,
  LockedEndpointBuilder,
  callable,
  endpoint,
  parseTemplate,
  toBody,
  toCurl,
  toFetch,
} from "../lib/index.js";
import type { EndpointErrorCode } from "../lib/index.js";
import { redactUrl } from "../lib/redact.js";
import { thrown } from "./helpers/thrown.js";

const SECRET = "S3cr3tV4lue";
const locked = callable(new LockedEndpointBuilder({ baseUrl: "https://api.example" }));
const url = "https://api.example/x";

/** Everything an error carries that a log could print: message, stack, cause, own properties, JSON. */
function everythingShown(error: EndpointError): string {
  const cause: unknown = (error as { cause?: unknown }).cause;
  const own = Object.getOwnPropertyNames(error).map((key) =>
    String((error as unknown as Record<string, unknown>)[key]),
  );
  return [error.message, String(error.stack), String(cause), JSON.stringify(error), ...own].join("\n");
}

async function rejection(operation: () => Promise<unknown>): Promise<EndpointError> {
  try {
    await operation();
  } catch (error) {
    if (error instanceof EndpointError) return error;
    throw error;
  }
  throw new Error("expected an EndpointError, nothing was thrown");
}

// [title, code, operation, exact message or undefined]; every operation carries SECRET where a
// careless message would quote it.
const PATHS: ReadonlyArray<[string, EndpointErrorCode, () => unknown, string | undefined]> = [
  [
    "authorization with a trailing line feed",
    "ERR_INVALID_HEADER",
    () => endpoint("GET /user", { headers: { authorization: `token ghp_${SECRET}0123456789012345678\n` } }),
    'Invalid value for header "authorization": a line feed (U+000A) at offset 40 of 41 characters; the value is not shown',
  ],
  [
    "cookie in .defaults()",
    "ERR_INVALID_HEADER",
    () => endpoint.defaults({ headers: { Cookie: `id=${SECRET}\r\n` } }),
    'Invalid value for header "Cookie": a carriage return (U+000D) at offset 14 of 16 characters; the value is not shown',
  ],
  [
    "set-cookie in new EndpointBuilder()",
    "ERR_INVALID_HEADER",
    () => new EndpointBuilder({ headers: { "set-cookie": `${SECRET}\0` } }),
    'Invalid value for header "set-cookie": a NUL (U+0000) at offset 11 of 12 characters; the value is not shown',
  ],
  [
    "proxy-authorization with a code point above U+00FF",
    "ERR_INVALID_HEADER",
    () => endpoint.parse({ url, headers: { "proxy-authorization": `Basic ${SECRET}€` } }),
    'Invalid value for header "proxy-authorization": a code point above U+00FF (U+20AC) at offset 17 of 18 characters; the value is not shown',
  ],
  [
    "x-api-key holding a bigint",
    "ERR_INVALID_HEADER",
    () => endpoint("GET /x", { headers: { "X-Api-Key": BigInt(`0x${"5ec2e7".repeat(3)}`) as never } }),
    'Invalid value for header "X-Api-Key": a bigint; expected a string or a finite number; the value is not shown',
  ],
  [
    "a header whose name holds session, with a control character",
    "ERR_INVALID_HEADER",
    () => endpoint("GET /x", { headers: { "x-session-id": `${SECRET}\x1b` } }),
    'Invalid value for header "x-session-id": a control character (U+001B) at offset 11 of 12 characters; the value is not shown',
  ],
  [
    "an absolute url with signed query parameters",
    "ERR_ABSOLUTE_URL",
    () =>
      locked(
        `GET https://evil.example/x?X-Amz-Signature=${SECRET}&X-Amz-Credential=${SECRET}&page=2&access_token=${SECRET}`,
      ),
    'Absolute url "https://evil.example/x?X-Amz-Signature=***&X-Amz-Credential=***&page=2&access_token=***" is not allowed by this builder: only paths below baseUrl "https://api.example"',
  ],
  [
    "a url with a scheme other than http(s), with a password",
    "ERR_INVALID_URL",
    () => endpoint(`GET ftp://me:${SECRET}@files.example/x?sig=${SECRET}`),
    undefined,
  ],
  [
    "a per-call baseUrl with a password and two '@'",
    "ERR_INVALID_BASE_URL",
    () => endpoint("GET /x", { baseUrl: `https://me:${SECRET}@a@b.example` }),
    'Invalid baseUrl "https://me:***@b.example": more than one "@" in the authority',
  ],
  [
    "a route with a password and a token",
    "ERR_INVALID_ROUTE",
    () => endpoint(`GET https://me:${SECRET}@api.example/x?token=${SECRET} extra`),
    undefined,
  ],
  [
    "a method that is no token, in a route with a password",
    "ERR_INVALID_METHOD",
    () => endpoint(`G@T https://me:${SECRET}@api.example/x`),
    'Invalid method "G@T" in route "G@T https://me:***@api.example/x": not an RFC 9110 token',
  ],
  [
    "no url, with an authorization header",
    "ERR_MISSING_URL",
    () => endpoint({ method: "GET", headers: { authorization: SECRET } }),
    undefined,
  ],
  [
    "a malformed template with a password and a secret",
    "ERR_INVALID_TEMPLATE",
    () => endpoint({ url: `https://me:${SECRET}@api.example/{x?client_secret=${SECRET}` }),
    undefined,
  ],
  [
    "a missing parameter in a url with a password and a signature",
    "ERR_MISSING_PARAMETER",
    () =>
      endpoint(`DELETE https://me:${SECRET}@api.example/repos/{owner}/{repo}?signature=${SECRET}`, {
        owner: "o",
      }),
    'Missing parameter "repo" for url "https://me:***@api.example/repos/{owner}/{repo}?signature=***": a path placeholder needs a value (write {/repo} for an optional segment)',
  ],
  [
    "a dot segment in a url with a code",
    "ERR_INVALID_PARAMETER",
    () => endpoint(`GET https://api.example/{dir}/x?code=${SECRET}`, { dir: ".." }),
    undefined,
  ],
  [
    "a value that writes user info into the authority",
    "ERR_INVALID_PARAMETER",
    () => endpoint("GET https://{+host}.example/x", { host: `me:${SECRET}@evil` }),
    undefined,
  ],
  [
    "a media type, with an authorization header",
    "ERR_INVALID_MEDIA_TYPE",
    () => endpoint("GET /x", { headers: { authorization: SECRET }, mediaType: { format: "a b" } }),
    undefined,
  ],
  [
    "a route and a url option that disagree",
    "ERR_INVALID_OPTIONS",
    () =>
      endpoint(`GET https://me:${SECRET}@api.example/x`, { url: `https://api.example/y?api_key=${SECRET}` }),
    'Invalid options: url "https://api.example/y?api_key=***" conflicts with route "GET https://me:***@api.example/x"; give the url in one place',
  ],
  [
    "a serializeQuery() that returns a secret and a space",
    "ERR_INVALID_URL",
    () => {
      class Leaky extends EndpointBuilder {
        override serializeQuery(): string {
          return `access_token=${SECRET}&q=a b`;
        }
      }
      return callable(new Leaky())("GET /x", { q: 1 });
    },
    undefined,
  ],
  [
    "toFetch: user info in the url",
    "ERR_INVALID_URL",
    () => toFetch({ method: "GET", url: `https://me:${SECRET}@api.example/`, headers: {} }),
    'toFetch: Invalid url "https://me:***@api.example/": user info before "@" in the authority, which fetch refuses and curl turns into an authorization header; put credentials in headers.authorization',
  ],
  [
    "toCurl: user info in the url endpoint() built",
    "ERR_INVALID_URL",
    () => toCurl(endpoint(`GET https://me:${SECRET}@api.example/x`)),
    undefined,
  ],
  [
    "toFetch: a space in a url with a token",
    "ERR_INVALID_URL",
    () => toFetch({ method: "GET", url: `https://api.example/x?access_token=${SECRET}&q=a b`, headers: {} }),
    undefined,
  ],
  [
    "toCurl: authorization with a line feed",
    "ERR_INVALID_HEADER",
    () => toCurl({ method: "GET", url, headers: { Authorization: `Bearer ${SECRET}\n` } }),
    'toCurl: Invalid value for header "Authorization": a line feed (U+000A) at offset 18 of 19 characters; the value is not shown',
  ],
  [
    "toFetch: a cookie that is an object",
    "ERR_INVALID_HEADER",
    () => toFetch({ method: "GET", url, headers: { cookie: { id: SECRET } as unknown as string } }),
    'toFetch: Invalid value for header "cookie": an object; expected a string or a finite number; the value is not shown',
  ],
  [
    "toFetch: a GET body, with a token header",
    "ERR_UNSUPPORTED_BODY",
    () => toFetch({ method: "GET", url, headers: { "x-auth-token": SECRET }, body: "x" }),
    undefined,
  ],
  [
    "toFetch: a method that is no token",
    "ERR_INVALID_METHOD",
    () => toFetch({ method: "G T", url: `https://api.example/?token=${SECRET}`, headers: {} }),
    undefined,
  ],
  [
    "toCurl: options that are not an object, with a password in the url",
    "ERR_INVALID_OPTIONS",
    () => toCurl({ method: "GET", url: `https://api.example/?password=${SECRET}`, headers: {} }, 5 as never),
    undefined,
  ],
];

describe("no error shows a secret", () => {
  it.each(PATHS)("%s: %s", (_title, code, operation, message) => {
    const error = thrown(operation);
    expect(error.code).toBe(code);
    if (message !== undefined) expect(error.message).toBe(message);
    expect(everythingShown(error)).not.toContain(SECRET);
  });

  it("covers every code of the errors table", () => {
    const codes = new Set(PATHS.map(([, code]) => code));
    expect([...codes].sort()).toEqual(
      [
        "ERR_ABSOLUTE_URL",
        "ERR_INVALID_BASE_URL",
        "ERR_INVALID_HEADER",
        "ERR_INVALID_MEDIA_TYPE",
        "ERR_INVALID_METHOD",
        "ERR_INVALID_OPTIONS",
        "ERR_INVALID_PARAMETER",
        "ERR_INVALID_ROUTE",
        "ERR_INVALID_TEMPLATE",
        "ERR_INVALID_URL",
        "ERR_MISSING_PARAMETER",
        "ERR_MISSING_URL",
        "ERR_UNSUPPORTED_BODY",
      ].sort(),
    );
  });

  it("toBody: a set-cookie with a line feed", async () => {
    const error = await rejection(() =>
      toBody({ method: "POST", url, headers: { "Set-Cookie": `a=${SECRET}\n` }, body: "x" }),
    );
    expect(error.code).toBe("ERR_INVALID_HEADER");
    expect(error.message).toBe(
      'toBody: Invalid value for header "Set-Cookie": a line feed (U+000A) at offset 13 of 14 characters; the value is not shown',
    );
    expect(everythingShown(error)).not.toContain(SECRET);
  });

  it("a getter that throws: the cause is what the app threw, never a refused value", () => {
    const options = {
      headers: { authorization: SECRET },
      get page(): never {
        throw new Error("page is unreadable");
      },
    };
    const error = thrown(() => endpoint("GET /x", options));
    expect(error.code).toBe("ERR_INVALID_OPTIONS");
    expect(String((error as { cause?: unknown }).cause)).toBe("Error: page is unreadable");
    expect(everythingShown(error)).not.toContain(SECRET);
  });

  it("a non-secret header still shows its value", () => {
    expect(thrown(() => endpoint("GET /x", { headers: { "x-page": "2\n" } })).message).toBe(
      'Invalid value for header "x-page": "2\\n" holds character U+000A at offset 1; CR, LF, NUL, other controls and code points above U+00FF are not allowed',
    );
  });
});

describe("redactUrl()", () => {
  it.each([
    ["https://u:pw@host.example/x", "https://u:***@host.example/x"],
    ["https://u@host.example/x", "https://u@host.example/x"],
    ["https://api.example:@evil.example/", "https://api.example:@evil.example/"],
    ["https://u:p@ss@host.example/", "https://u:***@host.example/"],
    ["//u:pw@host.example", "//u:***@host.example"],
    [
      "GET https://u:pw@h.example/a https://v:pw2@h.example/b",
      "GET https://u:***@h.example/a https://v:***@h.example/b",
    ],
    [
      "/x?access_token=a&page=2&token=b&key=c&api_key=d",
      "/x?access_token=***&page=2&token=***&key=***&api_key=***",
    ],
    [
      "/x?sig=a&signature=b&password=c&secret=d&code=e",
      "/x?sig=***&signature=***&password=***&secret=***&code=***",
    ],
    [
      "/x?X-Amz-Signature=a&X-Amz-Credential=b&X-Amz-Security-Token=c&X-Goog-Signature=d",
      "/x?X-Amz-Signature=***&X-Amz-Credential=***&X-Amz-Security-Token=***&X-Goog-Signature=***",
    ],
    [
      "/x?refresh_token=a&client_secret=b&mysignature=c&access%5Ftoken=d",
      "/x?refresh_token=***&client_secret=***&mysignature=***&access%5Ftoken=***",
    ],
    ["/cb#access_token=a&state=s", "/cb#access_token=***&state=s"],
    ["/x?page=2&q=token", "/x?page=2&q=token"],
    ["/x{?access_token}", "/x{?access_token}"],
  ])("%s → %s", (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });

  it("takes linear time on hostile input", () => {
    const started = performance.now();
    redactUrl("//a:".repeat(50_000) + "?&=".repeat(50_000));
    redactUrl("//".repeat(100_000));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

// --- bounded messages -----------------------------------------------------------------------

const KILOBYTES_200 = 200 * 1024;

/** `unit` repeated to 200 kB. */
const big = (unit: string): string =>
  unit.repeat(Math.ceil(KILOBYTES_200 / unit.length)).slice(0, KILOBYTES_200);

/** Every quoted string of a message (JSON string syntax). */
const quotes = (message: string): string[] => message.match(/"(?:[^"\\]|\\.)*"/g) ?? [];

/** Does `text` hold a C0 or C1 control, DEL, or a line or paragraph separator? */
const hasControl = (text: string): boolean =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
  });

function assertBounded(message: string): void {
  expect(message.length).toBeLessThanOrEqual(1_000);
  // Control characters show escaped; every quote holds at most 200 characters (and "…").
  expect(hasControl(message)).toBe(false);
  for (const quoted of quotes(message)) expect(quoted.length).toBeLessThanOrEqual(2 + 201);
}

/** An object whose prototype inherits nothing but is no realm's Object.prototype. */
const ambiguous = (): object => Object.create(Object.create(null) as object) as object;

/** A builder whose serializeQuery() returns `query`. */
function serializing(query: string) {
  class Serializing extends EndpointBuilder {
    override serializeQuery(): string {
      return query;
    }
  }
  return callable(new Serializing());
}

// [code, operation of a 200 kB text]
const BIG_PATHS: ReadonlyArray<[EndpointErrorCode, (text: string) => unknown]> = [
  ["ERR_INVALID_OPTIONS", (text) => endpoint("GET /x", { url: "/y" + encodeURIComponent(text) })],
  ["ERR_INVALID_OPTIONS", (text) => endpoint.defaults(text as never)],
  ["ERR_INVALID_OPTIONS", (text) => endpoint.defaults({ [text]: ambiguous() })],
  ["ERR_INVALID_ROUTE", (text) => endpoint(`GET /x ${text}`)],
  ["ERR_INVALID_METHOD", (text) => endpoint({ method: ` ${text}`, url: "/x" })],
  ["ERR_MISSING_URL", (text) => endpoint({ method: "GET", [text]: text })],
  ["ERR_INVALID_URL", (text) => endpoint(`GET ftp://x.example/${encodeURIComponent(text)}`)],
  ["ERR_INVALID_URL", (text) => serializing(` ${text}`)(`GET /${encodeURIComponent(text)}`, { q: 1 })],
  ["ERR_INVALID_BASE_URL", (text) => endpoint("GET /x", { baseUrl: `https://x.example/${text}\\` })],
  ["ERR_ABSOLUTE_URL", (text) => locked(`GET https://evil.example/${encodeURIComponent(text)}`)],
  ["ERR_INVALID_TEMPLATE", (text) => endpoint({ url: `/x{${text}` })],
  ["ERR_INVALID_TEMPLATE", (text) => parseTemplate(`/x{${text}`)],
  ["ERR_MISSING_PARAMETER", (text) => endpoint({ url: `/x/{a}/${encodeURIComponent(text)}` })],
  ["ERR_INVALID_PARAMETER", (text) => endpoint({ url: `/{a}/${encodeURIComponent(text)}`, a: ".." })],
  ["ERR_INVALID_PARAMETER", (text) => parseTemplate("{a}").expand({ a: { [text]: Symbol("s") } })],
  ["ERR_INVALID_HEADER", (text) => endpoint("GET /x", { headers: { [` ${text}`]: "1" } })],
  ["ERR_INVALID_HEADER", (text) => endpoint("GET /x", { headers: { "x-a": `\n${text}` } })],
  ["ERR_INVALID_HEADER", (text) => endpoint("GET /x", { headers: text as never })],
  ["ERR_INVALID_MEDIA_TYPE", (text) => endpoint("GET /x", { mediaType: { format: ` ${text}` } })],
  ["ERR_INVALID_MEDIA_TYPE", (text) => endpoint("GET /x", { mediaType: { previews: [` ${text}`] } })],
  ["ERR_INVALID_URL", (text) => toFetch({ method: "GET", url: `https://x.example/ ${text}`, headers: {} })],
  ["ERR_INVALID_METHOD", (text) => toCurl({ method: ` ${text}`, url, headers: {} })],
  ["ERR_INVALID_HEADER", (text) => toFetch({ method: "GET", url, headers: { [` ${text}`]: "1" } })],
  ["ERR_INVALID_HEADER", (text) => toCurl({ method: "GET", url, headers: { x: `\n${text}` } })],
  [
    "ERR_INVALID_HEADER",
    (text) =>
      toCurl({ method: "GET", url, headers: { ["x".repeat(KILOBYTES_200)]: text.replace(/[^ -~]/g, "a") } }),
  ],
  [
    "ERR_UNSUPPORTED_BODY",
    (text) =>
      toFetch({
        method: "POST",
        url,
        headers: { "content-type": `text/x${encodeURIComponent(text).replace(/json/gi, "")}` },
        body: {},
      }),
  ],
  [
    "ERR_UNSUPPORTED_BODY",
    (text) =>
      toFetch({
        method: "POST",
        url,
        headers: {},
        body: {
          toJSON: () => {
            throw new Error(text);
          },
        },
      }),
  ],
  ["ERR_UNSUPPORTED_BODY", (text) => toCurl({ method: "POST", url, headers: {}, body: `${text}\0` })],
];

describe("every message is bounded, on 200 kB inputs", () => {
  // Units of text repeated to 200 kB: controls, quotes, backslashes, non-ASCII and astral characters.
  const unit = fc.string({ unit: "binary", minLength: 1, maxLength: 8 });

  it.each(BIG_PATHS.map(([code, operation], index) => [index, code, operation] as const))(
    "path %d: %s",
    (_index, code, operation) => {
      fc.assert(
        fc.property(unit, (text) => {
          const error = thrown(() => operation(big(text)));
          expect(error.code).toBe(code);
          assertBounded(error.message);
        }),
        { seed: 33, numRuns: 5 },
      );
    },
  );

  it("covers every code of the errors table", () => {
    expect(new Set(BIG_PATHS.map(([code]) => code))).toEqual(new Set(PATHS.map(([, code]) => code)));
  });

  it("toBody too", async () => {
    const error = await rejection(() =>
      toBody({ method: "GET", url: `https://x.example/ ${big("\u202e\n")}`, headers: {} }),
    );
    expect(error.code).toBe("ERR_INVALID_URL");
    assertBounded(error.message);
  });

  it("quote() never escapes past 200 characters, nor cuts inside an escape", () => {
    const message = thrown(() => endpoint(`GET /x ${"\u0001".repeat(KILOBYTES_200)}`)).message;
    expect(message).toBe(
      `Invalid route "GET /x ${"\\u0001".repeat(32)}…": unexpected whitespace or control character at offset 6; expected "METHOD url" or "url"`,
    );
  });
});

// --- the command line -----------------------------------------------------------------------

describe("the command line shows no secret on stderr", () => {
  const BIN = join(__dirname, "..", "dist", "cli.mjs");
  let directory: string;
  beforeAll(() => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first (npm test does)`);
    directory = mkdtempSync(join(tmpdir(), "service-endpoint-secrets-"));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
    const { status, stdout, stderr } = spawnSync(process.execPath, [BIN, "--ignore-stdin", ...args], {
      encoding: "utf8",
      cwd: directory,
    });
    return { status, stdout, stderr };
  }

  it.each([
    [
      "an authorization header item with a line feed",
      ["GET", "https://api.example/user", `Authorization:token ${SECRET}\n`],
      'service-endpoint: ERR_INVALID_HEADER: Invalid value for header "Authorization": a line feed (U+000A) at offset 17 of 18 characters; the value is not shown\n',
    ],
    [
      "a password in the url, for curl",
      ["--curl", "GET", `https://me:${SECRET}@api.example/x`],
      'service-endpoint: ERR_INVALID_URL: toCurl: Invalid url "https://me:***@api.example/x": user info before "@" in the authority, which fetch refuses and curl turns into an authorization header; put credentials in headers.authorization\n',
    ],
    ["a locked-out signed url", ["GET", `https://api.example/x?X-Amz-Signature=${SECRET} y`], undefined],
    [
      "a secret query item with a stray %",
      ["GET", "https://api.example/x", `access_token%==${SECRET}`],
      'service-endpoint: Invalid query item "access_token%==***": a "%" in the name must start a %XX triplet (see service-endpoint --help)\n',
    ],
    [
      "a header item without a name",
      ["GET", "https://api.example/x", `:Bearer ${SECRET}`],
      'service-endpoint: Invalid item ":…" (the value is not shown): the name before ":" is empty (see service-endpoint --help)\n',
    ],
    [
      "--base-url twice, one with a password",
      ["--base-url", `https://me:${SECRET}@a.example`, "--base-url", "https://b.example", "GET", "/x"],
      'service-endpoint: Give --base-url once, not twice: "https://me:***@a.example" and "https://b.example" (see service-endpoint --help)\n',
    ],
    [
      "a headers:= item that is not JSON",
      ["GET", "https://api.example/x", `headers:={"authorization": "${SECRET}"`],
      'service-endpoint: Invalid JSON in "headers:=…" (header values are not shown): write key:=json for a JSON value, key=value for a string (see service-endpoint --help)\n',
    ],
    [
      "a headers:= item that is a string, with a header item",
      ["GET", "https://api.example/x", `headers:="${SECRET}"`, "x-a:1"],
      "service-endpoint: Item headers:= must be a JSON object to take Name:value header items too, got a string (see service-endpoint --help)\n",
    ],
  ])("%s", (_title, args, stderr) => {
    const result = run(...args);
    expect(result.status).not.toBe(0);
    if (stderr !== undefined) expect(result.stderr).toBe(stderr);
    expect(result.stderr).not.toContain(SECRET);
    expect(result.stdout).toBe("");
  });

  it("200 kB inputs from files give bounded messages", () => {
    const file = join(directory, "big.json");
    writeFileSync(file, `{"authorization": "${big("\\u0001a")}\\n"}`);
    const header = run("GET", "https://api.example/x", "headers:=@big.json");
    expect(header.stderr).toMatch(
      /^service-endpoint: ERR_INVALID_HEADER: Invalid value for header "authorization": a control character \(U\+0001\) at offset 0 of \d+ characters; the value is not shown\n$/,
    );
    writeFileSync(file, big("\u0007{"));
    const json = run("GET", "https://api.example/x", "a:=@big.json");
    const url = run("GET", "https://api.example/x", "url=@big.json");
    for (const { stderr } of [header, json, url]) {
      expect(stderr.length).toBeLessThanOrEqual(1_100);
      assertBounded(stderr.replace(/\n$/, ""));
    }
  });
});

// --- objects of another realm ---------------------------------------------------------------

describe("objects of another realm are plain objects", () => {
  it(".defaults() copies and freezes them: a later change to the original reaches no request", () => {
    const foreign = vm.runInNewContext(
      "({ headers: { 'x-a': '1' }, list: [{ b: 1 }], nested: { a: 1 }, flat: [1, 2] })",
    ) as { headers: Record<string, string>; list: [{ b: number }]; nested: { a: number }; flat: number[] };
    const api = endpoint.defaults(foreign);
    foreign.headers["x-a"] = "2";
    foreign.nested.a = 2;
    foreign.list[0].b = 2;
    foreign.flat.push(3);
    expect(api("POST /x")).toMatchObject({
      headers: { "x-a": "1" },
      body: { list: [{ b: 1 }], nested: { a: 1 }, flat: [1, 2] },
    });
    const defaults = api.DEFAULTS as unknown as typeof foreign;
    for (const part of [defaults.nested, defaults.list, defaults.list[0], defaults.flat, defaults.headers]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
    expect(Object.getPrototypeOf(defaults.nested)).toBe(Object.prototype);
    expect(Object.isFrozen(foreign.nested)).toBe(false);
  });

  it("merge() merges them deeply, and endpoint() expands them as associative arrays", () => {
    const headers = vm.runInNewContext("({ 'x-b': 'b' })") as Record<string, string>;
    expect(endpoint.merge("GET /x", { headers }).headers).toEqual({
      accept: "application/vnd.service.v3+json",
      "user-agent": expect.any(String) as string,
      "x-b": "b",
    });
    const options = vm.runInNewContext("({ filter: { state: 'open' }, ids: [1, 2] })") as Record<
      string,
      unknown
    >;
    expect(endpoint("GET /issues{?filter*,ids}", options).url).toBe(
      "https://api.service.example/issues?state=open&ids=1,2",
    );
    expect(
      endpoint("POST /issues", vm.runInNewContext("({ title: 'Hi' })") as Record<string, unknown>).body,
    ).toEqual({
      title: "Hi",
    });
  });

  it("what cannot be told apart is refused, never shared", () => {
    const tampered = vm.runInNewContext(
      "Object.prototype.constructor = function Object() {}; ({ a: 1 })",
    ) as object;
    const message =
      'Invalid options: "settings" holds an object whose prototype inherits nothing yet is no Object.prototype, so it cannot be told from a plain object; pass a copy ({ ...value })';
    expect(thrown(() => endpoint.defaults({ settings: tampered }))).toMatchObject({
      code: "ERR_INVALID_OPTIONS",
      message,
    });
    expect(thrown(() => endpoint.defaults({ settings: ambiguous() }))).toMatchObject({
      code: "ERR_INVALID_OPTIONS",
      message,
    });
  });
});
