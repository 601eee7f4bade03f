import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { itWithCurl } from "./helpers/curl.js";

// The client examples import "service-endpoint", which resolves to dist/ (`npm test` builds first).
// The same clients as the docs show them (docs/recipes.md) are run by scripts/readme-examples.mjs.
const root = join(__dirname, "..");
const run = promisify(execFile);

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

beforeAll(() => {
  if (!existsSync(join(root, "dist", "index.mjs")))
    throw new Error("dist/ is missing: run `npm run build` first");
});

describe.each(examples)("examples/%s", (file, expectedOutput) => {
  const itRuns = file === "curl.mjs" ? itWithCurl : it;
  itRuns(
    "sends the request, and the local server receives it",
    async () => {
      const { stdout } = await run(process.execPath, [join(root, "examples", file)], {
        cwd: root,
        timeout: 20_000,
      });
      expect(stdout.trimEnd().split("\n")).toEqual(expectedOutput);
      // Longer than the child's own 20 s: a loaded machine can take more than jest's default 5 s.
    },
    30_000,
  );
});
