// npm run size: the browser bundle of `import { endpoint }` from service-endpoint (dist/index.mjs,
// deepmerge included) and from @octokit/endpoint, built the same way (esbuild with
// bench/bundle-options.json: bundle, minify, ESM, platform browser), then gzip -9. Prints both
// sizes and the ratio, and writes them into the marked "size" section of docs/performance.md.
import { build } from "esbuild";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
/** esbuild's options for every bundle measured here; spec/tree-shaking.spec.ts bundles with them too. */
const BUNDLE_OPTIONS = JSON.parse(readFileSync(new URL("./bundle-options.json", import.meta.url), "utf8"));
/** The size target: the gzip bundle at most this many times @octokit/endpoint's. */
export const TARGET = 1.25;

/** Bundles `import { endpoint } from <specifier>` and returns its minified and gzip -9 sizes. */
export function measure(specifier) {
  return measureModule(`import { endpoint } from ${JSON.stringify(specifier)};\nexport { endpoint };\n`);
}

/** Bundles a module of imports and re-exports, the same way, and returns its sizes. */
async function measureModule(contents) {
  const result = await build({
    stdin: {
      contents,
      resolveDir: root,
      loader: "js",
    },
    ...BUNDLE_OPTIONS,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0]?.inputs ?? {})
    .map(([path, { bytesInOutput }]) => ({ path: path.replace(/^.*node_modules\//, ""), bytesInOutput }))
    .sort((a, b) => b.bytesInOutput - a.bytesInOutput);
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length, inputs };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} kB`;

export async function measureBoth() {
  // Our package resolves through its own exports map ("service-endpoint" → dist/index.mjs).
  const ours = await measure("service-endpoint");
  const octokit = await measure("@octokit/endpoint");
  // References, not targets. deepmerge is the dependency the builder's .defaults() is built on:
  // @octokit/endpoint's own code plus deepmerge is what the same job costs before any of the
  // validation, error messages or frozen defaults service-endpoint adds.
  const octokitWithDeepmerge = await measureModule(
    `import { endpoint } from "@octokit/endpoint";\nimport deepmerge from "deepmerge";\nexport { endpoint, deepmerge };\n`,
  );
  const deepmerge = await measureModule(`import deepmerge from "deepmerge";\nexport { deepmerge };\n`);
  const parseTemplateOnly = await measureModule(`export { parseTemplate } from "service-endpoint";\n`);
  const urlTemplate = await measureModule(`export { parseTemplate } from "url-template";\n`);
  return {
    ours,
    octokit,
    ratio: ours.gzip / octokit.gzip,
    references: { octokitWithDeepmerge, deepmerge, parseTemplateOnly, urlTemplate },
  };
}

/** The markdown as `prettier --write` would leave it (tables aligned), or as it is without prettier. */
export async function prettierFormat(text, file) {
  try {
    const prettier = await import("prettier");
    const options = (await prettier.resolveConfig(file)) ?? {};
    return await prettier.format(text, { ...options, parser: "markdown" });
  } catch {
    return text;
  }
}

const START = "<!-- size:start -->";
const END = "<!-- size:end -->";

export function sizeSection({ ours, octokit, ratio, references }) {
  const { octokitWithDeepmerge, deepmerge, parseTemplateOnly, urlTemplate } = references;
  const vsOctokit = (m) => `${(m.gzip / octokit.gzip).toFixed(2)}×`;
  return [
    START,
    "",
    "| bundle of `import { endpoint }` | minified | minified + gzip -9 |",
    "| --- | ---: | ---: |",
    `| service-endpoint (deepmerge included) | ${kb(ours.minified)} | ${kb(ours.gzip)} |`,
    `| @octokit/endpoint | ${kb(octokit.minified)} | ${kb(octokit.gzip)} |`,
    `| ratio | ${(ours.minified / octokit.minified).toFixed(2)}× | **${ratio.toFixed(2)}×** (target ≤ ${TARGET}×, aim ≤ 1.0×) |`,
    "",
    "References, bundled the same way:",
    "",
    "| bundle | minified | minified + gzip -9 | gzip vs @octokit/endpoint |",
    "| --- | ---: | ---: | ---: |",
    `| deepmerge alone | ${kb(deepmerge.minified)} | ${kb(deepmerge.gzip)} | ${vsOctokit(deepmerge)} |`,
    `| @octokit/endpoint + deepmerge | ${kb(octokitWithDeepmerge.minified)} | ${kb(octokitWithDeepmerge.gzip)} | ${vsOctokit(octokitWithDeepmerge)} |`,
    `| service-endpoint \`parseTemplate\` alone | ${kb(parseTemplateOnly.minified)} | ${kb(parseTemplateOnly.gzip)} | |`,
    `| url-template 3.1.1 \`parseTemplate\` | ${kb(urlTemplate.minified)} | ${kb(urlTemplate.gzip)} | |`,
    "",
    `The target, ${TARGET}× @octokit/endpoint, is ${kb(octokit.gzip * TARGET)} gzip. @octokit/endpoint`,
    `together with deepmerge, on which \`.defaults()\` is built (docs/decisions.md §3), already weighs`,
    `${kb(octokitWithDeepmerge.gzip)} (${vsOctokit(octokitWithDeepmerge)}), before anything service-endpoint adds to the same job:`,
    "a complete RFC 6570 engine that rejects malformed templates with the offset, validation of",
    "every option with an error message quoting the input, deep-frozen defaults and the builder",
    "class. So the target is out of reach while `.defaults()` uses deepmerge and the validation",
    "stays; the figures above show by how much.",
    "",
    "esbuild: bundle, minify, format esm, platform browser; gzip with node:zlib level 9 (`npm run size`).",
    "",
    END,
  ].join("\n");
}

/** Replaces the marked section of docs/performance.md, or appends one; formatted as prettier would. */
export async function writeSizeSection(section) {
  const file = `${root}docs/performance.md`;
  if (!existsSync(file)) return false;
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const next =
    start !== -1 && end > start
      ? text.slice(0, start) + section + text.slice(end + END.length)
      : text.trimEnd() + "\n\n## Bundle size\n\n" + section + "\n";
  writeFileSync(file, await prettierFormat(next, file));
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = await measureBoth();
  const { ours, octokit, ratio } = sizes;
  console.log(
    `service-endpoint  ${kb(ours.minified).padStart(10)} minified  ${kb(ours.gzip).padStart(10)} gzip -9`,
  );
  console.log(
    `@octokit/endpoint ${kb(octokit.minified).padStart(10)} minified  ${kb(octokit.gzip).padStart(10)} gzip -9`,
  );
  console.log(
    `ratio ${ratio.toFixed(2)}× (target ≤ ${TARGET}×, aim ≤ 1.0×) ${ratio <= TARGET ? "OK" : "OVER"}`,
  );
  const { octokitWithDeepmerge } = sizes.references;
  console.log(
    `@octokit/endpoint + deepmerge ${kb(octokitWithDeepmerge.gzip)} gzip -9 = ${(octokitWithDeepmerge.gzip / octokit.gzip).toFixed(2)}× @octokit/endpoint (reference)`,
  );
  if (process.argv.includes("--inputs")) {
    for (const { path, bytesInOutput } of ours.inputs)
      console.log(`  ${String(bytesInOutput).padStart(7)}  ${path}`);
  }
  if (await writeSizeSection(sizeSection(sizes))) console.log("updated docs/performance.md (size section)");
}
