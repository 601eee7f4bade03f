import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as source from "../lib/index.js";

const root = join(__dirname, "..");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { run } = require("./fixtures/package-cases.cjs") as { run: (lib: unknown) => Record<string, unknown> };
const expected = JSON.parse(JSON.stringify(run(source))) as Record<string, unknown>;

const built = new Map<"commonjs" | "module", Record<string, unknown>>();

/** The cases run against the built package, once per module system. */
function runBuilt(type: "commonjs" | "module"): Record<string, unknown> {
  const cached = built.get(type);
  if (cached !== undefined) return cached;
  // A separate node process resolves "service-endpoint" through package.json "exports", as a user's would.
  const script =
    type === "module"
      ? `import * as lib from "service-endpoint"; import cases from "./spec/fixtures/package-cases.cjs"; console.log(JSON.stringify(cases.run(lib)));`
      : `const lib = require("service-endpoint"); console.log(JSON.stringify(require("./spec/fixtures/package-cases.cjs").run(lib)));`;
  const output = execFileSync(process.execPath, [`--input-type=${type}`, "-e", script], {
    cwd: root,
    encoding: "utf8",
  });
  const result = JSON.parse(output) as Record<string, unknown>;
  built.set(type, result);
  return result;
}

describe("the built package", () => {
  it.each(["commonjs", "module"] as const)(
    "has the version of package.json, in VERSION and the default user-agent, through %s exports",
    (type) => {
      // The bundles get the version injected by rollup; the sources under jest read a jest global.
      const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
      const result = runBuilt(type);
      expect(result.VERSION).toBe(version);
      expect((result.DEFAULTS as { headers: Record<string, string> }).headers["user-agent"]).toBe(
        `service-endpoint.js/${version}`,
      );
    },
  );

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
