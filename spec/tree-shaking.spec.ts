import { build } from "esbuild";
import { join } from "node:path";

// A browser bundle of one export of the built package, as an app's bundler would make it
// (esbuild, the same settings as `npm run size`). The strings below each come from one part of
// the library, so their presence shows which parts the bundle kept.
const root = join(__dirname, "..");

async function bundle(exported: string): Promise<string> {
  const result = await build({
    stdin: { contents: `export { ${exported} } from "service-endpoint";`, resolveDir: root, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

const BUILDER = "application/vnd.service.v3+json"; // the library defaults of EndpointBuilder
const TEMPLATE_ENGINE = "unclosed expression"; // the RFC 6570 tokenizer's messages
const ADAPTERS = "referrerPolicy"; // toFetch's list of fetch fields
const DEEPMERGE = "first argument should be an array"; // deepmerge.all's message

describe("tree-shaking of the built package", () => {
  it("keeps every part for endpoint (the control: the markers are in the bundle)", async () => {
    const code = await bundle("endpoint");
    expect(code).toContain(BUILDER);
    expect(code).toContain(TEMPLATE_ENGINE);
    expect(code).toContain(DEEPMERGE);
    expect(code).not.toContain(ADAPTERS);
  });

  it("parseTemplate alone leaves the builder and the adapters out", async () => {
    const code = await bundle("parseTemplate");
    expect(code).toContain(TEMPLATE_ENGINE);
    expect(code).not.toContain(BUILDER);
    expect(code).not.toContain(ADAPTERS);
    expect(code).not.toContain(DEEPMERGE);
  });

  it.each(["EndpointError", "VERSION"])("%s alone leaves the engine and the builder out", async (name) => {
    const code = await bundle(name);
    expect(code).not.toContain(TEMPLATE_ENGINE);
    expect(code).not.toContain(BUILDER);
    expect(code).not.toContain(ADAPTERS);
    expect(code).not.toContain(DEEPMERGE);
    // What is left is the error class, or the version string, and nothing of the rest.
    expect(code.length).toBeLessThan(500);
  });

  it("toFetch alone leaves the builder out", async () => {
    const code = await bundle("toFetch");
    expect(code).toContain(ADAPTERS);
    expect(code).not.toContain(BUILDER);
    expect(code).not.toContain(TEMPLATE_ENGINE);
    expect(code).not.toContain(DEEPMERGE);
  });
});
