// npm run size: the browser bundle of `import { endpoint }` and of `import { parseTemplate }` from
// service-endpoint (dist/index.mjs, with whatever runtime dependency it imports), built the way an
// app's bundler would (esbuild with bench/bundle-options.json: bundle, minify, ESM, platform
// browser), then gzip -9, in bytes, against the absolute targets of issue 12. @octokit/endpoint,
// url-template and deepmerge are bundled the same way as references. Prints the figures and the
// targets (met or not, computed here from the measured bytes), and writes them into the marked
// "size" section of docs/design/performance.md (`--no-write` to only print).
import { tokenizer } from "acorn";
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
  const text = result.outputFiles[0].text;
  const withoutProse = withoutMessageText(text);
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0]?.inputs ?? {})
    .map(([path, { bytesInOutput }]) => ({ path: path.replace(/^.*node_modules\//, ""), bytesInOutput }))
    .filter(({ bytesInOutput }) => bytesInOutput > 0)
    .sort((a, b) => b.bytesInOutput - a.bytesInOutput);
  return {
    minified: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    inputs,
    // the same bundle with its message text emptied: what the code weighs, without what it says
    messageText: text.length - withoutProse.length,
    gzipWithoutMessageText: gzipSync(withoutProse, { level: 9 }).length,
  };
}

/**
 * The minified code with the text of its messages cut out: every string literal and every literal
 * piece of a template literal that holds whitespace (an error message, a hint) becomes empty, while
 * a `${…}` inside a template stays. Words without whitespace (error codes, keys, media types,
 * header names) are kept: they are what the code compares and returns, not what it says.
 * Read with acorn's tokenizer, which tells a regular expression from a division.
 */
export function withoutMessageText(code) {
  let out = "";
  let copied = 0;
  for (const token of tokenizer(code, { ecmaVersion: "latest", sourceType: "module" })) {
    const { label } = token.type;
    if ((label !== "string" && label !== "template") || !/\s/.test(token.value ?? "")) continue;
    // A string keeps its quotes; a template piece lies between its delimiters already.
    const quotes = label === "string" ? 1 : 0;
    out += code.slice(copied, token.start + quotes);
    copied = token.end - quotes;
  }
  return out + code.slice(copied);
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
    messageTextNote(ours, parseTemplateOnly),
    "",
    "esbuild: bundle, minify, format esm, platform browser (bench/bundle-options.json); gzip with node:zlib level 9 (`npm run size`).",
    "",
    END,
  ].join("\n");
}

/**
 * What the messages weigh: the minified bytes of their text, and the gzip -9 bytes of each bundle
 * with that text emptied (withoutMessageText), against the targets.
 */
export function messageTextNote(ours, parseTemplateOnly) {
  const over = (m, target) =>
    m.gzipWithoutMessageText > target
      ? `${bytes(m.gzipWithoutMessageText - target)} over its target even with no message text`
      : `${bytes(target - m.gzipWithoutMessageText)} under its target`;
  return (
    `Message text (every string and template piece that holds whitespace) is ${bytes(ours.messageText)} of the \`endpoint\` bundle's ${bytes(ours.minified)} minified; ` +
    `with that text emptied the bundle is ${bytes(ours.gzipWithoutMessageText)} gzip -9, ${over(ours, TARGETS.endpoint)}. ` +
    `\`parseTemplate\` alone: ${bytes(parseTemplateOnly.messageText)} of message text, ${bytes(parseTemplateOnly.gzipWithoutMessageText)} gzip -9 without it, ${over(parseTemplateOnly, TARGETS.parseTemplate)}.`
  );
}

/** Replaces the marked section of docs/design/performance.md, or appends one; formatted as prettier would. */
export async function writeSizeSection(section) {
  const file = `${root}docs/design/performance.md`;
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
    `${"  both without message text".padEnd(44)} endpoint ${bytes(ours.gzipWithoutMessageText)}, parseTemplate ${bytes(parseTemplateOnly.gzipWithoutMessageText)} gzip -9`,
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
    console.log("updated docs/design/performance.md (size section)");
}
