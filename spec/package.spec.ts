import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as source from "../lib/index.js";

const root = join(__dirname, "..");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { run } = require("./fixtures/package-cases.cjs") as { run: (lib: unknown) => Record<string, unknown> };
const expected = JSON.parse(JSON.stringify(run(source))) as Record<string, unknown>;

function runBuilt(type: "commonjs" | "module"): Record<string, unknown> {
  // A separate node process resolves "service-endpoint" through package.json "exports", as a user's would.
  const script =
    type === "module"
      ? `import * as lib from "service-endpoint"; import cases from "./spec/fixtures/package-cases.cjs"; console.log(JSON.stringify(cases.run(lib)));`
      : `const lib = require("service-endpoint"); console.log(JSON.stringify(require("./spec/fixtures/package-cases.cjs").run(lib)));`;
  const output = execFileSync(process.execPath, [`--input-type=${type}`, "-e", script], {
    cwd: root,
    encoding: "utf8",
  });
  return JSON.parse(output) as Record<string, unknown>;
}

describe("the built package", () => {
  it("has the version of package.json, in VERSION and the default user-agent", () => {
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    expect(expected.VERSION).toBe(version);
    expect((expected.DEFAULTS as { headers: Record<string, string> }).headers["user-agent"]).toBe(
      `service-endpoint.js/${version}`,
    );
  });

  it("no case crashed in the sources", () => {
    expect(JSON.stringify(expected)).not.toContain('"crash"');
    expect(expected.errorIsError).toEqual([true, true, "EndpointError"]);
  });

  it.each(["commonjs", "module"] as const)(
    "gives the same results as the sources through %s exports",
    (type) => {
      expect(runBuilt(type)).toStrictEqual(expected);
    },
  );
});
