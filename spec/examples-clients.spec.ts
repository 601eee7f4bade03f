import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { endpoint, toCurl } from "../lib/index.js";
import { itWithCurl } from "./helpers/curl.js";

// The client examples import "service-endpoint", which resolves to dist/ (`npm test` builds first).
const root = join(__dirname, "..");
const run = promisify(execFile);
const readme = readFileSync(join(root, "README.md"), "utf8");

const RECEIVED = [
  "received: POST /repos/octo/hello/issues",
  "  authorization: token secret-123",
  "  content-type: application/json; charset=utf-8",
  "  content-length: 18",
  '  body: {"title":"Hi ✓"}',
];

const CURL_COMMAND =
  "curl -q --globoff --proto =http,https --proto-redir =http,https -X 'POST' --url 'http://127.0.0.1:PORT/repos/octo/hello/issues'" +
  " -H 'accept: application/vnd.service.v3+json' -H 'user-agent: service-endpoint.js/0.1.0'" +
  " -H 'authorization: token secret-123' -H 'content-type: application/json; charset=utf-8'" +
  ` --data-binary '{"title":"Hi ✓"}'`;

const examples: [file: string, expectedOutput: string[]][] = [
  ["fetch.mjs", [...RECEIVED, "status: 201"]],
  ["node-http.mjs", [...RECEIVED, "status: 201"]],
  ["undici.mjs", [...RECEIVED, "status: 201"]],
  ["axios.mjs", [...RECEIVED, "status: 201"]],
  ["got.mjs", [...RECEIVED, "status: 201"]],
  ["curl.mjs", [...RECEIVED, CURL_COMMAND, "status: 201"]],
];

/**
 * What the README shows of an example: its imports (but the local server's), a blank line, and
 * the lines between `// #region snippet` and `// #endregion snippet`.
 */
function snippetOf(file: string): string {
  const source = readFileSync(join(root, "examples", file), "utf8");
  const imports = source
    .split("\n")
    .filter((line) => line.startsWith("import ") && !line.includes("./local-server.mjs"));
  const match = /\/\/ #region snippet\n([\s\S]*?)\/\/ #endregion snippet\n/.exec(source);
  if (match?.[1] === undefined) throw new Error(`examples/${file} has no snippet region`);
  return `${imports.join("\n")}\n\n${match[1]}`;
}

beforeAll(() => {
  if (!existsSync(join(root, "dist", "index.mjs")))
    throw new Error("dist/ is missing: run `npm run build` first");
});

describe.each(examples)("examples/%s", (file, expectedOutput) => {
  const itRuns = file === "curl.mjs" ? itWithCurl : it;
  itRuns("sends the request the README shows, and the local server receives it", async () => {
    const { stdout } = await run(process.execPath, [join(root, "examples", file)], {
      cwd: root,
      timeout: 20_000,
    });
    expect(stdout.trimEnd().split("\n")).toEqual(expectedOutput);
  });

  it("is the snippet in the README's “Sending the request”", () => {
    const section = readme.slice(readme.indexOf("## Sending the request"));
    expect(section).toContain("```js\n" + snippetOf(file) + "```");
  });
});

it("the README's “Sending the request” shows what every example's server received", () => {
  const section = readme.slice(readme.indexOf("## Sending the request"));
  expect(section).toContain("```text\n" + RECEIVED.join("\n") + "\n```");
});

it("the README's curl command is what toCurl() builds with the default baseUrl", () => {
  const api = endpoint.defaults({ headers: { authorization: "token secret-123" } });
  const command = toCurl(
    api("POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "Hi ✓" }),
  );
  expect(readme).toContain("```sh\n" + command + "\n```");
});
