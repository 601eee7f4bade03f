import { execFileSync } from "node:child_process";
import { join } from "node:path";

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
    expect(output).toContain("url: 'https://api.acme.test/repos/acme/rockets/issues?state=open&per_page=2'");
    expect(output).toContain("body: { title: 'Fins wobble' }");
    expect(output).toContain("url: 'https://api.acme.test/repos/acme/rockets/labels/good%20first%20issue'");
    expect(output).toContain(
      'EndpointError ERR_MISSING_PARAMETER: Missing parameter "repo" for url "/repos/{owner}/{repo}"',
    );
  });
});
