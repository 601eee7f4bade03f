import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";

// The docs' code, as written there: every block under a `<!-- typecheck: name -->` marker in
// README.md and docs/typescript.md compiles as a strict TypeScript file (a JavaScript block too,
// pasted into a `.ts` file), and examples/openapi/query.ts prints what docs/typescript.md shows.
const root = join(__dirname, "..", "..");
const DOCS = ["README.md", join("docs", "typescript.md")];

/** `[doc, name, code]` for each marked block: the first fenced block after the marker. */
function markedBlocks(): [string, string, string][] {
  const blocks: [string, string, string][] = [];
  for (const doc of DOCS) {
    const text = readFileSync(join(root, doc), "utf8");
    for (const match of text.matchAll(
      /<!-- typecheck: ([\w-]+) -->\n(?:\n|<!--[^\n]*-->\n)*```(?:js|ts)\n([^]*?)\n```/g,
    )) {
      blocks.push([doc, match[1]!, match[2]!]);
    }
  }
  return blocks;
}

// The options `tsc --init` writes (TypeScript 5.9), without emit; "service-endpoint" is the
// library's sources. The folder's package.json makes a `.ts` file an ES module, as in an app.
const TSC_INIT_OPTIONS = {
  module: "nodenext",
  target: "esnext",
  types: [],
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  strict: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noUncheckedSideEffectImports: true,
  moduleDetection: "force",
  skipLibCheck: true,
  noEmit: true,
};

const COMPILERS = [
  ["TypeScript 5.9", join(root, "node_modules", "typescript", "bin", "tsc")],
  ["TypeScript 7", join(root, "node_modules", "typescript7", "bin", "tsc")],
] as const;

describe("the docs' marked code blocks", () => {
  const blocks = markedBlocks();

  it("include the subclass example", () => {
    expect(blocks.map(([, name]) => name)).toContain("subclass");
  });

  describe.each(COMPILERS)("under %s", (_name, compiler) => {
    it("compile as strict TypeScript files, each as written", () => {
      const directory = mkdtempSync(join(tmpdir(), "service-endpoint-snippets-"));
      try {
        const files = blocks.map(([doc, name, code]) => {
          const file = `${doc.replace(/\W/g, "-")}-${name}.ts`;
          writeFileSync(join(directory, file), code + "\n");
          return file;
        });
        writeFileSync(join(directory, "package.json"), JSON.stringify({ type: "module" }));
        const compilerOptions = {
          ...TSC_INIT_OPTIONS,
          paths: { "service-endpoint": [join(root, "lib", "index.ts")] },
        };
        writeFileSync(join(directory, "tsconfig.json"), JSON.stringify({ compilerOptions, files }));
        const result = spawnSync(process.execPath, [compiler, "--pretty", "false", "-p", directory], {
          encoding: "utf8",
        });
        expect({ status: result.status, output: result.stdout + result.stderr }).toStrictEqual({
          status: 0,
          output: "",
        });
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    });
  });
});

describe("examples/openapi/query.ts", () => {
  it("prints what docs/typescript.md shows", () => {
    // Bundled with the library's sources (as the build does), then run.
    const { outputFiles } = buildSync({
      entryPoints: [join(root, "examples", "openapi", "query.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      write: false,
      alias: { "service-endpoint": join(root, "lib", "index.ts") },
      define: { __SERVICE_ENDPOINT_VERSION__: JSON.stringify("0.0.0") },
      logLevel: "error",
    });
    const run = spawnSync(process.execPath, ["--input-type=module"], {
      input: outputFiles[0]!.text,
      encoding: "utf8",
    });
    const doc = readFileSync(join(root, "docs", "typescript.md"), "utf8");
    const shown = /<!-- output: examples\/openapi\/query\.ts -->\n\n```text\n([^]*?)```/.exec(doc)?.[1];
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(shown);
  });

  it("is the code docs/typescript.md shows", () => {
    const doc = readFileSync(join(root, "docs", "typescript.md"), "utf8");
    const shown = /<!-- example: examples\/openapi\/query\.ts -->\n\n```ts\n([^]*?)```/.exec(doc)?.[1];
    expect(shown).toBe(readFileSync(join(root, "examples", "openapi", "query.ts"), "utf8"));
  });
});
