import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { VERSION } from "../lib/index.js";

const root = join(__dirname, "..");

describe("README", () => {
  it("shows each example's real source and the output it really prints", () => {
    const output = execFileSync(process.execPath, ["scripts/readme-examples.mjs", "--check"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(output).toMatch(/^\d+ README examples match their files and output\n$/);
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
