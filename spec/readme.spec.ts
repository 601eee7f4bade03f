import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { VERSION } from "../lib/index.js";

const root = join(__dirname, "..");

describe("README", () => {
  it("and every page of docs/: each js/ts block runs as written and prints the output shown; the user docs keep their rules", () => {
    // scripts/readme-examples.mjs runs every snippet (those that send, against a local server),
    // type-checks the ts ones, and applies scripts/doc-rules.mjs: it exits 1 on any problem.
    const output = execFileSync(process.execPath, ["scripts/readme-examples.mjs", "--check"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(output).toMatch(
      /^\d+ snippets run as written and print what they show \(\d+ marked not run\); user docs: \d+ bytes, rules kept\n$/,
    );
  });

  it("runs the demo of its first command: request options for a few routes and a clear error", () => {
    const output = execFileSync(process.execPath, ["examples/demo.mjs"], { cwd: root, encoding: "utf8" });
    const headers = [
      "    accept: 'application/vnd.service.v3+json',",
      `    'user-agent': 'service-endpoint.js/${VERSION}',`,
    ];
    expect(output).toBe(
      [
        "{",
        "  method: 'get',",
        "  url: 'https://api.acme.test/repos/acme/rockets/issues?state=open&per_page=2',",
        "  headers: {",
        ...headers,
        "    authorization: 'token 0123456789abcdef'",
        "  }",
        "}",
        "{",
        "  method: 'post',",
        "  url: 'https://api.acme.test/repos/acme/rockets/issues',",
        "  headers: {",
        ...headers,
        "    authorization: 'token 0123456789abcdef',",
        "    'content-type': 'application/json; charset=utf-8'",
        "  },",
        "  body: { title: 'Fins wobble' }",
        "}",
        "{",
        "  method: 'delete',",
        "  url: 'https://api.acme.test/repos/acme/rockets/labels/good%20first%20issue',",
        "  headers: {",
        ...headers,
        "    authorization: 'token 0123456789abcdef'",
        "  }",
        "}",
        'EndpointError ERR_MISSING_PARAMETER: Missing parameter "repo" for url "/repos/{owner}/{repo}": ' +
          "a path placeholder needs a value (write {/repo} for an optional segment)",
        "",
      ].join("\n"),
    );
  });
});
