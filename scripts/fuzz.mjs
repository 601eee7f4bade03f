// The long fuzz run of issue 4, by hand, not in CI:
//   npm run fuzz -- --runs 1000000 --seed 4242
// Generates hostile cases (spec/helpers/hostile.ts, the same arbitraries and invariants as
// spec/security.properties.spec.ts) and runs them against the built package dist/index.mjs.
// Every finding is printed with its seed, path and case; the exit code is 1 when there is one.
import { build } from "esbuild";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "100000" },
    seed: { type: "string", default: String(Date.now() % 2 ** 31) },
    "max-findings": { type: "string", default: "20" },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
const maxFindings = Number(values["max-findings"]);
if (!Number.isSafeInteger(runs) || runs < 1 || !Number.isSafeInteger(seed)) {
  console.error("usage: node scripts/fuzz.mjs [--runs N] [--seed N] [--max-findings N]");
  process.exit(2);
}

// The helper is TypeScript: bundle it (with fast-check) in memory and import it as a data: URL.
const bundled = await build({
  entryPoints: [new URL("../spec/helpers/hostile.ts", import.meta.url).pathname],
  bundle: true,
  write: false,
  format: "esm",
  platform: "node",
  logLevel: "error",
});
const source = bundled.outputFiles[0].text;
const helper = await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);
const fc = (await import("fast-check")).default;
const lib = await import(new URL("../dist/index.mjs", import.meta.url).href);

const STANDARD_METHODS = new Set([
  "get",
  "head",
  "post",
  "put",
  "patch",
  "delete",
  "options",
  "propfind",
  "m-search",
]);
const outcomes = new Map();
const findings = [];
let done = 0;
const started = performance.now();
const progressEvery = Math.max(1, Math.floor(runs / 20));

// Findings are collected, not thrown: the run goes on to the end and reports every kind it saw.
const property = fc.property(helper.hostileCase, (testCase) => {
  let label;
  try {
    label = helper.checkCase(lib, testCase);
  } catch (error) {
    label = "FINDING";
    if (findings.length < maxFindings) {
      const finding = { run: done, message: String(error?.stack ?? error), testCase: fc.stringify(testCase) };
      findings.push(finding);
      // At once too: a long run can be stopped as soon as something is found.
      console.log(
        `finding at case ${finding.run}: ${finding.message.split("\n")[0]}\ncase: ${finding.testCase}`,
      );
    }
  }
  // Generated methods are any token: count the unusual ones together.
  if (label.startsWith("ok:") && !STANDARD_METHODS.has(label.slice(3))) label = "ok:other-token";
  outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
  if (++done % progressEvery === 0) {
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(`${done} / ${runs} cases, ${seconds} s, ${findings.length} findings`);
  }
  return true;
});
fc.check(property, { seed, numRuns: runs });

const seconds = (performance.now() - started) / 1000;
console.log(`\nfuzz: ${done} cases, seed ${seed}, ${seconds.toFixed(1)} s, ${findings.length} findings`);
console.log(
  `node ${process.version}, fast-check ${fc.__version}, service-endpoint ${lib.VERSION} (dist/index.mjs)`,
);
const sorted = [...outcomes].sort((a, b) => b[1] - a[1]);
console.log("outcomes: " + sorted.map(([label, count]) => `${label} ${count}`).join(", "));
for (const finding of findings) {
  console.log(`\n--- finding at case ${finding.run}\n${finding.message}\ncase: ${finding.testCase}`);
}
process.exitCode = findings.length === 0 ? 0 : 1;
