// npm run size: the browser bundle of `import { endpoint }` and of `import { parseTemplate }` from
// service-endpoint (dist/index.mjs, with whatever runtime dependency it imports), built the way an
// app's bundler would (esbuild with bench/bundle-options.json: bundle, minify, ESM, platform
// browser), then gzip -9, in bytes, against the absolute targets of issue 37. @octokit/endpoint,
// url-template and deepmerge are bundled the same way as references. Prints the figures and the
// targets (met or not, computed here from the measured bytes), and writes them into the marked
// "size" section of docs/design/performance.md (`--no-write` to only print). Prints the line budget of
// lib/ too (issue 37: runtime lines, the largest file, and lib/match/ beside them).
import { tokenizer } from "acorn";
import { build } from "esbuild";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
/** esbuild's options for every bundle measured here; spec/tree-shaking.spec.ts bundles with them too. */
const BUNDLE_OPTIONS = JSON.parse(readFileSync(new URL("./bundle-options.json", import.meta.url), "utf8"));

/**
 * The size targets of issue 37, in bytes of the minified bundle after gzip -9 (they replace
 * issue 12's 8,000 B, withdrawn as out of reach with the checks issues 11 and 13 require).
 */
export const TARGETS = {
  /** `import { endpoint }`: at most this many bytes... */
  endpoint: 12000,
  /** ...and this is what issue 37 aims for. */
  endpointAim: 11000,
  /** `import { parseTemplate }` alone: at most this many bytes... */
  parseTemplate: 3100,
  /** ...aiming for this. */
  parseTemplateAim: 2800,
};

/**
 * The line budget of issue 37: lib/'s runtime code, comments included, as prettier lays it out.
 * The type-only files are outside it (they hold no runtime code); so is lib/match/, the matcher of
 * requests back to routes, whose lines are reported beside the budget.
 */
export const LINE_BUDGET = { total: 4500, aim: 4000, largestFile: 400 };

/** The files of lib/ that hold types only (no statement survives compilation): not in the budget. */
export const TYPE_ONLY_FILES = [
  "lib/openapi-types.ts",
  "lib/route-types.ts",
  "lib/pipeline/types.ts",
  "lib/types.ts",
  "lib/uri-template/types.ts",
];

/** Reported beside the budget, not in it. */
const OUTSIDE_THE_BUDGET = "lib/match/";

/** The number of lines of a text file: its newlines, plus a last line without one. */
export function countLines(text) {
  if (text === "") return 0;
  const newlines = text.split("\n").length - 1;
  return text.endsWith("\n") ? newlines : newlines + 1;
}

/** Every .ts file under `dir` (relative to the root, with "/"), sorted. */
function tsFiles(dir) {
  if (!existsSync(`${root}${dir}`)) return [];
  return readdirSync(`${root}${dir}`, { recursive: true })
    .map((file) => `${dir}/${String(file).replace(/\\/g, "/")}`)
    .filter((file) => file.endsWith(".ts"))
    .sort();
}

/**
 * The lines of lib/: `budget`, the runtime files (every .ts but TYPE_ONLY_FILES and lib/match/)
 * with their total and largest file; `match`, lib/match/ alike; `unlisted`, files outside
 * TYPE_ONLY_FILES that compile to nothing (types only: the list should name them).
 */
export async function measureLines() {
  const files = tsFiles("lib").map((path) => ({
    path,
    lines: countLines(readFileSync(`${root}${path}`, "utf8")),
  }));
  const group = (list) => ({
    files: list,
    total: list.reduce((sum, file) => sum + file.lines, 0),
    largest: list.reduce(
      (max, file) => (max === undefined || file.lines > max.lines ? file : max),
      undefined,
    ),
  });
  const inMatch = (file) => file.path.startsWith(OUTSIDE_THE_BUDGET);
  const budget = group(files.filter((file) => !inMatch(file) && !TYPE_ONLY_FILES.includes(file.path)));
  return {
    budget,
    match: group(files.filter(inMatch)),
    typeOnly: files.filter((file) => TYPE_ONLY_FILES.includes(file.path)),
    unlisted: await typeOnlyAmong(budget.files.map((file) => file.path)),
  };
}

/** The files among `paths` whose compiled JavaScript is empty: they hold types only. */
async function typeOnlyAmong(paths) {
  let ts;
  try {
    ts = (await import("typescript")).default;
  } catch {
    return [];
  }
  return paths.filter((path) => {
    const { outputText } = ts.transpileModule(readFileSync(`${root}${path}`, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, removeComments: true },
    });
    return outputText.replace(/export \{\};?/g, "").trim() === "";
  });
}

const count = (n) => n.toLocaleString("en-US");

/** The console lines of the line budget, each target with met / NOT MET. */
export function lineBudgetLines({ budget, match, typeOnly, unlisted }) {
  const status = (met) => (met ? "met" : "NOT MET");
  const over = budget.files.filter((file) => file.lines > LINE_BUDGET.largestFile);
  const lines = [
    `lib/ runtime code: ${count(budget.total)} lines in ${budget.files.length} files (≤ ${count(LINE_BUDGET.total)}, aim ${count(LINE_BUDGET.aim)}): ${status(budget.total <= LINE_BUDGET.total)}${budget.total <= LINE_BUDGET.aim ? ", aim met" : ""}`,
    `largest file: ${budget.largest?.path ?? "none"} ${count(budget.largest?.lines ?? 0)} lines (≤ ${LINE_BUDGET.largestFile}): ${status((budget.largest?.lines ?? 0) <= LINE_BUDGET.largestFile)}`,
    ...(over.length > 1
      ? [
          `  over ${LINE_BUDGET.largestFile}: ${over.map((file) => `${file.path} ${count(file.lines)}`).join(", ")}`,
        ]
      : []),
    match.files.length === 0
      ? `${OUTSIDE_THE_BUDGET} (not in the budget): no files yet`
      : `${OUTSIDE_THE_BUDGET} (not in the budget): ${count(match.total)} lines in ${match.files.length} ${match.files.length === 1 ? "file" : "files"}, largest ${match.largest.path} ${count(match.largest.lines)}`,
    `not counted, types only: ${typeOnly.map((file) => `${file.path} ${count(file.lines)}`).join(", ")}`,
  ];
  for (const path of unlisted) {
    lines.push(`note: ${path} compiles to nothing (types only); add it to TYPE_ONLY_FILES in bench/size.mjs`);
  }
  return lines;
}

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
  const routeMatcherOnly = await measureModule(`export { routeMatcher } from "service-endpoint";\n`);
  const octokit = await measure("@octokit/endpoint");
  const urlTemplate = await measureModule(`export { parseTemplate } from "url-template";\n`);
  const deepmerge = await measureModule(`import deepmerge from "deepmerge";\nexport { deepmerge };\n`);
  // While lib/ still imports deepmerge at run time, the same bundle with deepmerge left out
  // (marked external) shows what our own code weighs; once it is gone the two are the same bundle.
  const withDeepmerge = contains(ours, "deepmerge");
  const oursWithoutDeepmerge = withDeepmerge ? await measure("service-endpoint", ["deepmerge"]) : ours;
  return {
    ours,
    withDeepmerge,
    oursWithoutDeepmerge,
    parseTemplateOnly,
    routeMatcherOnly,
    octokit,
    urlTemplate,
    deepmerge,
  };
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
      goal: `≤ ${bytes(TARGETS.parseTemplate)} (aim ${bytes(TARGETS.parseTemplateAim)})`,
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
    `Ours is ${(ours.gzip / octokit.gzip).toFixed(2)}× the gzip bytes of @octokit/endpoint's \`endpoint\`, which is a reference row, not the target (issue 37 sets absolute bytes).`,
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
  const { ours, withDeepmerge, oursWithoutDeepmerge, parseTemplateOnly, routeMatcherOnly, octokit } = sizes;
  const line = (name, m) =>
    `${name.padEnd(44)} ${bytes(m.minified).padStart(9)} minified  ${bytes(m.gzip).padStart(8)} gzip -9`;
  return [
    line(`service-endpoint endpoint${withDeepmerge ? " (deepmerge included)" : ""}`, ours),
    ...(withDeepmerge ? [line("service-endpoint endpoint, deepmerge external", oursWithoutDeepmerge)] : []),
    line("service-endpoint parseTemplate alone", parseTemplateOnly),
    `${"  both without message text".padEnd(44)} endpoint ${bytes(ours.gzipWithoutMessageText)}, parseTemplate ${bytes(parseTemplateOnly.gzipWithoutMessageText)} gzip -9`,
    line("service-endpoint routeMatcher alone", routeMatcherOnly),
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
  for (const line of lineBudgetLines(await measureLines())) console.log(`lines: ${line}`);
  if (!process.argv.includes("--no-write") && (await writeSizeSection(sizeSection(sizes))))
    console.log("updated docs/design/performance.md (size section)");
}
