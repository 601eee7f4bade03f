// npm run size: the browser bundle of `import { endpoint }` and of `import { parseTemplate }` from
// service-endpoint (dist/index.mjs, with whatever runtime dependency it imports), built the way an
// app's bundler would (esbuild with bench/bundle-options.json: bundle, minify, ESM, platform
// browser), then gzip -9, in bytes, against the absolute targets of issue 12. @octokit/endpoint,
// url-template and deepmerge are bundled the same way as references. Prints the figures and the
// targets (met or not, computed here from the measured bytes), and writes them into the marked
// "size" section of docs/performance.md (`--no-write` to only print).
import { build } from "esbuild";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
/** esbuild's options for every bundle measured here; spec/tree-shaking.spec.ts bundles with them too. */
const BUNDLE_OPTIONS = JSON.parse(readFileSync(new URL("./bundle-options.json", import.meta.url), "utf8"));

/** The size targets of issue 12, in bytes of the minified bundle after gzip -9. */
export const TARGETS = {
  /** `import { endpoint }`: at most this many bytes... */
  endpoint: 8000,
  /** ...and this is what issue 12 aims for. */
  endpointAim: 6500,
  /** `import { parseTemplate }` alone. */
  parseTemplate: 3000,
};

/** Bundles `import { endpoint } from <specifier>` and returns its sizes. */
export function measure(specifier, external = []) {
  return measureModule(
    `import { endpoint } from ${JSON.stringify(specifier)};\nexport { endpoint };\n`,
    external,
  );
}

/**
 * Bundles a module of imports and re-exports the same way and returns its minified and gzip -9
 * sizes in bytes, and the files that put code into it (from esbuild's metafile).
 */
async function measureModule(contents, external = []) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "js" },
    ...BUNDLE_OPTIONS,
    external,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0]?.inputs ?? {})
    .map(([path, { bytesInOutput }]) => ({ path: path.replace(/^.*node_modules\//, ""), bytesInOutput }))
    .filter(({ bytesInOutput }) => bytesInOutput > 0)
    .sort((a, b) => b.bytesInOutput - a.bytesInOutput);
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length, inputs };
}

/** Whether a bundle holds code of the package `name` (a path under node_modules/name/). */
const contains = (bundle, name) => bundle.inputs.some(({ path }) => path.startsWith(`${name}/`));

export async function measureAll() {
  // Our package resolves through its own exports map ("service-endpoint" → dist/index.mjs).
  const ours = await measure("service-endpoint");
  const parseTemplateOnly = await measureModule(`export { parseTemplate } from "service-endpoint";\n`);
  const octokit = await measure("@octokit/endpoint");
  const urlTemplate = await measureModule(`export { parseTemplate } from "url-template";\n`);
  const deepmerge = await measureModule(`import deepmerge from "deepmerge";\nexport { deepmerge };\n`);
  // While lib/ still imports deepmerge at run time, the same bundle with deepmerge left out
  // (marked external) shows what our own code weighs; once it is gone the two are the same bundle.
  const withDeepmerge = contains(ours, "deepmerge");
  const oursWithoutDeepmerge = withDeepmerge ? await measure("service-endpoint", ["deepmerge"]) : ours;
  return { ours, withDeepmerge, oursWithoutDeepmerge, parseTemplateOnly, octokit, urlTemplate, deepmerge };
}

const bytes = (n) => `${n.toLocaleString("en-US")} B`;

/** The size targets as rows { label, goal, measured, met }, each decided from the measured bytes. */
export function sizeTargets({ ours, parseTemplateOnly }) {
  return [
    {
      label: "bundle of `import { endpoint }` (gzip -9)",
      goal: `≤ ${bytes(TARGETS.endpoint)} (aim ${bytes(TARGETS.endpointAim)})`,
      measured: bytes(ours.gzip),
      met: ours.gzip <= TARGETS.endpoint,
    },
    {
      label: "bundle of `import { parseTemplate }` (gzip -9)",
      goal: `≤ ${bytes(TARGETS.parseTemplate)}`,
      measured: bytes(parseTemplateOnly.gzip),
      met: parseTemplateOnly.gzip <= TARGETS.parseTemplate,
    },
  ];
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

export function sizeSection(sizes) {
  const { ours, withDeepmerge, oursWithoutDeepmerge, parseTemplateOnly, octokit, urlTemplate, deepmerge } =
    sizes;
  const row = (name, m, extra = "") => `| ${name} | ${bytes(m.minified)} | ${bytes(m.gzip)} |${extra}`;
  const status = (met) => (met ? "met" : "**not met**");
  const [endpointTarget, templateTarget] = sizeTargets(sizes);
  return [
    START,
    "",
    "| bundle | minified | minified + gzip -9 | target (gzip -9) |",
    "| --- | ---: | ---: | --- |",
    row(
      `service-endpoint \`endpoint\`${withDeepmerge ? " (deepmerge included)" : " (no runtime dependency)"}`,
      ours,
      ` ${endpointTarget.goal}: ${status(endpointTarget.met)} |`,
    ),
    ...(withDeepmerge
      ? [
          row(
            "service-endpoint `endpoint`, deepmerge left out (external)",
            oursWithoutDeepmerge,
            " reference |",
          ),
        ]
      : []),
    row(
      "service-endpoint `parseTemplate` alone",
      parseTemplateOnly,
      ` ${templateTarget.goal}: ${status(templateTarget.met)} |`,
    ),
    row("@octokit/endpoint `endpoint`", octokit, " reference |"),
    row("url-template 3.1.1 `parseTemplate`", urlTemplate, " reference |"),
    row("deepmerge alone", deepmerge, " reference |"),
    "",
    withDeepmerge
      ? "deepmerge is still a runtime dependency of `dist/`: the row with deepmerge left out is the same bundle with deepmerge marked external, what our own code weighs."
      : "`dist/` imports no package at run time (deepmerge is a devDependency only, the oracle of a property test and the baseline of the per-call merge benchmark).",
    `Ours is ${(ours.gzip / octokit.gzip).toFixed(2)}× the gzip bytes of @octokit/endpoint's \`endpoint\`, which is a reference row, not the target (issue 12 sets absolute bytes).`,
    "",
    "esbuild: bundle, minify, format esm, platform browser (bench/bundle-options.json); gzip with node:zlib level 9 (`npm run size`).",
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

/** The console lines of the size figures and targets (`npm run size` and `npm run bench` print them). */
export function sizeLines(sizes) {
  const { ours, withDeepmerge, oursWithoutDeepmerge, parseTemplateOnly, octokit } = sizes;
  const line = (name, m) =>
    `${name.padEnd(44)} ${bytes(m.minified).padStart(9)} minified  ${bytes(m.gzip).padStart(8)} gzip -9`;
  return [
    line(`service-endpoint endpoint${withDeepmerge ? " (deepmerge included)" : ""}`, ours),
    ...(withDeepmerge ? [line("service-endpoint endpoint, deepmerge external", oursWithoutDeepmerge)] : []),
    line("service-endpoint parseTemplate alone", parseTemplateOnly),
    line("@octokit/endpoint endpoint (reference)", octokit),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = await measureAll();
  for (const line of sizeLines(sizes)) console.log(line);
  for (const t of sizeTargets(sizes))
    console.log(`target: ${t.label} ${t.goal}: ${t.measured} — ${t.met ? "met" : "NOT MET"}`);
  if (process.argv.includes("--inputs")) {
    for (const { path, bytesInOutput } of sizes.ours.inputs)
      console.log(`  ${String(bytesInOutput).padStart(7)}  ${path}`);
  }
  if (!process.argv.includes("--no-write") && (await writeSizeSection(sizeSection(sizes))))
    console.log("updated docs/performance.md (size section)");
}
