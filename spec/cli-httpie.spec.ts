// The command line as httpie users expect it: standard input, repeated name==value, host-like
// urls, -v, --form, SERVICE_ENDPOINT_BASE_URL, bounded input, escaped output, UTF-8 arguments.
// Every run is the built bin as a child process whose standard input is a pipe left open that
// nobody writes (unless a test writes it): a command that waited on it would never return.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VERSION } from "../lib/index.js";
import { BIN, memoizedRunner, runCli, runShell } from "./helpers/cli.js";
import type { Result } from "./helpers/cli.js";
import { itWithCurl } from "./helpers/curl.js";
import { startRecordingServer } from "./helpers/recording-server.js";

const USER_AGENT = `service-endpoint.js/${VERSION}`;
const GET_HEADERS = { accept: "application/vnd.service.v3+json", "user-agent": USER_AGENT };
const JSON_HEADERS = { ...GET_HEADERS, "content-type": "application/json; charset=utf-8" };
const run = memoizedRunner();

// Each test starts child processes, on a machine that may be busy.
jest.setTimeout(30_000);

function printed(requestOptions: object): Result {
  return { status: 0, stderr: "", stdout: `${JSON.stringify(requestOptions, null, 2)}\n` };
}

function usageError(message: string): Result {
  return { status: 2, stdout: "", stderr: `service-endpoint: ${message} (see service-endpoint --help)\n` };
}

/** A table whose command lines all start in `beforeAll`, side by side. */
function prefetched<Row extends readonly [readonly string[], ...unknown[]]>(rows: Row[]): Row[] {
  beforeAll(() => {
    for (const [args] of rows) void run(args);
  });
  return rows;
}

const WAITING =
  "service-endpoint: waiting for the request body on standard input; give --ignore-stdin to send none\n";

describe("standard input: read only for a raw body, after every argument was checked", () => {
  it.each(
    prefetched([
      [
        ["GET /users/{u}", "u=z"],
        printed({ method: "get", url: "https://api.service.example/users/z", headers: GET_HEADERS }),
      ],
      [["GET", "/x"], printed({ method: "get", url: "https://api.service.example/x", headers: GET_HEADERS })],
      [
        ["POST /issues", "title=Hi"],
        printed({
          method: "post",
          url: "https://api.service.example/issues",
          headers: JSON_HEADERS,
          body: { title: "Hi" },
        }),
      ],
      [
        ["DELETE /x", 'data:={"a":1}'],
        printed({
          method: "delete",
          url: "https://api.service.example/x",
          headers: JSON_HEADERS,
          body: { a: 1 },
        }),
      ],
      [
        ["--ignore-stdin", "POST /x"],
        printed({ method: "post", url: "https://api.service.example/x", headers: GET_HEADERS }),
      ],
      [
        ["--form", "POST /x"],
        printed({
          method: "post",
          url: "https://api.service.example/x",
          headers: { ...GET_HEADERS, "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
        }),
      ],
      [
        ["POST /users{u"],
        {
          status: 1,
          stdout: "",
          stderr:
            'service-endpoint: ERR_INVALID_TEMPLATE: Invalid URI template "/users{u": unclosed expression at offset 6\n',
        },
      ],
      [
        ["DELETE /repos/{owner}/{repo}", "owner=octo"],
        {
          status: 1,
          stdout: "",
          stderr:
            'service-endpoint: ERR_MISSING_PARAMETER: Missing parameter "repo" for url "/repos/{owner}/{repo}": a path placeholder needs a value (write {/repo} for an optional segment)\n',
        },
      ],
      [
        ["POST /x", "bad"],
        usageError('Invalid item "bad": expected key=value, key:=json, name==value, Header:value or @file'),
      ],
    ]),
  )("%j returns at once, its standard input open and unread", async (args, expected) => {
    expect(await run(args)).toStrictEqual(expected);
  });

  it("--curl with a path base url fails at once, before reading standard input", async () => {
    expect(await run(["--curl", "--base-url", "/api", "POST", "/x"])).toStrictEqual({
      status: 1,
      stdout: "",
      stderr: expect.stringMatching(/^service-endpoint: ERR_INVALID_URL: toCurl: [^\n]*\n$/),
    });
  });

  it("reads it for a route whose items all fill placeholders", async () => {
    expect(
      await runCli(["--content-type", "text/plain", "PUT /notes/{id}", "id=7"], { input: "text" }),
    ).toStrictEqual(
      printed({
        method: "put",
        url: "https://api.service.example/notes/7",
        headers: { ...GET_HEADERS, "content-type": "text/plain" },
        body: "text",
      }),
    );
  });

  it("says after 2 s that it waits, naming --ignore-stdin, once, then takes what comes", async () => {
    const child = spawn(process.execPath, [BIN, "POST", "/markdown/raw"], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    const started = Date.now();
    const noticed = new Promise<number>((resolve) => {
      child.stderr.setEncoding("utf8").on("data", (text: string) => {
        stderr += text;
        resolve(Date.now() - started);
      });
    });
    const elapsed = await noticed;
    expect(stderr).toBe(WAITING);
    expect(elapsed).toBeGreaterThanOrEqual(2000);
    child.stdin.end("# Hi\n");
    const status = await new Promise((resolve) => child.on("close", resolve));
    expect({ status, stdout, stderr }).toStrictEqual({
      status: 0,
      stderr: WAITING,
      stdout: printed({
        method: "post",
        url: "https://api.service.example/markdown/raw",
        headers: GET_HEADERS,
        body: "# Hi\n",
      }).stdout,
    });
  });
});

describe("name==value given again sends the name once per value, as httpie does", () => {
  it.each(
    prefetched([
      [["GET /x", "tag==a", "tag==b"], "https://api.service.example/x?tag=a&tag=b"],
      [["GET /x", "tag==a", "n==1", "tag==b c"], "https://api.service.example/x?tag=a&tag=b%20c&n=1"],
      [["GET /x?tag=z&p=1", "tag==a", "tag==b"], "https://api.service.example/x?tag=a&tag=b&p=1"],
      [["GET /x", "q%41==1", "qA==2"], "https://api.service.example/x?qA=1&qA=2"],
      [
        ["GET /x{?list}", "list:=[1,2]", "tag==a", "tag==b"],
        "https://api.service.example/x?list=1,2&tag=a&tag=b",
      ],
      [["GET /x", "list:=[1,2]", "tag==a", "tag==b"], "https://api.service.example/x?tag=a&tag=b&list=1,2"],
    ]),
  )("%j → %s", async (args, url) => {
    expect(await run(args)).toStrictEqual(printed({ method: "get", url, headers: GET_HEADERS }));
  });

  it("on a POST too, the body unchanged", async () => {
    expect(await run(["POST /search", "tag==a", "tag==b", "title=x"])).toStrictEqual(
      printed({
        method: "post",
        url: "https://api.service.example/search?tag=a&tag=b",
        headers: JSON_HEADERS,
        body: { title: "x" },
      }),
    );
  });
});

describe("a url argument that starts with a host is a full url, as in httpie", () => {
  it.each(
    prefetched([
      [["example.org/x"], "get", "http://example.org/x"],
      [["GET", "example.org/x"], "get", "http://example.org/x"],
      [["GET example.org/x{?q}", "q=1"], "get", "http://example.org/x?q=1"],
      [["localhost:3000/x"], "get", "http://localhost:3000/x"],
      [["localhost"], "get", "http://localhost"],
      [[":3000/x"], "get", "http://localhost:3000/x"],
      [["--ignore-stdin", "DELETE", ":3000/items/{id}", "id=7"], "delete", "http://localhost:3000/items/7"],
      [[":/x"], "get", "http://localhost/x"],
      [["127.0.0.1:8080/x"], "get", "http://127.0.0.1:8080/x"],
      [["[::1]:8080/x"], "get", "http://[::1]:8080/x"],
      [["api.acme.test"], "get", "http://api.acme.test"],
      [["https://example.org/x"], "get", "https://example.org/x"],
      [["/x"], "get", "https://api.service.example/x"],
      [["GET", "/example.org/x"], "get", "https://api.service.example/example.org/x"],
    ]),
  )("%j → %s %s", async (args, method, url) => {
    expect(await run([...args])).toStrictEqual(printed({ method, url, headers: GET_HEADERS }));
  });

  it("reaches the server it names: :PORT/x is localhost", async () => {
    const server = await startRecordingServer();
    try {
      const port = new URL(server.origin).port;
      const printedFetch = await run(["--fetch", `:${port}/x`, "tag==a", "tag==b"]);
      expect(printedFetch.status).toBe(0);
      const result = await runShell(`"$NODE" --input-type=module -e "$CODE"`, {
        env: { CODE: printedFetch.stdout },
        input: "",
      });
      expect(result).toStrictEqual({ status: 0, stdout: "", stderr: "" });
      expect(server.received.map((request) => request.pathAndQuery)).toEqual(["/x?tag=a&tag=b"]);
    } finally {
      await server.close();
    }
  });
});

describe("-v, --verbose: the merged options on stderr, then the result", () => {
  it("prints merge()'s object as indented JSON", async () => {
    const merged = {
      method: "POST",
      baseUrl: "https://api.service.example",
      headers: { accept: "application/vnd.service.v3+json", "user-agent": USER_AGENT },
      mediaType: { format: "", previews: [] },
      url: "/repos/{owner}/issues",
      owner: "octo",
      title: "Hi",
    };
    const expected = {
      status: 0,
      stderr: `${JSON.stringify(merged, null, 2)}\n`,
      stdout: printed({
        method: "post",
        url: "https://api.service.example/repos/octo/issues",
        headers: JSON_HEADERS,
        body: { title: "Hi" },
      }).stdout,
    };
    expect(await run(["-v", "POST /repos/{owner}/issues", "owner=octo", "title=Hi"])).toStrictEqual(expected);
    expect(await run(["--verbose", "POST /repos/{owner}/issues", "owner=octo", "title=Hi"])).toStrictEqual(
      expected,
    );
  });

  it("shows a raw body and its content-type as the call gives them", async () => {
    const result = await runCli(["-v", "--content-type", "text/plain", "PUT", "/notes/7"], { input: "hi" });
    expect(JSON.parse(result.stderr)).toStrictEqual({
      method: "PUT",
      baseUrl: "https://api.service.example",
      headers: {
        accept: "application/vnd.service.v3+json",
        "user-agent": USER_AGENT,
        "content-type": "text/plain",
      },
      mediaType: { format: "", previews: [] },
      url: "/notes/7",
      data: "hi",
    });
  });
});

describe("-f, --form: key=value items form-urlencoded", () => {
  const FORM_HEADERS = { ...GET_HEADERS, "content-type": "application/x-www-form-urlencoded; charset=utf-8" };

  it.each(
    prefetched([
      [
        ["--form", "POST /oauth/token", "grant_type=client_credentials", "scope=read write"],
        printed({
          method: "post",
          url: "https://api.service.example/oauth/token",
          headers: FORM_HEADERS,
          body: "grant_type=client_credentials&scope=read%20write",
        }),
      ],
      [
        ["-f", "PUT /users/{id}", "id=7", "name=Zoë", "n:=2"],
        printed({
          method: "put",
          url: "https://api.service.example/users/7",
          headers: FORM_HEADERS,
          body: "name=Zo%C3%AB&n=2",
        }),
      ],
      [
        ["-f", "GET /x", "a=1"],
        usageError(
          "Option --form sends a body, but GET sends none: only POST, PUT, PATCH and DELETE send one",
        ),
      ],
      [
        ["-f", "POST /x", "@body.txt"],
        usageError(
          "Option --form sends the key=value items, not a raw body: for @body.txt give --content-type application/x-www-form-urlencoded",
        ),
      ],
      [
        ["-f", "POST /x", 'data:="a=1"'],
        usageError("Option --form sends the key=value items, not a data item"),
      ],
      [
        ["-f", "POST /x", "a=1", "Content-Type:text/plain"],
        usageError("Give the content-type once: --form or a Content-Type: header, not both"),
      ],
    ]),
  )("%j", async (args, expected) => {
    expect(await run(args)).toStrictEqual(expected);
  });

  itWithCurl("--curl sends it so, to a real server", async () => {
    const server = await startRecordingServer();
    try {
      const command = await run([
        "--curl",
        "-f",
        "--base-url",
        server.origin,
        "POST /token",
        "scope=read write",
      ]);
      expect(await runShell(command.stdout, { input: "" })).toStrictEqual({
        status: 0,
        stdout: "",
        stderr: "",
      });
      const [request] = server.received;
      expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded; charset=utf-8");
      expect(request?.body.toString("utf8")).toBe("scope=read%20write");
    } finally {
      await server.close();
    }
  });
});

describe("SERVICE_ENDPOINT_BASE_URL", () => {
  const withBase = (value: string, ...args: string[]) =>
    runCli(args, { env: { ...process.env, SERVICE_ENDPOINT_BASE_URL: value } });

  it("sets the base url; --base-url and a baseUrl= item win; empty is unset", async () => {
    const [fromEnvironment, fromOption, fromItem, empty] = await Promise.all([
      withBase("https://env.acme.test", "/x"),
      withBase("https://env.acme.test", "--base-url", "https://option.acme.test", "/x"),
      withBase("https://env.acme.test", "/x", "baseUrl=https://item.acme.test"),
      withBase("", "/x"),
    ]);
    expect(fromEnvironment).toStrictEqual(
      printed({ method: "get", url: "https://env.acme.test/x", headers: GET_HEADERS }),
    );
    expect(fromOption).toStrictEqual(
      printed({ method: "get", url: "https://option.acme.test/x", headers: GET_HEADERS }),
    );
    expect(fromItem).toStrictEqual(
      printed({ method: "get", url: "https://item.acme.test/x", headers: GET_HEADERS }),
    );
    expect(empty).toStrictEqual(
      printed({ method: "get", url: "https://api.service.example/x", headers: GET_HEADERS }),
    );
  });

  it("is checked by the library like --base-url", async () => {
    expect(await withBase("ftp://files.acme.test", "/x")).toStrictEqual({
      status: 1,
      stdout: "",
      stderr: expect.stringMatching(
        /^service-endpoint: ERR_INVALID_BASE_URL: [^\n]*"ftp:\/\/files\.acme\.test"[^\n]*\n$/,
      ),
    });
  });
});

describe("files and standard input are read within --max-body-size, and no further", () => {
  const directory = mkdtempSync(join(tmpdir(), "service-endpoint-cli-"));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const tooLarge = (what: string, limit = "64 MiB") =>
    usageError(
      `${what} is larger than --max-body-size allows (${limit} for files and standard input together); give a larger --max-body-size`,
    );

  it("stops reading /dev/zero at 64 MiB", async () => {
    expect(await run(["POST /x", "a=@/dev/zero"])).toStrictEqual(tooLarge('The file "/dev/zero"'));
  });

  it("stops reading a pipe that never ends: yes | service-endpoint POST /x", async () => {
    expect(await runShell('yes | "$NODE" "$BIN" --max-body-size 1M POST /x')).toStrictEqual(
      tooLarge("Standard input", "1 MiB"),
    );
  });

  it("stops reading a FIFO whose writer never stops", async () => {
    const fifo = join(directory, "fifo");
    expect(
      await runShell(
        `mkfifo "$FIFO" && { yes >"$FIFO" 2>/dev/null & } && "$NODE" "$BIN" --max-body-size 64K POST /x "a=@$FIFO"`,
        {
          env: { FIFO: fifo },
        },
      ),
    ).toStrictEqual(tooLarge(`The file ${JSON.stringify(fifo)}`, "64 KiB"));
  });

  it("takes exactly the limit, for files and standard input together", async () => {
    // notes.txt is 23 bytes: "Fins wobble at Mach 2.\n"
    const [exact, over, together, stdinExact, stdinOver] = await Promise.all([
      run(["--max-body-size", "23", "POST /x", "a=@notes.txt"]),
      run(["--max-body-size", "22", "POST /x", "a=@notes.txt"]),
      run(["--max-body-size", "45", "POST /x", "a=@notes.txt", "b=@notes.txt"]),
      runCli(["--max-body-size=10", "--content-type", "text/plain", "POST /x"], { input: "0123456789" }),
      runCli(["--max-body-size=10", "--content-type", "text/plain", "POST /x"], { input: "0123456789A" }),
    ]);
    expect(exact.status).toBe(0);
    expect(JSON.parse(exact.stdout).body).toStrictEqual({ a: "Fins wobble at Mach 2.\n" });
    expect(over).toStrictEqual(tooLarge('The file "notes.txt"', "22 bytes"));
    expect(together).toStrictEqual(tooLarge('The file "notes.txt"', "45 bytes"));
    expect(JSON.parse(stdinExact.stdout).body).toBe("0123456789");
    expect(stdinOver).toStrictEqual(tooLarge("Standard input", "10 bytes"));
  });

  it.each(
    prefetched([
      [
        ["--max-body-size", "64M", "GET /x"],
        printed({ method: "get", url: "https://api.service.example/x", headers: GET_HEADERS }),
      ],
      [
        ["--max-body-size", "lots", "GET /x"],
        usageError('Invalid --max-body-size "lots": expected a number of bytes, or of K, M or G (64M)'),
      ],
      [
        ["--max-body-size", "1.5M", "GET /x"],
        usageError('Invalid --max-body-size "1.5M": expected a number of bytes, or of K, M or G (64M)'),
      ],
      [["--max-body-size"], usageError("Option --max-body-size needs a value: --max-body-size BYTES")],
    ]),
  )("%j", async (args, expected) => {
    expect(await run(args)).toStrictEqual(expected);
  });
});

describe("every output escapes invisible and control characters (Trojan Source)", () => {
  // U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 LEFT-TO-RIGHT ISOLATE, U+0085 (C1), DEL, U+200B ZERO WIDTH SPACE
  const hidden = "a\u202eb\u2066c\u0085d\u007fe\u200bf";
  const escaped = "a\\u202eb\\u2066c\\u0085d\\u007fe\\u200bf";

  it("JSON: as \\u escapes, the same JSON value", async () => {
    const result = await run(["POST /x", `t=${hidden}`]);
    expect(result.stdout).toBe(
      `{
  "method": "post",
  "url": "https://api.service.example/x",
  "headers": {
    "accept": "application/vnd.service.v3+json",
    "user-agent": "${USER_AGENT}",
    "content-type": "application/json; charset=utf-8"
  },
  "body": {
    "t": "${escaped}"
  }
}
`,
    );
    expect(JSON.parse(result.stdout).body).toStrictEqual({ t: hidden });
  });

  it("--fetch: as \\u escapes in the string literals, and the code sends the same bytes", async () => {
    const server = await startRecordingServer();
    try {
      const result = await run(["--fetch", "--base-url", server.origin, "POST /x", `t=${hidden}`]);
      expect(result.stdout).toBe(
        `await fetch("${server.origin}/x", {
  method: "POST",
  headers: {
    "accept": "application/vnd.service.v3+json",
    "user-agent": "${USER_AGENT}",
    "content-type": "application/json; charset=utf-8"
  },
  body: "{\\"t\\":\\"${escaped}\\"}",
});
`,
      );
      const sent = await runShell(`"$NODE" --input-type=module -e "$CODE"`, {
        env: { CODE: result.stdout },
        input: "",
      });
      expect(sent).toStrictEqual({ status: 0, stdout: "", stderr: "" });
      expect(server.received[0]?.body.toString("utf8")).toBe(JSON.stringify({ t: hidden }));
    } finally {
      await server.close();
    }
  });

  it("-v and error messages too", async () => {
    const [verbose, unknown] = await Promise.all([
      run(["-v", "POST /x", `t=${hidden}`]),
      run([`--${hidden}`]),
    ]);
    expect(verbose.stderr).toContain(`  "t": "${escaped}"\n`);
    // The message quotes the option as the library quotes, which escapes DEL itself (\u007F).
    expect(unknown).toStrictEqual(usageError(`Unknown option "--${escaped.replace("\\u007f", "\\u007F")}"`));
  });
});

describe("arguments that are not UTF-8", () => {
  it("are refused with exit status 2, naming the argument and the byte", async () => {
    // printf writes the byte E9 (Latin-1 é) as it is: the shell passes it on unchanged.
    expect(await runShell(`"$NODE" "$BIN" GET /x "$(printf 'q=caf\\351')"`)).toStrictEqual(
      usageError(
        'Argument 3 is not UTF-8 text: "q=caf\ufffd" stands for bytes that are not UTF-8, from byte 0xE9 at offset 5; give arguments in UTF-8',
      ),
    );
    expect(await runShell(`"$NODE" "$BIN" "$(printf '/\\300\\257')"`)).toStrictEqual(
      usageError(
        'Argument 1 is not UTF-8 text: "/\ufffd\ufffd" stands for bytes that are not UTF-8, from byte 0xC0 at offset 1; give arguments in UTF-8',
      ),
    );
  });

  it("but a U+FFFD typed as UTF-8 is a character like any other", async () => {
    expect(await runShell(`"$NODE" "$BIN" GET /x "$(printf 'q=caf\\357\\277\\275')"`)).toStrictEqual(
      printed({ method: "get", url: "https://api.service.example/x?q=caf%EF%BF%BD", headers: GET_HEADERS }),
    );
  });

  it("the refusal shows no secret an argument holds", async () => {
    const results = await Promise.all([
      runShell(`"$NODE" "$BIN" GET /x "$(printf 'Authorization:token s3cr\\351t')"`),
      runShell(`"$NODE" "$BIN" GET /x "$(printf 'access_token==s3cr\\351t')"`),
      runShell(`"$NODE" "$BIN" GET /x "$(printf 'headers:={"x":"s3cr\\351t"}')"`),
      runShell(`"$NODE" "$BIN" "$(printf 'https://u:s3cr\\351t@api.example/x?sig=s3cr\\351t')"`),
    ]);
    expect(results).toStrictEqual([
      usageError(
        'Argument 3 is not UTF-8 text: "Authorization:…" (the value is not shown) stands for bytes that are not UTF-8, from byte 0xE9 at offset 24; give arguments in UTF-8',
      ),
      usageError(
        'Argument 3 is not UTF-8 text: "access_token==***" stands for bytes that are not UTF-8, from byte 0xE9 at offset 18; give arguments in UTF-8',
      ),
      usageError(
        'Argument 3 is not UTF-8 text: "headers:=…" (header values are not shown) stands for bytes that are not UTF-8, from byte 0xE9 at offset 19; give arguments in UTF-8',
      ),
      usageError(
        'Argument 1 is not UTF-8 text: "https://u:***@api.example/x?sig=***" stands for bytes that are not UTF-8, from byte 0xE9 at offset 14; give arguments in UTF-8',
      ),
    ]);
  });

  it("SERVICE_ENDPOINT_BASE_URL holding U+FFFD is refused, its password not shown", async () => {
    expect(
      await runShell(`SERVICE_ENDPOINT_BASE_URL="$(printf 'https://u:pw@caf\\351.test')" "$NODE" "$BIN" /x`),
    ).toStrictEqual(
      usageError(
        'SERVICE_ENDPOINT_BASE_URL "https://u:***@caf\ufffd.test" holds U+FFFD, which stands for bytes that are not UTF-8: give it in UTF-8',
      ),
    );
  });

  it("SERVICE_ENDPOINT_BASE_URL holding U+FFFD is refused", async () => {
    expect(
      await runShell(`SERVICE_ENDPOINT_BASE_URL="$(printf 'https://caf\\351.test')" "$NODE" "$BIN" /x`),
    ).toStrictEqual(
      usageError(
        'SERVICE_ENDPOINT_BASE_URL "https://caf\ufffd.test" holds U+FFFD, which stands for bytes that are not UTF-8: give it in UTF-8',
      ),
    );
  });
});
