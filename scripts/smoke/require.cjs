// Smoke test of the CommonJS build: `require("service-endpoint")` in this runtime, then the calls of
// scripts/browser-cases.mjs, compared with what the driver's Node gave for the ES module build.
// Run by scripts/smoke/run.mjs as `<runtime> scripts/smoke/require.cjs <echo server origin>`.
"use strict";
const { createReport } = require("./report.cjs");

const report = createReport();
const origin = process.argv[2];

async function main() {
  const lib = require("service-endpoint");
  report.check(
    "require() resolves service-endpoint to dist/index.cjs",
    require.resolve("service-endpoint").replace(/\\/g, "/").endsWith("/dist/index.cjs"),
    true,
  );
  report.check("VERSION is package.json's version", lib.VERSION, require("../../package.json").version);

  const reference = await (await fetch(`${origin}/reference`)).json();
  const { runCases } = await import("../browser-cases.mjs");
  const results = runCases(lib);
  report.check(
    "the same calls as Node's",
    results.map(([title]) => title),
    reference.cases.map(([title]) => title),
  );
  for (const [index, [title, outcome]] of reference.cases.entries()) {
    report.check(`CommonJS: ${title}`, results[index], [title, outcome]);
  }
}

main()
  .catch((error) =>
    report.check("require.cjs ran to the end", String((error && error.stack) || error), "no error"),
  )
  .finally(() => report.done());
