import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

// The example imports "service-endpoint", which resolves to dist/ (`npm test` builds first).
const root = join(__dirname, "..");
const run = promisify(execFile);

beforeAll(() => {
  if (!existsSync(join(root, "dist", "index.mjs")))
    throw new Error("dist/ is missing: run `npm run build` first");
});

it("examples/match-test-double.mjs answers fetch() requests by route over a local server, and labels them", async () => {
  const { stdout } = await run(process.execPath, [join(root, "examples", "match-test-double.mjs")], {
    cwd: root,
    timeout: 20_000,
  });
  expect(stdout.trimEnd().split("\n")).toEqual([
    "http.route: GET /repos/{owner}/{repo}/issues{?state,labels*}  (GET /repos/octo/hello/issues?state=open&labels=bug&labels=ui%20%E2%9C%93)",
    '  200 {"owner":"octo","repo":"hello","state":"open","labels":["bug","ui ✓"]}',
    "http.route: GET /repos/{owner}/{repo}/issues/{issue_number}  (GET /repos/octo/a%2Fb/issues/1347)",
    '  200 {"number":1347}',
    "http.route: POST /repos/{owner}/{repo}/issues  (POST /repos/octo/hello/issues)",
    '  201 {"created":"octo/hello"}',
    "http.route: (no route)  (GET /repos/octo/hello/pulls)",
    '  404 {"message":"Not Found"}',
  ]);
}, 30_000); // a child process and a server: more than jest's 5 s on a busy machine
