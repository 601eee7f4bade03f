import { execFile, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { constants } from "node:buffer";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VERSION } from "../lib/index.js";
import { HELP } from "../cli/help.js";
import { itWithCurl } from "./helpers/curl.js";
import { startRecordingServer } from "./helpers/recording-server.js";
import { BIN, FIXTURES, memoizedRunner, runCli } from "./helpers/cli.js";
import type { Result } from "./helpers/cli.js";
import type { RecordingServer } from "./helpers/recording-server.js";

const USER_AGENT = `service-endpoint.js/${VERSION}`;
const DEFAULT_HEADERS = `-H 'accept: application/vnd.service.v3+json' -H 'user-agent: ${USER_AGENT}'`;

const runOnce = memoizedRunner();

// Each test starts child processes, on a machine that may be busy.
jest.setTimeout(30_000);

/** Runs the built bin (once per command line); its standard input is a pipe left open that nobody writes. */
function run(...args: string[]): Promise<Result> {
  return runOnce(args);
}

/** A table whose command lines all start in `beforeAll`, side by side, rather than one by one. */
function prefetched<Row extends readonly [readonly string[], ...unknown[]]>(rows: Row[]): Row[] {
  beforeAll(() => {
    for (const [args] of rows) void run(...args);
  });
  return rows;
}

/** Runs the built bin with `input` on its standard input (a pipe, not a terminal), then closed. */
function runWithInput(input: string, ...args: string[]): Promise<Result> {
  return runCli(args, { input });
}

beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first (npm test does)`);
});

const GET_HEADERS = { accept: "application/vnd.service.v3+json", "user-agent": USER_AGENT };
const JSON_HEADERS = { ...GET_HEADERS, "content-type": "application/json; charset=utf-8" };

/** A successful run: exit status 0, nothing on stderr, exactly these request options as indented JSON. */
function printed(requestOptions: object): Result {
  return { status: 0, stderr: "", stdout: `${JSON.stringify(requestOptions, null, 2)}\n` };
}

/** What a refused (ambiguous or unreadable) command line gives: exit status 2, one line of stderr. */
function usageError(message: string): Result {
  return { status: 2, stdout: "", stderr: `service-endpoint: ${message} (see service-endpoint --help)\n` };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe("service-endpoint (the built bin)", () => {
  it("is executable, with a node shebang", async () => {
    expect(statSync(BIN).mode & 0o111).not.toBe(0);
    const result = spawnSync(BIN, ["--version"], { encoding: "utf8" });
    expect(result.stdout).toBe(`${VERSION}\n`);
  });

  it("takes any query name the library writes: per-page, q[], filter[state] (review 2026-11-26: refused as no varname)", async () => {
    expect(await run("GET /x", "per-page==1", "q[]==a b", "filter[state]==open")).toEqual(
      printed({
        method: "get",
        url: "https://api.service.example/x?per-page=1&q%5B%5D=a%20b&filter%5Bstate%5D=open",
        headers: GET_HEADERS,
      }),
    );
    expect((await run("POST /x", "per-page==1", "title=t")).stdout).toContain(
      '"url": "https://api.service.example/x?per-page=1"',
    );
  });

  it("takes a pct-encoded name==value name (an RFC 6570 varname, §2.3) and sends it as it is", async () => {
    expect(await run("GET /x", "a%2F.b_1==1 2")).toEqual(
      printed({ method: "get", url: "https://api.service.example/x?a%2F.b_1=1%202", headers: GET_HEADERS }),
    );
  });

  it("prints the request options as indented JSON", async () => {
    const result = await run(
      "GET /repos/{owner}/{repo}/issues{?state}",
      "owner=octo",
      "repo=hello",
      "state=open",
      "per_page:=2",
    );
    expect(result).toStrictEqual({
      status: 0,
      stderr: "",
      stdout: `{
  "method": "get",
  "url": "https://api.service.example/repos/octo/hello/issues?state=open&per_page=2",
  "headers": {
    "accept": "application/vnd.service.v3+json",
    "user-agent": "${USER_AGENT}"
  }
}
`,
    });
  });

  it("sends string and JSON parameters of a POST as the body, headers as headers, with --base-url", async () => {
    const result = await run(
      "--base-url",
      "https://api.acme.test",
      "POST /repos/:owner/:repo/issues",
      "owner=acme",
      "repo=rockets",
      "title=Fins wobble",
      'labels:=["bug","ui"]',
      "draft:=false",
      "Authorization:token abc",
    );
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toStrictEqual({
      method: "post",
      url: "https://api.acme.test/repos/acme/rockets/issues",
      headers: {
        accept: "application/vnd.service.v3+json",
        "user-agent": USER_AGENT,
        authorization: "token abc",
        "content-type": "application/json; charset=utf-8",
      },
      body: { title: "Fins wobble", labels: ["bug", "ui"], draft: false },
    });
  });

  it("splits an item at its first separator: := JSON, = string, : header", async () => {
    const result = await run(
      "GET /search",
      "q=a:b",
      "n:=1",
      "X-Trace:a=b",
      "--base-url=https://api.acme.test",
    );
    expect(JSON.parse(result.stdout)).toStrictEqual({
      method: "get",
      url: "https://api.acme.test/search?q=a%3Ab&n=1",
      headers: { accept: "application/vnd.service.v3+json", "user-agent": USER_AGENT, "x-trace": "a=b" },
    });
  });

  it("takes a backslash before =, :, @ or \\ in a name as that character, httpie's escape", async () => {
    // Without it, a\=b=c was the parameter "a\" with the value "b=c": a silently different query.
    const result = await run(
      "GET /search",
      "a\\=b=c",
      "x\\:y:=1",
      "foo\\==bar",
      "\\@at=1",
      "b\\\\=2",
      "p=C:\\d\\=x",
    );
    expect(JSON.parse(result.stdout).url).toBe(
      "https://api.service.example/search?a%3Db=c&x%3Ay=1&foo%3D=bar&%40at=1&b%5C=2&p=C%3A%5Cd%5C%3Dx",
    );
    expect((await run("POST /x", "a\\:b=1")).stdout).toBe(
      printed({
        method: "post",
        url: "https://api.service.example/x",
        headers: JSON_HEADERS,
        body: { "a:b": "1" },
      }).stdout,
    );
    expect((await run("GET /", "\\==x")).stdout).toContain('"url": "https://api.service.example/?%3D=x"');
  });

  it("keeps every JSON number a JavaScript number holds exactly, however it is written", async () => {
    const result = await run(
      "POST /x",
      "a:=[0.1, 1.50, -0, 1e2, 0.30000000000000004, 5e-324, 1.7976931348623157e308, -12.5E-3, 9007199254740992]",
      'b:={"1e999":"12345678901234567890"}',
    );
    expect(JSON.parse(result.stdout).body).toStrictEqual({
      a: [0.1, 1.5, 0, 100, 0.30000000000000004, 5e-324, 1.7976931348623157e308, -0.0125, 9007199254740992],
      b: { "1e999": "12345678901234567890" },
    });
    const directory = mkdtempSync(join(tmpdir(), "service-endpoint-cli-"));
    try {
      writeFileSync(join(directory, "big.json"), '{"id": 9007199254740993}');
      expect(await run("POST /x", `a:=@${join(directory, "big.json")}`)).toStrictEqual(
        usageError(
          `The number 9007199254740993 in the file ${JSON.stringify(join(directory, "big.json"))} of ${JSON.stringify(`a:=@${join(directory, "big.json")}`)} would become 9007199254740992: a JavaScript number cannot hold it exactly; write it as a string`,
        ),
      );
    } finally {
      rmSync(directory, { recursive: true });
    }
  });

  it("keeps a header value as typed, spaces included, as the library does; --curl sends it as fetch would", async () => {
    const result = await run("GET /", "X-A: padded ", "X-Blank: ");
    expect(JSON.parse(result.stdout).headers).toMatchObject({ "x-a": " padded ", "x-blank": " " });
    expect((await run("--curl", "GET /", "X-A: padded ", "X-Blank: ")).stdout).toContain(
      `${DEFAULT_HEADERS} -H 'x-a: padded' -H 'x-blank;'`,
    );
  });

  it("takes the body from data:= and keeps a parameter named like an Object.prototype key", async () => {
    const result = await run("PUT /things/{id}", "id=7", 'data:={"a":1}');
    expect(JSON.parse(result.stdout).body).toStrictEqual({ a: 1 });
    // A data item is the body: a parameter that no placeholder takes would be dropped, so it is
    // refused (an own "__proto__" item is a parameter like any other).
    expect(await run("PUT /things/{id}", "id=7", 'data:={"a":1}', "__proto__=x")).toEqual({
      status: 2,
      stdout: "",
      stderr:
        'service-endpoint: Item "__proto__" would be lost: the body is the data item; write __proto__==value for the query (see service-endpoint --help)\n',
    });
    const query = await run("GET /things", "__proto__=x");
    expect(JSON.parse(query.stdout).url).toBe("https://api.service.example/things?__proto__=x");
  });

  it("adds Name:value header items to a headers:= item", async () => {
    const result = await run("GET /", 'headers:={"X-A":"1","x-b":"json"}', "X-C:3", "X-D:4");
    expect(JSON.parse(result.stdout).headers).toStrictEqual({
      accept: "application/vnd.service.v3+json",
      "user-agent": USER_AGENT,
      "x-a": "1",
      "x-b": "json",
      "x-c": "3",
      "x-d": "4",
    });
  });

  it("takes the base url from a baseUrl= item", async () => {
    const result = await run("GET /things", "baseUrl=https://api.acme.test");
    expect(JSON.parse(result.stdout).url).toBe("https://api.acme.test/things");
  });

  it("prints the curl command line with --curl", async () => {
    const result = await run(
      "--curl",
      "POST /repos/{owner}/{repo}/issues",
      "owner=octo",
      "repo=hello",
      "title=It's a bug",
    );
    expect(result).toStrictEqual({
      status: 0,
      stderr: "",
      stdout:
        "curl -q -sS --globoff --proto =http,https --proto-redir =http,https -X 'POST' --url 'https://api.service.example/repos/octo/hello/issues'" +
        ` -H 'accept: application/vnd.service.v3+json' -H 'user-agent: ${USER_AGENT}'` +
        " -H 'content-type: application/json; charset=utf-8' --data-binary '{\"title\":\"It'\\''s a bug\"}'\n",
    });
  });

  it("takes the method and the url as two arguments, and name==value into the query of a POST", async () => {
    const result = await run("POST", "/search/{kind}", "kind=issues", "q==a&b c", "page==2", "title=x");
    expect(result).toStrictEqual({
      status: 0,
      stderr: "",
      stdout: `{
  "method": "post",
  "url": "https://api.service.example/search/issues?q=a%26b%20c&page=2",
  "headers": {
    "accept": "application/vnd.service.v3+json",
    "user-agent": "${USER_AGENT}",
    "content-type": "application/json; charset=utf-8"
  },
  "body": {
    "title": "x"
  }
}
`,
    });
  });

  it.each(
    prefetched([
      [["GET", "/users/{id}", "id=1", "q==x"], "https://api.service.example/users/1?q=x"],
      [["GET /x?a=1", "q==x y"], "https://api.service.example/x?a=1&q=x%20y"],
      [["GET /x{?a}", "q==x"], "https://api.service.example/x?q=x"],
      [["GET /x{?a}", "a=1", "q==x"], "https://api.service.example/x?a=1&q=x"],
      [["get", "https://api.acme.test/x", "q==="], "https://api.acme.test/x?q=%3D"],
    ]),
  )("puts name==value into the url's query: %j", async (args, url) => {
    expect(await run(...args)).toStrictEqual(printed({ method: "get", url, headers: GET_HEADERS }));
  });

  it("reads key=@file as a string, key:=@file.json as JSON, and key=\\@x as the text @x", async () => {
    expect(
      await run("POST", "/gists", "content=@notes.txt", "labels:=@labels.json", "at=\\@home"),
    ).toStrictEqual(
      printed({
        method: "post",
        url: "https://api.service.example/gists",
        headers: JSON_HEADERS,
        body: { content: "Fins wobble at Mach 2.\n", labels: ["bug", "ui"], at: "@home" },
      }),
    );
  });

  it("sends the text of @file as the raw body, with --content-type", async () => {
    const result = await run(
      "--content-type",
      "text/plain",
      "PUT",
      "/notes/{id}",
      "id=7",
      "@notes.txt",
      "v==2",
    );
    expect(result).toStrictEqual({
      status: 0,
      stderr: "",
      stdout: `{
  "method": "put",
  "url": "https://api.service.example/notes/7?v=2",
  "headers": {
    "accept": "application/vnd.service.v3+json",
    "user-agent": "${USER_AGENT}",
    "content-type": "text/plain"
  },
  "body": "Fins wobble at Mach 2.\\n"
}
`,
    });
  });

  it("reads the raw body from standard input when it is not a terminal, unless --ignore-stdin", async () => {
    expect(await runWithInput('{"a":1}', "--content-type=application/json", "POST /x")).toStrictEqual(
      printed({
        method: "post",
        url: "https://api.service.example/x",
        headers: { ...GET_HEADERS, "content-type": "application/json" },
        body: '{"a":1}',
      }),
    );
    expect(await runWithInput('{"a":1}', "--ignore-stdin", "POST /x", "b=2")).toStrictEqual(
      printed({
        method: "post",
        url: "https://api.service.example/x",
        headers: JSON_HEADERS,
        body: { b: "2" },
      }),
    );
    // An empty standard input (as from /dev/null) is no body.
    expect(await runWithInput("", "POST /x", "b=2")).toStrictEqual(
      printed({
        method: "post",
        url: "https://api.service.example/x",
        headers: JSON_HEADERS,
        body: { b: "2" },
      }),
    );
    // A body item: standard input is not read at all (httpie's rule), whatever it holds.
    expect(await runWithInput("text", "POST /x", "b=2")).toStrictEqual(
      printed({
        method: "post",
        url: "https://api.service.example/x",
        headers: JSON_HEADERS,
        body: { b: "2" },
      }),
    );
  });

  it("never reads standard input for a GET, and says that a GET sends no @file body", async () => {
    // A GET never takes a raw body: standard input, even one that holds text, is left unread.
    expect(await runWithInput("text", "GET /x", "a=1")).toStrictEqual(
      printed({ method: "get", url: "https://api.service.example/x?a=1", headers: GET_HEADERS }),
    );
    expect(await runWithInput("text", "/x")).toStrictEqual(
      printed({ method: "get", url: "https://api.service.example/x", headers: GET_HEADERS }),
    );
    expect(await run("HEAD /x", "@body.txt")).toStrictEqual(
      usageError("@body.txt is a body, but HEAD sends none: only POST, PUT, PATCH and DELETE send one"),
    );
    expect(await runWithInput("text", "/x", "method=put")).toStrictEqual(
      printed({ method: "put", url: "https://api.service.example/x", headers: GET_HEADERS, body: "text" }),
    );
  });

  it("prints curl -q -sS, with --fail only when asked", async () => {
    expect(await run("--curl", "GET", "/x", "q==1")).toStrictEqual({
      status: 0,
      stderr: "",
      stdout: `curl -q -sS --globoff --proto =http,https --proto-redir =http,https -X 'GET' --url 'https://api.service.example/x?q=1' ${DEFAULT_HEADERS}\n`,
    });
    expect((await run("--curl", "--fail", "GET", "/x")).stdout).toBe(
      `curl -q -sS --fail --globoff --proto =http,https --proto-redir =http,https -X 'GET' --url 'https://api.service.example/x' ${DEFAULT_HEADERS}\n`,
    );
  });

  it("prints the fetch() call as JavaScript with --fetch", async () => {
    const result = await run(
      "--fetch",
      "POST",
      "/repos/{owner}/{repo}/issues",
      "owner=octo",
      "repo=hello",
      "title=Hi",
    );
    expect(result).toStrictEqual({
      status: 0,
      stderr: "",
      stdout: `await fetch("https://api.service.example/repos/octo/hello/issues", {
  method: "POST",
  headers: {
    "accept": "application/vnd.service.v3+json",
    "user-agent": "${USER_AGENT}",
    "content-type": "application/json; charset=utf-8"
  },
  body: "{\\"title\\":\\"Hi\\"}",
});
`,
    });
  });

  it("prints a body-less POST's zero-length body as a Uint8Array with --fetch", async () => {
    expect(await run("--ignore-stdin", "--fetch", "POST", "/x")).toStrictEqual({
      status: 0,
      stderr: "",
      stdout: `await fetch("https://api.service.example/x", {
  method: "POST",
  headers: {
    "accept": "application/vnd.service.v3+json",
    "user-agent": "${USER_AGENT}"
  },
  body: new Uint8Array([]),
});
`,
    });
  });

  it.each([["--help"], ["-h"]])(
    "prints one screen of usage for %s, with an example of each item kind",
    async (flag) => {
      const result = await run(flag);
      expect(result).toStrictEqual({ status: 0, stderr: "", stdout: HELP });
      const lines = HELP.trimEnd().split("\n");
      expect(lines.length).toBeLessThanOrEqual(40);
      expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(100);
      // Every item kind on its own row: the form, one example, what it is.
      const rows: ReadonlyArray<readonly [string, string]> = [
        ["key=value", "id=1"],
        ["key:=json", "labels:='[\"bug\"]'"],
        ["name==value", "tag==a tag==b"],
        ["Header:value", 'Authorization:"token abc"'],
        ["key=@file", "content=@notes.txt"],
        ["key:=@file.json", "labels:=@labels.json"],
        ["@file", "@README.md"],
      ];
      for (const [form, example] of rows) {
        expect(HELP).toMatch(new RegExp(`\\n  ${escape(form)} +${escape(example)} +\\S[^\\n]*\\n`));
      }
      for (const option of [
        "--base-url URL",
        "-f, --form",
        "--content-type TYPE",
        "--curl",
        "--fail",
        "--fetch",
        "--ignore-stdin",
        "--max-body-size SIZE",
        "-v, --verbose",
        "--version",
      ]) {
        expect(HELP).toContain(`\n  ${option} `);
      }
    },
  );

  it("prints the version for --version (-v is --verbose, as in httpie)", async () => {
    expect(await run("--version")).toStrictEqual({ status: 0, stdout: `${VERSION}\n`, stderr: "" });
  });

  it("answers --help and --version whatever else the line holds, reading no file", async () => {
    // A --help added to a line that failed gave the same error again (review 2026-11-26).
    const help = await run("--help");
    for (const args of [
      ["GET", "/x", "a:=nope", "--help"],
      ["--fail", "-h"],
      ["GET /x", "@missing.txt", "-h"],
      ["--curl", "--fetch", "-h", "GET /x"],
      ["--base-url", "https://a.example", "--base-url", "https://b.example", "--help"],
    ]) {
      expect(await run(...args)).toStrictEqual(help);
    }
    expect(await run("--version", "GET")).toStrictEqual({ status: 0, stdout: `${VERSION}\n`, stderr: "" });
  });

  describe("bad usage: one line on stderr, exit status 2", () => {
    it.each(
      prefetched([
        [[], 'Missing route: expected METHOD /path or "METHOD /path", for example GET /repos/{owner}/{repo}'],
        [["--nope", "GET /"], 'Unknown option "--nope"'],
        [["GET /", "--base-url"], "Option --base-url needs a value: --base-url URL"],
        [
          ["GET /", "justaword"],
          'Invalid item "justaword": expected key=value, key:=json, name==value, Header:value or @file',
        ],
        [["GET"], 'Missing url after the method "GET": expected GET /path'],
        [["GET /", "==x"], 'Invalid item "==x": the name before "==" is empty'],
        [["GET /x", "a%2==1"], 'Invalid query item "a%2==1": a "%" in the name must start a %XX triplet'],
        [["GET /x", "%==1"], 'Invalid query item "%==1": a "%" in the name must start a %XX triplet'],
        [
          ["GET /x", "url==1"],
          'Invalid query item "url==1": "url" is an option of the library, not a query parameter',
        ],
        [["GET /x", "a%FF==1"], 'Invalid query item "a%FF==1": its %XX triplets are not UTF-8'],
        [["GET /users/{id}", "id==1"], 'Query item "id==" names a placeholder of the route: write id=value'],
        [["GET /users/:id", "id==1"], 'Query item "id==" names a placeholder of the route: write id=value'],
        [["GET /x", "q==1", "q=2"], 'Give "q" once: as name==value (query) or name=value, not both'],
        [["POST /x", "a=1", "a=2"], 'Give the parameter "a" once, not twice'],
        [["POST /x", "title=Real", "title:=null"], 'Give the parameter "title" once, not twice'],
        [["POST /x", 'data:="a"', 'data:="b"'], 'Give the parameter "data" once, not twice'],
        [["GET /x", "X-A:1", "x-a:2"], 'Give the header "x-a" once, not twice: header names ignore case'],
        [["GET /x", "X-A:1", "X-A:1"], 'Give the header "X-A" once, not twice: header names ignore case'],
        // An option given twice with two values (review 2026-11-26): the last one won.
        [
          ["--base-url", "https://a.example", "--base-url=https://b.example", "GET /x"],
          'Give --base-url once, not twice: "https://a.example" and "https://b.example"',
        ],
        [
          ["--content-type", "text/plain", "--content-type", "text/html", "POST /x", "@body.txt"],
          'Give --content-type once, not twice: "text/plain" and "text/html"',
        ],
        // A headers:= item and a Name:value item of one name: which was meant? (review 2026-11-26)
        [
          ["GET /x", 'headers:={"X-B":"json"}', "x-b:item"],
          'Give the header "x-b" once: in the headers:= item or as x-b:value, not both',
        ],
        [
          ["POST /x", "@body.txt", "title=x"],
          'Item "title" would be lost: the body is @body.txt; write title==value for the query',
        ],
        [
          ["POST /x", 'data:="z"', "a=b"],
          'Item "a" would be lost: the body is the data item; write a==value for the query',
        ],
        [["POST /x", "@body.txt", "@body.txt"], "Give one raw body, not @body.txt and @body.txt"],
        [["POST /x", "@body.txt", 'data:="y"'], "Give the body once: @body.txt or a data:= item, not both"],
        [["POST /x", "@"], 'Missing file name after "@" in "@"'],
        [["POST /x", "@missing.txt"], 'Cannot read the file "missing.txt" (ENOENT)'],
        [["POST /x", "a=@missing.txt"], 'Cannot read the file "missing.txt" (ENOENT)'],
        [["POST /x", "a:=@body.txt"], 'Invalid JSON in the file "body.txt" of "a:=@body.txt"'],
        [
          ["--content-type", "text/plain", "POST /x", "a=1"],
          "Option --content-type is for a raw body (@file or standard input)",
        ],
        [["--content-type"], "Option --content-type needs a value: --content-type TYPE"],
        [
          ["--content-type", "text/plain", "POST /x", "@body.txt", "Content-Type:text/html"],
          "Give the content-type once: --content-type or a Content-Type: header, not both",
        ],
        [
          ["--content-type", "text/plain", "POST /x", "@body.txt", 'headers:={"content-type":"a/b"}'],
          "Give the content-type once: --content-type or a content-type: header, not both",
        ],
        [["--fail", "GET /x"], "Option --fail belongs to --curl: --curl --fail"],
        [["--curl", "--fetch", "GET /x"], "Give one output format: --curl or --fetch, not both"],
        [["--curl=yes", "GET /x"], 'Unknown option "--curl=yes"'],
        // JSON.parse rounds a number a double cannot hold: a different id, or Infinity (null in a
        // body), was sent without a word (review 2026-11-26).
        [
          ["POST /x", "id:=12345678901234567890"],
          'The number 12345678901234567890 in "id:=12345678901234567890" would become 12345678901234567000: a JavaScript number cannot hold it exactly; write it as a string',
        ],
        [
          ["GET /users/{id}", "id:=9007199254740993"],
          'The number 9007199254740993 in "id:=9007199254740993" would become 9007199254740992: a JavaScript number cannot hold it exactly; write it as a string',
        ],
        [
          ["POST /x", 'a:={"n":[1e400]}'],
          'The number 1e400 in "a:={\\"n\\":[1e400]}" would become Infinity: a JavaScript number cannot hold it exactly; write it as a string',
        ],
        [
          ["POST /x", "a:=-1e-400"],
          'The number -1e-400 in "a:=-1e-400" would become 0: a JavaScript number cannot hold it exactly; write it as a string',
        ],
        [["GET /", "=value"], 'Invalid item "=value": the name before "=" is empty'],
        [["GET /", ":=1"], 'Invalid item ":=1": the name before ":=" is empty'],
        [
          ["GET /", "n:=abc"],
          'Invalid JSON in "n:=abc": write key:=json for a JSON value, key=value for a string',
        ],
        [
          ["--base-url", "https://a.test", "GET /", "baseUrl=https://b.test"],
          "Give the base url once: --base-url or a baseUrl= item, not both",
        ],
        [
          ["GET /", "headers:=[1]", "X-A:1"],
          "Item headers:= must be a JSON object to take Name:value header items too, got an array",
        ],
        // --content-type adds a header as Name:value does: the same check (review 2026-11-26).
        [
          ["--content-type", "text/plain", "POST /x", 'headers:="abc"', "@body.txt"],
          "Item headers:= must be a JSON object to take --content-type too, got a string",
        ],
        [
          ["--content-type", "text/plain", "POST /x", 'headers:=["tok"]', "@body.txt"],
          "Item headers:= must be a JSON object to take --content-type too, got an array",
        ],
        [
          ["--content-type", "text/plain", "POST /x", "headers:=5", "@body.txt"],
          "Item headers:= must be a JSON object to take --content-type too, got number 5",
        ],
        [
          ["--content-type", "text/plain", "POST /x", "headers:=null", "@body.txt"],
          "Item headers:= must be a JSON object to take --content-type too, got null",
        ],
        // A /:name in the query or fragment is no placeholder (the library's colonToTemplate stops
        // at "?" and "#"): such an item would be lost beside a body (hostile review, 2026-11-26).
        [
          ["--ignore-stdin", "POST", "/x?next=/:foo", "foo=1", 'data:={"a":1}'],
          'Item "foo" would be lost: the body is the data item; write foo==value for the query',
        ],
        [
          ["--ignore-stdin", "POST", "/x#/:foo", "foo=1", "@body.txt"],
          'Item "foo" would be lost: the body is @body.txt; write foo==value for the query',
        ],
      ]),
    )("%j", async (args, message) => {
      expect(await run(...args)).toStrictEqual(usageError(message));
    });
  });

  describe("an EndpointError: its code and message on one line of stderr, exit status 1, no stack", () => {
    it.each(
      prefetched([
        [["DELETE /repos/{owner}/{repo}", "owner=octo"], "ERR_MISSING_PARAMETER", '"repo"'],
        [["GET /search{?q"], "ERR_INVALID_TEMPLATE", '"/search{?q"'],
        [["GET /", "Bad Header:x"], "ERR_INVALID_HEADER", '"Bad Header"'],
        [["GET  /double-space"], "ERR_INVALID_ROUTE", '"GET  /double-space"'],
        [["--base-url", "ftp://files.acme.test", "GET /"], "ERR_INVALID_BASE_URL", '"ftp://files.acme.test"'],
        [["GET /", 'data:="x"'], "ERR_INVALID_OPTIONS", '"GET"'],
      ]),
    )("%j", async (args, code, quoted) => {
      const result = await run(...args);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(new RegExp(`^service-endpoint: ${code}: [^\\n]+\\n$`));
      expect(result.stderr).toContain(quoted);
    });

    it("reports a body that curl cannot carry with --curl", async () => {
      const result = await run("--curl", "POST /upload", 'data:="a\\u0000b"');
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(
        "service-endpoint: ERR_UNSUPPORTED_BODY: toCurl: a body holding a NUL character cannot be a command-line argument\n",
      );
    });
  });
});

/** Runs a command without blocking this process, so that a server in it can answer. */
function runAsync(file: string, args: readonly string[]): Promise<Result> {
  return new Promise((resolve) => {
    execFile(file, args, { encoding: "utf8" }, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof error.code === "number" ? error.code : null;
      resolve({ status, stdout, stderr });
    });
  });
}

// What --curl and --fetch print is run, against a real server on 127.0.0.1: the printed command
// sends the request the JSON output describes.
describe("the printed commands, run", () => {
  let server: RecordingServer;
  beforeEach(async () => {
    server = await startRecordingServer();
  });
  afterEach(() => server.close());

  itWithCurl("--curl: curl sends it, quietly (-sS), the name==value query on a POST included", async () => {
    const printed = await run(
      "--curl",
      "--base-url",
      server.origin,
      "POST",
      "/search",
      "q==a&b c",
      "title=It's",
    );
    expect(printed.status).toBe(0);
    const sent = await runAsync("sh", ["-c", printed.stdout]);
    expect(sent).toStrictEqual({ status: 0, stdout: "", stderr: "" });
    expect(server.received).toHaveLength(1);
    const [request] = server.received;
    expect(request?.method).toBe("POST");
    expect(request?.pathAndQuery).toBe("/search?q=a%26b%20c");
    expect(request?.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(request?.body.toString("utf8")).toBe('{"title":"It\'s"}');
  });

  it("--fetch: the printed JavaScript sends it with fetch()", async () => {
    const printed = await run(
      "--fetch",
      "--base-url",
      server.origin,
      "PUT",
      "/notes/{id}",
      "id=7",
      "@notes.txt",
      "v==2",
    );
    expect(printed.status).toBe(0);
    const sent = await runAsync(process.execPath, ["--input-type=module", "-e", printed.stdout]);
    expect(sent).toStrictEqual({ status: 0, stdout: "", stderr: "" });
    const [request] = server.received;
    expect(request?.method).toBe("PUT");
    expect(request?.pathAndQuery).toBe("/notes/7?v=2");
    expect(request?.body.toString("utf8")).toBe("Fins wobble at Mach 2.\n");
  });
});

describe("--curl --fail, run against an HTTP error", () => {
  itWithCurl("fails only with --fail", async () => {
    const notFound = createServer((_request, response) => {
      response.writeHead(404, { connection: "close", "content-type": "text/plain" }).end("no such thing\n");
    });
    await new Promise<void>((resolve) => notFound.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(notFound.address() as AddressInfo).port}`;
    try {
      const quiet = (await run("--curl", "--base-url", origin, "GET", "/missing")).stdout;
      expect(await runAsync("sh", ["-c", quiet])).toStrictEqual({
        status: 0,
        stdout: "no such thing\n",
        stderr: "",
      });
      const failing = (await run("--curl", "--fail", "--base-url", origin, "GET", "/missing")).stdout;
      // curl's own wording of error 22 differs between its versions; its code and the status do not.
      expect(await runAsync("sh", ["-c", failing])).toStrictEqual({
        status: 22,
        stdout: "",
        stderr: expect.stringMatching(/^curl: \(22\) [^\n]*\b404\b[^\n]*\n$/),
      });
    } finally {
      notFound.closeAllConnections();
      await new Promise<void>((resolve) => notFound.close(() => resolve()));
    }
  });
});

// The console blocks of docs/cli.md and the README show real runs: replay them with a shell.
describe.each([["docs/cli.md"], ["README.md"]])("the console examples of %s", (document) => {
  const text = readFileSync(join(__dirname, "..", document), "utf8");
  const blocks = [...text.matchAll(/```console\n(\$ service-endpoint[\s\S]*?)```/g)].map(
    (match) => match[1] as string,
  );

  it("has examples", async () => {
    expect(blocks.length).toBeGreaterThan(0);
  });

  it.each(blocks.map((block) => [block.split("\n")[0] as string, block]))("%s", async (_first, block) => {
    const lines = block.split("\n");
    // `service-endpoint` is the built bin; a POSIX sh has no "-" in function names, so substitute.
    const commands = lines
      .filter((line) => line.startsWith("$ "))
      .map((line) => line.slice(2).replace(/^service-endpoint /, '"$NODE" "$BIN" '));
    const expected = lines.filter((line) => !line.startsWith("$ ")).join("\n");
    const script = ["exec 2>&1", ...commands].join("\n");
    const result = spawnSync("sh", ["-c", script], {
      encoding: "utf8",
      env: { ...process.env, NODE: process.execPath, BIN },
    });
    expect(result.stdout).toBe(expected);
  });
});

// Found by an independent review (2026-11-24).
describe("name==value goes where the library puts a query, for every method", () => {
  const url = async (...args: string[]): Promise<unknown> => {
    const result = await run(...args);
    return result.status === 0 ? JSON.parse(result.stdout).url : result.stderr;
  };

  it.each(
    prefetched([
      [["GET", "/x#frag", "q==1"], "https://api.service.example/x?q=1#frag"],
      [["GET", "/x?a=1#f", "q==1"], "https://api.service.example/x?a=1&q=1#f"],
      [["GET", "/x{#f}", "f=frag", "q==1"], "https://api.service.example/x?q=1#frag"],
      [
        ["GET", "{+next}", "next=https://api.service.example/x?page=2", "q==1"],
        "https://api.service.example/x?page=2&q=1",
      ],
      [["--ignore-stdin", "POST", "/x/{+p}", "p=a?b", "q==1"], "https://api.service.example/x/a?b&q=1"],
      [["--ignore-stdin", "POST", "/x#frag", "q==1"], "https://api.service.example/x?q=1#frag"],
      // A literal query key is replaced, as endpoint() replaces it (issue 13).
      [["--ignore-stdin", "POST", "/x?page=2", "page==3"], "https://api.service.example/x?page=3"],
      [["GET", "/x?page=2", "page==3", "t=1"], "https://api.service.example/x?page=3&t=1"],
      // A placeholder named like an Object.prototype key is a parameter like any other.
      [
        ["--ignore-stdin", "POST", "/x/{__proto__}", "__proto__=a", "q==1"],
        "https://api.service.example/x/a?q=1",
      ],
    ]),
  )("%j → %s", async (args, expected) => {
    expect(await url(...args)).toBe(expected);
  });

  it("keeps the other parameters of a POST in its body", async () => {
    expect(JSON.parse((await run("POST", "/x#frag", "q==1", "t=2")).stdout)).toMatchObject({
      url: "https://api.service.example/x?q=1#frag",
      body: { t: "2" },
    });
  });
});

describe("files and standard input must be UTF-8 text", () => {
  const directory = mkdtempSync(join(tmpdir(), "service-endpoint-cli-"));
  const latin1 = join(directory, "latin1.txt");
  const bom = join(directory, "bom.txt");
  writeFileSync(latin1, Buffer.from([0x63, 0x61, 0x66, 0xe9])); // "café" in Latin-1
  writeFileSync(bom, Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69])); // a BOM, then "hi"
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const refused = (what: string): Result => ({
    status: 2,
    stdout: "",
    stderr: `service-endpoint: ${what} is not UTF-8 text; send bytes with curl --data-binary @file instead (see service-endpoint --help)\n`,
  });

  it("refuses a raw body file or a key=@file that is not UTF-8, instead of sending U+FFFD", async () => {
    const file = `The file ${JSON.stringify(latin1)}`;
    expect(await run("--content-type", "text/plain", "POST", "/x", `@${latin1}`)).toEqual(refused(file));
    expect(await run("POST", "/x", `t=@${latin1}`)).toEqual(refused(file));
  });

  it("refuses standard input that is not UTF-8", async () => {
    const { status, stdout, stderr } = spawnSync(
      process.execPath,
      [BIN, "--content-type", "text/plain", "POST", "/x"],
      { input: Buffer.from([0x63, 0x61, 0x66, 0xe9]), encoding: "utf8" },
    );
    expect({ status, stdout, stderr }).toEqual(refused("Standard input"));
  });

  it("keeps a byte order mark as the text it is", async () => {
    expect(JSON.parse((await run("--content-type", "text/plain", "POST", "/x", `@${bom}`)).stdout).body).toBe(
      "\ufeffhi",
    );
  });
});

// Found by a hostile review (2026-11-26).
describe("standard input is read whole, or refused", () => {
  const shell = (script: string): Result => {
    const { status, stdout, stderr } = spawnSync("sh", ["-c", script], {
      encoding: "utf8",
      cwd: FIXTURES,
      env: { ...process.env, NODE: process.execPath, BIN },
    });
    return { status, stdout, stderr };
  };

  it("waits for a body that its writer sends late", async () => {
    expect(
      shell(
        `(sleep 0.5; printf '{"title":"late"}') | "$NODE" "$BIN" --content-type application/json POST /issues`,
      ),
    ).toStrictEqual(
      printed({
        method: "post",
        url: "https://api.service.example/issues",
        headers: { ...GET_HEADERS, "content-type": "application/json" },
        body: '{"title":"late"}',
      }),
    );
  });

  it("reads a large body written in pieces", async () => {
    const result = shell(
      `(for i in 1 2 3 4; do head -c 50000 /dev/zero | tr '\\0' a; sleep 0.1; done) | "$NODE" "$BIN" --content-type text/plain POST /x`,
    );
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).body).toBe("a".repeat(200_000));
  });

  it("refuses standard input it cannot read (a directory), exit status 2", async () => {
    expect(shell(`"$NODE" "$BIN" POST /x < .`)).toStrictEqual({
      status: 2,
      stdout: "",
      stderr: "service-endpoint: Cannot read standard input (EISDIR) (see service-endpoint --help)\n",
    });
  });
});

// Found by a hostile review (2026-11-26): a /:name in the query or fragment is no placeholder
// for the library (colonToTemplate stops at "?" and "#"), so none for the command either.
describe("placeholders are the ones the library finds", () => {
  it("keeps a body parameter out of the query when the url's query holds /:name", async () => {
    expect(await run("--ignore-stdin", "POST", "/x?next=/:foo", "foo=1", "bar==2")).toStrictEqual(
      printed({
        method: "post",
        url: "https://api.service.example/x?next=/:foo&bar=2",
        headers: JSON_HEADERS,
        body: { foo: "1" },
      }),
    );
  });

  it("takes name==value for a name that is /:name only in the url's query", async () => {
    expect(await run("--ignore-stdin", "POST", "/x?next=/:foo", "foo==1")).toStrictEqual(
      printed({
        method: "post",
        url: "https://api.service.example/x?next=/:foo&foo=1",
        headers: GET_HEADERS,
      }),
    );
  });

  it("still finds /:name in the path", async () => {
    expect((await run("--ignore-stdin", "POST", "/x/:foo", "foo=1", "@body.txt")).stdout).toContain(
      '"url": "https://api.service.example/x/1"',
    );
  });
});

// Found by a hostile review (2026-11-26): one line or none, never a stack trace or a wrong reason.
describe("output to a closed pipe, and a file too large for a string", () => {
  const directory = mkdtempSync(join(tmpdir(), "service-endpoint-cli-"));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("ends quietly, with its own status, when the reader of its output stops early (EPIPE)", async () => {
    const big = join(directory, "big.txt");
    writeFileSync(big, "a".repeat(1_000_000)); // far more than a pipe holds
    const result = spawnSync(
      "sh",
      ["-c", `{ "$NODE" "$BIN" --ignore-stdin POST /x "a=@$BIG" 2>"$ERR"; echo $? >"$RC"; } | head -c 10`],
      {
        encoding: "utf8",
        env: {
          ...process.env,
          NODE: process.execPath,
          BIN,
          BIG: big,
          ERR: join(directory, "err"),
          RC: join(directory, "rc"),
        },
      },
    );
    expect(result.stdout).toBe('{\n  "metho');
    expect(readFileSync(join(directory, "err"), "utf8")).toBe("");
    expect(readFileSync(join(directory, "rc"), "utf8")).toBe("0\n");
  });

  it("refuses a file larger than --max-body-size unread, and a limit larger than a string holds", async () => {
    const huge = join(directory, "huge.txt");
    writeFileSync(huge, "");
    truncateSync(huge, constants.MAX_STRING_LENGTH + 1); // sparse: nothing to read, but its size
    expect(await run("--ignore-stdin", "POST", "/x", `a=@${huge}`)).toStrictEqual(
      usageError(
        `The file ${JSON.stringify(huge)} is larger than --max-body-size allows (64 MiB for files and standard input together); give a larger --max-body-size`,
      ),
    );
    expect(await run("--max-body-size", "1G", "POST", "/x", `a=@${huge}`)).toStrictEqual(
      usageError(
        `Invalid --max-body-size "1G": at most ${constants.MAX_STRING_LENGTH} bytes, the longest text a JavaScript string holds`,
      ),
    );
  });
});

describe("a command line of many items", () => {
  it("is read in linear time: 25,000 parameters, headers and query items each", async () => {
    // The checks for a name given twice searched the lists: 80,000 header items took a minute.
    const timed = (count: number) => {
      const items: string[] = [];
      for (let i = 0; i < count; i++) items.push(`k${i}=1`, `H${i}:1`, `q${i}==1`);
      const started = Date.now();
      const result = spawnSync(process.execPath, [BIN, "--ignore-stdin", "POST /x"].concat(items), {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
      return { result, elapsed: Date.now() - started };
    };
    const small = timed(5_000);
    const { result, elapsed } = timed(25_000);
    expect(result.status).toBe(0);
    const printedRequest = JSON.parse(result.stdout);
    expect(Object.keys(printedRequest.body)).toHaveLength(25_000);
    expect(printedRequest.headers.h24999).toBe("1");
    expect(printedRequest.url).toMatch(/&q24999=1$/);
    // Five times the items: about 2.5 times the time (start-up included); 25 times when the
    // searches were there. A ratio, so that a loaded machine slows both runs alike.
    expect(elapsed / small.elapsed).toBeLessThan(8);
  });
});
