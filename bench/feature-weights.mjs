// npm run size:features: what each feature weighs in the browser bundle of `import { endpoint }`
// (the bundle of `npm run size`: esbuild with bench/bundle-options.json, then gzip -9). For each
// feature, the top-level functions and constants that make it are deleted from the minified
// bundle and what is left is gzipped: the difference is the feature's weight. Call sites stay, so
// a weight is a little under what removing the feature would save; weights overlap with the
// message text (docs/design/19-option-bytes.md). The bundle is only measured, never run.
import { parse } from "acorn";
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { TARGETS, withoutMessageText } from "./size.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const BUNDLE_OPTIONS = JSON.parse(readFileSync(new URL("./bundle-options.json", import.meta.url), "utf8"));

/**
 * Each feature: the source modules it owns whole, and the top-level names it owns in other
 * modules. A name or module that is no longer in the bundle stops the run, so a rename cannot
 * silently weigh a feature at 0 B.
 */
const FEATURES = [
  ["media types (`mediaType.format`, `previews`, the accept header)", ["media-type"], []],
  [
    "dot-segment refusal (security.md item 1)",
    [],
    ["assertNoDotSegment", "writerOf", "findDotSegment", "mayMakeDotSegment"],
  ],
  [
    "`baseUrl` and absolute url validation",
    [],
    ["baseUrlFault", "absoluteUrlFault", "networkPath", "checkUrl", "validateBaseUrl", "validateAbsoluteUrl"],
  ],
  ["replacing a literal query key (issue 13)", [], ["replaceLiteralQuery", "queryKey"]],
  [
    "header name and value checks",
    [],
    ["normalizeHeaderValue", "knownName", "TCHAR", "isToken", "notAToken"],
  ],
  ["route plans (the one weighed plan cache)", ["pipeline/plan"], []],
  ["`callable()`", ["callable"], []],
  [
    "the boundary for unreadable input (Proxies, throwing getters)",
    [],
    ["rethrowFrom", "rethrowAtBoundary", "rethrowAs", "HookFailure"],
  ],
];

async function bundle(options) {
  const result = await build({
    stdin: { contents: 'export { endpoint } from "./dist/index.mjs";', resolveDir: root, loader: "js" },
    absWorkingDir: root,
    ...BUNDLE_OPTIONS,
    ...options,
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

// The measured bundle, and the same statements with their names and esbuild's "// dist/x.mjs"
// module comments (minifySyntax alone keeps the statements one for one).
const minified = await bundle({});
const readable = await bundle({ minify: false, minifySyntax: true });
const statements = parse(minified, { ecmaVersion: "latest", sourceType: "module" }).body;
const comments = [];
const named = parse(readable, { ecmaVersion: "latest", sourceType: "module", onComment: comments }).body;
if (statements.length !== named.length)
  throw new Error("the two bundles do not align statement for statement");

const modules = comments
  .filter((comment) => comment.value.startsWith(" dist/"))
  .map((comment) => ({
    start: comment.start,
    name: comment.value
      .trim()
      .slice(5)
      .replace(/\.mjs$/, ""),
  }));
const moduleAt = (position) => modules.findLast((module) => module.start < position)?.name;
const namesOf = (node) =>
  node.type === "VariableDeclaration"
    ? node.declarations.map((d) => d.id.name)
    : node.id
      ? [node.id.name]
      : [];
const parts = named.map((node) => ({ module: moduleAt(node.start), names: namesOf(node) }));

const gzip = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
/** The minified bundle without the statements `owned` picks. */
function without(owned) {
  let text = "";
  let from = 0;
  statements.forEach((node, i) => {
    if (!owned(parts[i])) return;
    text += minified.slice(from, node.start);
    from = node.end;
  });
  return text + minified.slice(from);
}
const owner = ([, wholeModules, names]) => {
  for (const module of wholeModules) {
    if (!parts.some((part) => part.module === module)) throw new Error(`no module ${module} in the bundle`);
  }
  for (const name of names) {
    if (!parts.some((part) => part.names.includes(name))) throw new Error(`no ${name} in the bundle`);
  }
  return (part) => wholeModules.includes(part.module) || part.names.some((name) => names.includes(name));
};

const total = gzip(minified);
console.log(`import { endpoint }: ${total.toLocaleString("en-US")} B gzip -9\n`);
console.log("| feature | gzip -9 |\n| --- | ---: |");
for (const feature of FEATURES) {
  console.log(`| ${feature[0]} | ${(total - gzip(without(owner(feature)))).toLocaleString("en-US")} B |`);
}
const owners = FEATURES.map(owner);
const rest = without((part) => owners.some((owned) => owned(part)));
console.log(
  `\nAll of them removed: ${gzip(rest).toLocaleString("en-US")} B; with the message text emptied too: ` +
    `${gzip(withoutMessageText(rest)).toLocaleString("en-US")} B ` +
    `(the bundle's target: at most ${TARGETS.endpoint.toLocaleString("en-US")} B, aim ${TARGETS.endpointAim.toLocaleString("en-US")} B).`,
);
