// Issue 4, point 5: hostile inputs of 100,000+ characters are answered, with a result or an
// EndpointError. This spec checks the exact answer at each of these sizes; it asserts no times,
// and nothing here bounds them (jest does not time out a synchronous test). That the answers
// come in linear time rests on the measured table in docs/security.md, and on its audit of
// every regular expression of lib/.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { endpoint, parseTemplate } from "../lib/index.js";
import type { EndpointOptions } from "../lib/index.js";
import { outcome, thrown } from "./helpers/thrown.js";

const N = 100_000;

describe("templates and routes of 100,000+ characters", () => {
  it.each<[string, string, string]>([
    ['"{" x 100,000', "{".repeat(N), "ERR_INVALID_TEMPLATE"],
    ['"}" x 100,000', "}".repeat(N), "ERR_INVALID_TEMPLATE"],
    ['"/{a," x 100,000 (never closed)', "/{" + "a,".repeat(N), "ERR_INVALID_TEMPLATE"],
    ['"%" x 100,000', "/" + "%".repeat(N), "ERR_INVALID_TEMPLATE"],
    ['"%2" x 100,000', "/" + "%2".repeat(N), "ERR_INVALID_TEMPLATE"],
    ['"{a:" x 100,000', "/{a:" + "9".repeat(N) + "}", "ERR_INVALID_TEMPLATE"],
    ['"/:" + "a" x 100,000 without a value', "/:" + "a".repeat(N), "ERR_MISSING_PARAMETER"],
  ])("%s is an EndpointError", (_label, url, expected) => {
    expect(thrown(() => endpoint({ url })).code).toBe(expected);
  });

  it('"/a" x 50,000 is a url', () => {
    expect(endpoint("/a".repeat(N / 2)).url).toBe("https://api.service.example" + "/a".repeat(N / 2));
  });

  it('"/:" + "a" x 100,000 with its value', () => {
    expect(endpoint("/:" + "a".repeat(N), { ["a".repeat(N)]: 1 }).url).toBe("https://api.service.example/1");
  });

  it('"/:" x 100,000 is kept as written, with no placeholder', () => {
    expect(endpoint("/:".repeat(N)).url).toBe("https://api.service.example" + "/:".repeat(N));
  });

  it.each([
    ["/{a}", "/{a}".repeat(N)],
    ["/:a", "/:a".repeat(N)],
  ])("%s x 100,000 expands", (_label, url) => {
    expect(endpoint(url, { a: 1 }).url).toBe("https://api.service.example" + "/1".repeat(N));
  });

  it("20,000 placeholders with 20,000 more parameters for the query", () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `k${i}`);
    const extra = Array.from({ length: 20_000 }, (_, i) => `z${i}`);
    const options: EndpointOptions = {};
    for (const name of [...names, ...extra]) options[name] = 1;
    const { url } = endpoint("/" + names.map((name) => `{${name}}`).join(""), options);
    expect(url).toBe(
      "https://api.service.example/" + "1".repeat(20_000) + "?" + extra.map((name) => `${name}=1`).join("&"),
    );
  });

  it("a literal query of 20,000 keys, each replaced by a parameter, and 20,000 more appended", () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `p${i}`);
    const extra = Array.from({ length: 20_000 }, (_, i) => `z${i}`);
    const options: EndpointOptions = {};
    for (const name of [...names, ...extra]) options[name] = 2;
    const { url } = endpoint("GET /x?" + names.map((name) => `${name}=1`).join("&"), options);
    expect(url).toBe(
      "https://api.service.example/x?" + [...names, ...extra].map((name) => `${name}=2`).join("&"),
    );
  });

  it.each<[string, string, string]>([
    ["spaces after the method", "GET" + " ".repeat(N) + "/", "ERR_INVALID_ROUTE"],
    ["a method of 100,000 characters with a space in it", "G".repeat(N) + " X /", "ERR_INVALID_ROUTE"],
    ["a method of 100,000 non-token characters", "\u00e9".repeat(N) + " /", "ERR_INVALID_METHOD"],
  ])("a route with %s is an EndpointError", (_label, route, expected) => {
    expect(thrown(() => endpoint(route)).code).toBe(expected);
  });

  it("a method of 100,000 token characters is a method", () => {
    expect(endpoint("G".repeat(N) + " /").method).toBe("g".repeat(N));
  });

  it("a template of 100,000 characters parses once per call, uncached, and expands", () => {
    const template = "/x" + "{/a}".repeat(N / 4);
    expect(parseTemplate(template).expand({})).toBe("/x");
  });

  it("a value of 100,000 characters is encoded", () => {
    expect(endpoint("/{a}", { a: "\u00e4".repeat(N) }).url).toBe(
      "https://api.service.example/" + "%C3%A4".repeat(N),
    );
  });
});

describe("error paths of long urls (found by the review of 2026-11-26)", () => {
  // Before: naming the parameter behind a dot segment expanded every part with all the
  // parameters (16,000 expressions took 34 s), and a placeholder used n times was checked and
  // copied n times (2,000 uses of an object of 20,000 null members took 12 s).
  it("a dot segment after 16,000 expressions names its parameter", () => {
    const url = Array.from({ length: 16_000 }, (_, i) => `{/a${i}}`).join("") + "/{z}";
    const error = thrown(() => endpoint({ url, z: ".." }));
    expect(error.code).toBe("ERR_INVALID_PARAMETER");
    expect(error.message.startsWith('Invalid parameter "z" for url ')).toBe(true);
  });

  // The second review: the authority check scanned the parts after each expression (27.6 s).
  it("an absolute url of 100,000 expressions in its authority expands", () => {
    const url = "https://" + "{a}".repeat(N) + "x/";
    expect(endpoint({ url, a: "b" }).url).toBe("https://" + "b".repeat(N) + "x/");
  });

  // The sixth and eighth reviews: the parts of a host are walked once.
  it("a host of 100,000 label expressions expands, and a value after them is refused", () => {
    const url = "https://api.example" + "{.x}".repeat(N) + "{+p}/";
    expect(endpoint({ url, x: "a", p: "" }).url).toBe("https://api.example" + ".a".repeat(N) + "/");
    const error = thrown(() => endpoint({ url, x: "a", p: ".evil" }));
    expect(error.code).toBe("ERR_INVALID_PARAMETER");
    expect(error.message.startsWith('Invalid parameter "p" for url "https://api.example{.x}{.x}')).toBe(true);
    expect(error.message).toContain(
      ': it writes ".evil", which would change the host the url writes: "api.example.a.a.a',
    );
  });

  it("a placeholder used 2,000 times whose object has 20,000 undefined members is missing", () => {
    const a: Record<string, null> = {};
    for (let i = 0; i < 20_000; i++) a[`k${i}`] = null;
    const error = thrown(() => endpoint("GET " + "/{a}".repeat(2_000), { a }));
    expect(error.code).toBe("ERR_MISSING_PARAMETER");
    expect(error.message.startsWith('Missing parameter "a" for url ')).toBe(true);
  });
});

describe("header values, accept headers and previews of 100,000+ characters", () => {
  it.each<[string, string, string | undefined]>([
    ["100,000 spaces", " ".repeat(N), undefined],
    ["a value with 100,000 spaces inside", "a" + " ".repeat(N) + "b", undefined],
    ["100,000 spaces then LF", "a" + " ".repeat(N) + "\n", "ERR_INVALID_HEADER"],
    ["100,000 spaces then NUL", "a" + " ".repeat(N) + "\0", "ERR_INVALID_HEADER"],
    ["100,000 tabs then CR in the middle", "\t".repeat(N) + "a\rb", "ERR_INVALID_HEADER"],
  ])("%s", (_label, value, expected) => {
    const result = outcome(() => endpoint("/", { headers: { "x-a": value } }));
    // Passed through unchanged (CONTRACT.md), leading and trailing spaces included.
    if (expected === undefined) expect(result).toMatchObject({ value: { headers: { "x-a": value } } });
    else expect(result).toEqual({ code: expected, message: expect.any(String) });
  });

  it("a header name of 100,000 characters, valid and not", () => {
    expect(endpoint("/", { headers: { ["X".repeat(N)]: "1" } }).headers["x".repeat(N)]).toBe("1");
    expect(thrown(() => endpoint("/", { headers: { ["x".repeat(N) + " "]: "1" } })).code).toBe(
      "ERR_INVALID_HEADER",
    );
  });

  // An entry that is not `application/vnd.<vendor>[.vN][.x][+json]` with labels of at most 200
  // characters is kept as given; a preview entry keeps its name and takes the format as suffix.
  it.each<[string, string, string]>([
    ["100,000 commas", ",".repeat(N), ",".repeat(N)],
    ['"application/vnd." x 6,250', "application/vnd.".repeat(N / 16), "application/vnd.".repeat(N / 16)],
    [
      "a version of 100,000 digits",
      "application/vnd.a.v" + "1".repeat(N),
      "application/vnd.a.v" + "1".repeat(N),
    ],
    [
      "100,000 dots",
      "application/vnd.a" + ".".repeat(N) + "+json",
      "application/vnd.a" + ".".repeat(N) + "+json",
    ],
    [
      "6,000 preview entries",
      "application/vnd.a.b-preview+json,".repeat(6_000),
      "application/vnd.a.b-preview.raw,".repeat(6_000),
    ],
  ])(
    "an accept header of %s, for a format, is kept or rewritten entry by entry",
    (_label, accept, expected) => {
      const { headers } = endpoint("/", { headers: { accept }, mediaType: { format: "raw" } });
      expect(headers.accept).toBe(expected);
    },
  );

  it("an accept header with 20,000 distinct previews, plus one", () => {
    const accept = Array.from({ length: 20_000 }, (_, i) => `application/vnd.a.p${i}-preview+json`).join(",");
    const { headers } = endpoint("/", { headers: { accept }, mediaType: { previews: ["x"] } });
    expect((headers.accept as string).split(",").length).toBe(20_001);
  });

  it("20,000 previews in defaults and 20,000 more in a call", () => {
    const previews = (prefix: string) => Array.from({ length: 20_000 }, (_, i) => `${prefix}${i}`);
    const fn = endpoint.defaults({ mediaType: { previews: previews("p") } });
    const { headers } = fn("/", { mediaType: { previews: [...previews("q"), ...previews("p")] } });
    expect((headers.accept as string).split(",").length).toBe(40_000);
  });
});

describe("baseUrls of 100,000+ characters", () => {
  it.each<[string, string, string | undefined]>([
    ["a long path", "https://a.example/" + "a".repeat(N), undefined],
    ["a long host", "https://" + "a".repeat(N), undefined],
    ["no scheme", "h".repeat(N), "ERR_INVALID_BASE_URL"],
    ["100,000 slashes", "https:" + "/".repeat(N), "ERR_INVALID_BASE_URL"],
    ["100,000 spaces", "https://a.example/" + " ".repeat(N), "ERR_INVALID_BASE_URL"],
    ["a scheme of 100,000 letters", "h".repeat(N) + "://x", "ERR_INVALID_BASE_URL"],
  ])("%s", (_label, baseUrl, expected) => {
    const result = outcome(() => endpoint("/x", { baseUrl }));
    if (expected === undefined) expect(result).toMatchObject({ value: { url: baseUrl + "/x" } });
    else expect(result).toEqual({ code: expected, message: expect.any(String) });
  });

  it("an absolute url with a scheme of 100,000 letters", () => {
    // Not http or https: refused (docs/security.md), in linear time like everything else.
    expect(outcome(() => endpoint("h".repeat(N) + "://x.example/"))).toEqual({
      code: "ERR_INVALID_URL",
      message: `Invalid url "${"h".repeat(200)}…": only http and https URLs are allowed`,
    });
    expect(endpoint("h".repeat(N) + ":x").url).toBe("https://api.service.example/" + "h".repeat(N) + ":x");
  });
});

// The audit in docs/design/security-audit.md names every regular expression of lib/: one added to the source
// without a line in the table, or a line left for one the source no longer has, fails here.
describe("docs/design/security-audit.md audits every regular expression of lib/", () => {
  const lib = join(__dirname, "..", "lib");
  const files = (readdirSync(lib, { recursive: true }) as string[]).filter((file) => file.endsWith(".ts"));
  const inSource = new Set<string>();
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(join(lib, file), "utf8"),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) inSource.add(node.getText(source));
      // A pattern made from a string would escape this check: there is none, and none may come.
      if (ts.isNewExpression(node) && node.expression.getText(source) === "RegExp") {
        throw new Error(`${file}: new RegExp(...) cannot be audited here; write a literal`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const doc = readFileSync(join(__dirname, "..", "docs", "design", "security-audit.md"), "utf8");
  const section = doc.slice(
    doc.indexOf("## Regular expressions"),
    doc.indexOf("Measured on the test machine"),
  );
  // The expression column's code spans (`…` or ``…``), with the table's "\|" read as "|".
  const inTable = new Set(
    section
      .split("\n")
      .filter((line) => line.startsWith("| `lib/"))
      .flatMap((line) => [...line.split(" | ")[1]!.matchAll(/``(.+?)``|`([^`]+)`/g)])
      .map((match) => (match[1] ?? match[2]!).replace(/\\\|/g, "|"))
      .filter((span) => span.startsWith("/")),
  );

  it("finds the expressions of the source (the scan works)", () => {
    expect(inSource.size).toBeGreaterThan(20);
    expect(inSource).toContain("/[?&]$/");
  });

  it.each([...inSource].sort())("%s is in the table", (expression) => {
    expect(inTable).toContain(expression);
  });

  it("lists no expression the source does not hold", () => {
    expect([...inTable].filter((expression) => !inSource.has(expression))).toEqual([]);
  });
});
