// npm run bench: service-endpoint (the built dist/index.mjs) against @octokit/endpoint, url-template,
// deepmerge and a hand-written object-literal baseline, in the same process, side by side.
//
// Method: every contestant is warmed up and calibrated to a batch of about BATCH_MS; then ROUNDS
// rounds run one batch of every contestant of a case, in an order that rotates each round
// (interleaved, so a slow spell of the machine hits all of them alike). We report the median
// time per call over the rounds and the ratios of medians. Writes docs/performance.md and
// docs/performance.svg. `--quick` for fewer, shorter rounds; `--no-write` to only print.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";

// The memory figure needs global.gc: re-run this script with --expose-gc when it is missing.
if (typeof globalThis.gc !== "function") {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, "--expose-gc", fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  process.exit(child.status ?? 1);
}

const { endpoint, parseTemplate, VERSION } = await import("../dist/index.mjs");
const { endpoint: octokitEndpoint } = await import("@octokit/endpoint");
const { parseTemplate: urlTemplateParse } = await import("url-template");
const { default: deepmerge } = await import("deepmerge");
const { TARGET: SIZE_TARGET, measureBoth, prettierFormat, sizeSection } = await import("./size.mjs");

const args = new Set(process.argv.slice(2));
const QUICK = args.has("--quick");
const ROUNDS = QUICK ? 7 : 21;
const BATCH_MS = QUICK ? 10 : 25;
const WARMUP_MS = QUICK ? 100 : 300;
const MEMORY_CALLS = 1_000_000;
const root = fileURLToPath(new URL("..", import.meta.url));

// ---------------------------------------------------------------------------------------------
// The workloads. Both libraries get the same baseUrl through defaults, so outputs compare.

const BASE_URL = "https://api.service.example";
const UPLOAD_URL =
  "https://uploads.service.example/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}";
const TOKEN = "token 0123456789abcdef";

/** The mix of the issue: six calls, the same for every library. */
function mixOf(ep) {
  const org = ep.defaults({ headers: { authorization: TOKEN } }).defaults({ org: "acme", per_page: 100 });
  return () => {
    let n = 0;
    n += ep("GET /repos/{owner}/{repo}/issues", {
      owner: "octo",
      repo: "hello-world",
      state: "open",
      labels: "bug",
      per_page: 30,
    }).url.length;
    n += ep("POST /repos/{owner}/{repo}/issues", {
      owner: "octo",
      repo: "hello-world",
      title: "Found a bug",
      body: "I'm having a problem with this.",
      labels: ["bug"],
    }).url.length;
    n += org("GET /orgs/{org}/repos", { type: "public" }).url.length;
    n += ep("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
      owner: "octo",
      repo: "hello-world",
      pull_number: 1347,
      mediaType: { format: "diff" },
    }).url.length;
    n += ep(`POST ${UPLOAD_URL}`, {
      owner: "octo",
      repo: "hello-world",
      release_id: 1,
      name: "example.zip",
      label: "short description",
      data: "Hello, world!",
      headers: { "content-type": "text/plain", "content-length": 13 },
    }).url.length;
    n += ep("DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}", {
      owner: "octo",
      repo: "hello-world",
      comment_id: 42,
    }).url.length;
    return n;
  };
}

// The practical limit: the same six request options written by hand as object literals.
const enc = encodeURIComponent;
const UA = `service-endpoint.js/${VERSION}`;
const ACCEPT = "application/vnd.service.v3+json";
const JSON_TYPE = "application/json; charset=utf-8";
function baselineMix() {
  const o = { owner: "octo", repo: "hello-world" };
  let n = 0;
  n += {
    method: "get",
    url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/issues?state=${enc("open")}&labels=${enc("bug")}&per_page=${30}`,
    headers: { accept: ACCEPT, "user-agent": UA },
  }.url.length;
  n += {
    method: "post",
    url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/issues`,
    headers: { accept: ACCEPT, "user-agent": UA, "content-type": JSON_TYPE },
    body: { title: "Found a bug", body: "I'm having a problem with this.", labels: ["bug"] },
  }.url.length;
  n += {
    method: "get",
    url: `${BASE_URL}/orgs/${enc("acme")}/repos?per_page=${100}&type=${enc("public")}`,
    headers: { accept: ACCEPT, "user-agent": UA, authorization: TOKEN },
  }.url.length;
  n += {
    method: "get",
    url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/pulls/${1347}`,
    headers: { accept: "application/vnd.service.v3.diff", "user-agent": UA },
  }.url.length;
  n += {
    method: "post",
    url: `https://uploads.service.example/repos/${enc(o.owner)}/${enc(o.repo)}/releases/${1}/assets?name=${enc("example.zip")}&label=${enc("short description")}`,
    headers: { accept: ACCEPT, "user-agent": UA, "content-type": "text/plain", "content-length": 13 },
    body: "Hello, world!",
  }.url.length;
  n += {
    method: "delete",
    url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/issues/comments/${42}`,
    headers: { accept: ACCEPT, "user-agent": UA },
  }.url.length;
  return n;
}

const ours = endpoint.defaults({ baseUrl: BASE_URL });
const octokit = octokitEndpoint.defaults({ baseUrl: BASE_URL });

const TEMPLATE = "/repos/{owner}/{repo}/issues{?state,labels,sort,per_page}";
const TEMPLATE_VALUES = {
  owner: "octo",
  repo: "hello-world",
  state: "open",
  labels: ["bug", "ui"],
  sort: "created",
  per_page: 30,
};

const MERGE_ROUTE = "GET /repos/{owner}/{repo}/issues";
const MERGE_OPTIONS = { owner: "octo", repo: "hello-world", state: "open", headers: { "X-Trace": "1" } };
const DEFAULTS_OPTIONS = { headers: { authorization: TOKEN }, org: "acme", per_page: 100 };
const oursMerged = ours.merge(MERGE_ROUTE, MERGE_OPTIONS);
const octokitMerged = octokit.merge(MERGE_ROUTE, MERGE_OPTIONS);
// What a general deep merge of one call over the defaults costs (the per-call merge's job).
const DEEPMERGE_OPTIONS = {
  method: "GET",
  url: "/repos/{owner}/{repo}/issues",
  ...MERGE_OPTIONS,
  headers: { "x-trace": "1" },
};
const plainDefaults = structuredClone(ours.DEFAULTS);

/**
 * Each case: its contestants, the first is service-endpoint; `calls` is how many library calls
 * one invocation makes (the mix makes six). A case with a `target` gets a row in the targets
 * table: service-endpoint is to be at least `target.ratio` times as fast as the second
 * contestant (`target.aim`, when set, is the ratio aimed at); `target.label` and `target.vs`
 * are how that row names the case and the peer.
 */
const CASES = [
  {
    name: "endpoint() mix",
    detail:
      "six calls: GET with path and query, POST JSON body, two levels of defaults, mediaType.format, upload with {?name,label} and data, DELETE",
    calls: 6,
    target: { ratio: 10, aim: 20, label: "`endpoint()` mix", vs: "@octokit/endpoint" },
    contestants: [
      ["service-endpoint", mixOf(ours)],
      ["@octokit/endpoint", mixOf(octokit)],
      ["object literal (limit)", baselineMix],
    ],
  },
  {
    name: "parseTemplate(t).expand(v)",
    detail: `template ${TEMPLATE}`,
    calls: 1,
    target: { ratio: 10, label: "`parseTemplate(t).expand(v)`", vs: "url-template" },
    contestants: [
      ["service-endpoint", () => parseTemplate(TEMPLATE).expand(TEMPLATE_VALUES).length],
      ["url-template 3.1.1", () => urlTemplateParse(TEMPLATE).expand(TEMPLATE_VALUES).length],
    ],
  },
  {
    name: ".defaults() creation",
    detail: "headers.authorization, org and per_page over the defaults",
    calls: 1,
    contestants: [
      ["service-endpoint", () => ours.defaults(DEFAULTS_OPTIONS).DEFAULTS.baseUrl.length],
      ["@octokit/endpoint", () => octokit.defaults(DEFAULTS_OPTIONS).DEFAULTS.baseUrl.length],
    ],
  },
  {
    name: "merge()",
    detail: `${MERGE_ROUTE} with path, query and one header`,
    calls: 1,
    contestants: [
      ["service-endpoint", () => ours.merge(MERGE_ROUTE, MERGE_OPTIONS).url.length],
      ["@octokit/endpoint", () => octokit.merge(MERGE_ROUTE, MERGE_OPTIONS).url.length],
    ],
  },
  {
    name: "parse()",
    detail: "the merged options of the merge() case",
    calls: 1,
    contestants: [
      ["service-endpoint", () => ours.parse(oursMerged).url.length],
      ["@octokit/endpoint", () => octokit.parse(octokitMerged).url.length],
    ],
  },
  {
    name: "per-call merge",
    detail: "service-endpoint merge() (validation included) vs deepmerge(DEFAULTS, options)",
    calls: 1,
    contestants: [
      ["service-endpoint", () => ours.merge(MERGE_ROUTE, MERGE_OPTIONS).url.length],
      ["deepmerge", () => deepmerge(plainDefaults, DEEPMERGE_OPTIONS).url.length],
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// The runner.

let sink = 0; // every result feeds it, so no call can be optimised away

function timeBatch(fn, iterations) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink = (sink + fn()) | 0;
  return Number(process.hrtime.bigint() - start);
}

/** Warms `fn` up for WARMUP_MS and returns the iteration count of a batch of about BATCH_MS. */
function calibrate(fn) {
  let iterations = 16;
  let spent = 0;
  let perCall = Infinity;
  while (spent < WARMUP_MS * 1e6) {
    const ns = timeBatch(fn, iterations);
    spent += ns;
    perCall = ns / iterations;
    if (ns < 5e6) iterations *= 2;
  }
  return Math.max(1, Math.round((BATCH_MS * 1e6) / perCall));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function runCase(benchCase) {
  const entries = benchCase.contestants.map(([name, fn]) => ({
    name,
    fn,
    iterations: calibrate(fn),
    samples: [],
  }));
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < entries.length; k++) {
      const entry = entries[(round + k) % entries.length];
      const ns = timeBatch(entry.fn, entry.iterations);
      entry.samples.push(ns / entry.iterations / benchCase.calls);
    }
  }
  const results = entries.map(({ name, samples }) => {
    const nsPerCall = median(samples);
    const spread = (median(samples.map((s) => Math.abs(s - nsPerCall))) / nsPerCall) * 100;
    return { name, nsPerCall, opsPerSecond: 1e9 / nsPerCall, spread };
  });
  const ourTime = results[0].nsPerCall;
  for (const result of results) result.ratio = result.nsPerCall / ourTime;
  return { ...benchCase, results };
}

function runMemory() {
  const heap = () => process.memoryUsage().heapUsed;
  const call = (i) => endpoint(`GET /repos/octo/hello/issues/${i}/comments{?page}`, { page: 2 });
  for (let i = 0; i < 10_000; i++) call(-i); // fill the caches as a warm process would have them
  globalThis.gc();
  const before = heap();
  let peak = before;
  const start = process.hrtime.bigint();
  for (let i = 0; i < MEMORY_CALLS; i++) {
    sink = (sink + call(i).url.length) | 0;
    if (i % 50_000 === 0) peak = Math.max(peak, heap());
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  globalThis.gc();
  const after = heap();
  return { calls: MEMORY_CALLS, before, after, peak, seconds };
}

// ---------------------------------------------------------------------------------------------
// Output: a console table, docs/performance.md and docs/performance.svg.

const fmtNs = (ns) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);
const fmtOps = (ops) => (ops >= 1e6 ? `${(ops / 1e6).toFixed(2)} M/s` : `${(ops / 1e3).toFixed(0)} k/s`);
const fmtMB = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
// One decimal from 10× up: rounded to a whole number, 9.6× would read "10×" next to "not met".
const fmtRatio = (r) => (r >= 100 ? `${r.toFixed(0)}×` : r >= 10 ? `${r.toFixed(1)}×` : `${r.toFixed(2)}×`);

function ratioNote(benchCase, result, index) {
  if (index === 0) return "1×";
  if (result.ratio >= 1) return `${fmtRatio(result.ratio)} slower`;
  return `${fmtRatio(1 / result.ratio)} faster`;
}

function printTable(cases) {
  const rows = [["case", "library", "time / call", "calls / s", "vs service-endpoint", "± (MAD)"]];
  for (const c of cases) {
    c.results.forEach((r, i) =>
      rows.push([
        i === 0 ? c.name : "",
        r.name,
        fmtNs(r.nsPerCall),
        fmtOps(r.opsPerSecond),
        ratioNote(c, r, i),
        `${r.spread.toFixed(1)}%`,
      ]),
    );
  }
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  for (const [i, row] of rows.entries()) {
    console.log(
      row.map((cell, col) => (col >= 2 ? cell.padStart(widths[col]) : cell.padEnd(widths[col]))).join("  "),
    );
    if (i === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
}

const escapeXml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A horizontal bar chart of calls per second, each case on its own scale, bars labelled. */
function renderSvg(cases) {
  const width = 760;
  const labelWidth = 190;
  const barMax = width - labelWidth - 130;
  const barHeight = 18;
  const colors = ["#2f6fde", "#9aa5b1", "#c9d1d9"];
  let y = 40;
  const parts = [];
  for (const c of cases) {
    parts.push(`<text x="10" y="${y}" font-weight="bold">${escapeXml(c.name)}</text>`);
    y += 8;
    const max = Math.max(...c.results.map((r) => r.opsPerSecond));
    c.results.forEach((r, i) => {
      const w = Math.max(1, (r.opsPerSecond / max) * barMax);
      const color = i === 0 ? colors[0] : colors[Math.min(i, colors.length - 1)];
      parts.push(
        `<text x="${labelWidth - 8}" y="${y + 13}" text-anchor="end">${escapeXml(r.name)}</text>`,
        `<rect x="${labelWidth}" y="${y}" width="${w.toFixed(1)}" height="${barHeight}" fill="${color}"/>`,
        `<text x="${(labelWidth + w + 6).toFixed(1)}" y="${y + 13}">${escapeXml(`${fmtOps(r.opsPerSecond)}  (${ratioNote(c, r, i)})`)}</text>`,
      );
      y += barHeight + 4;
    });
    y += 22;
  }
  const height = y;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">Calls per second (median of ${ROUNDS} interleaved rounds; longer is better; each case on its own scale)</text>`,
    ...parts,
    "</svg>",
    "",
  ].join("\n");
}

/** The targets a case sets, measured against its second contestant. */
const targetsOf = (cases) =>
  cases
    .filter((c) => c.target)
    .map((c) => {
      const measured = c.results[1].ratio;
      return { ...c.target, name: c.name, measured, met: measured >= c.target.ratio };
    });

function markdown(cases, memory, machine, sizes) {
  const limitMix = cases[0].results[2].ratio;
  const lines = [
    "# Performance",
    "",
    "Written by `npm run bench` (bench/run.mjs) and `npm run size` (bench/size.mjs) from a real run; do not edit by hand.",
    "",
    `Machine: ${machine.cpu} (${machine.cores} logical CPUs), Node ${machine.node}, ${machine.platform}. Date: ${machine.date}.`,
    "",
    `Method: every contestant runs in the same process against the built \`dist/index.mjs\`; after a warm-up, ${ROUNDS} rounds each run one batch (about ${BATCH_MS} ms) of every contestant of a case, in an order that rotates each round. The figures are medians over the rounds; ± is the median absolute deviation. @octokit/endpoint gets the same \`baseUrl\` through \`.defaults()\`, so both build the same urls.`,
    "",
    "## Targets",
    "",
    "| target | measured | |",
    "| --- | ---: | --- |",
    ...targetsOf(cases).map(
      (t) =>
        `| ${t.label} ≥ ${t.ratio}× ${t.vs}${t.aim ? ` (aim ${t.aim}×)` : ""} | ${fmtRatio(t.measured)} | ${t.met ? "met" : "**not met**"} |`,
    ),
    `| bundle (gzip -9) ≤ ${SIZE_TARGET}× @octokit/endpoint (aim ≤ 1.0×) | ${sizes.ratio.toFixed(2)}× | ${sizes.ratio <= SIZE_TARGET ? "met" : "**not met**"} |`,
    "",
    `The hand-written object literal, the practical limit, is ${fmtRatio(1 / limitMix)} faster than \`endpoint()\` on the mix.`,
    "",
    "## Throughput",
    "",
    "![Calls per second, by case](./performance.svg)",
    "",
    "| case | library | time / call | calls / s | vs service-endpoint | ± |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
  ];
  for (const c of cases) {
    c.results.forEach((r, i) =>
      lines.push(
        `| ${i === 0 ? c.name : ""} | ${r.name} | ${fmtNs(r.nsPerCall)} | ${fmtOps(r.opsPerSecond)} | ${ratioNote(c, r, i)} | ${r.spread.toFixed(1)}% |`,
      ),
    );
  }
  lines.push("", "What each case runs:", "");
  for (const c of cases) lines.push(`- **${c.name}**: ${c.detail}.`);
  lines.push(
    "",
    "## Memory",
    "",
    `${memory.calls.toLocaleString("en-US")} calls of \`endpoint()\`, each with a distinct url (the id is inlined, so every url is a new template: \`GET /repos/octo/hello/issues/<i>/comments{?page}\`), in ${memory.seconds.toFixed(1)} s. Heap used after a full GC: ${fmtMB(memory.before)} before, ${fmtMB(memory.after)} after (${memory.after >= memory.before ? "+" : ""}${fmtMB(memory.after - memory.before)}); highest sample during the run ${fmtMB(memory.peak)}. The compiled-url cache (lib/compiled-url.ts) and the route cache (lib/route.ts) are bounded at 1,000 entries each (lib/bounded-cache.ts), so the heap does not grow with the number of distinct urls.`,
    "",
    "## Bundle size",
    "",
    sizeSection(sizes),
    "",
    "## Reproduce",
    "",
    "```sh",
    "npm run bench   # builds, runs bench/run.mjs (re-runs itself with --expose-gc), writes this page",
    "npm run size    # builds, bundles both libraries with esbuild, updates the size section",
    "```",
    "",
  );
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------

const machine = {
  cpu: os.cpus()[0]?.model?.trim() ?? "unknown CPU",
  cores: os.cpus().length,
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
  date: new Date().toISOString().slice(0, 10),
};
console.log(`service-endpoint ${VERSION} — ${machine.cpu}, ${machine.cores} CPUs, Node ${machine.node}`);
console.log(`${ROUNDS} interleaved rounds of ~${BATCH_MS} ms batches; medians per call\n`);

const cases = CASES.map(runCase);
printTable(cases);

const memory = runMemory();
console.log(
  `\nmemory: ${memory.calls} calls with distinct urls: heap ${fmtMB(memory.before)} → ${fmtMB(memory.after)} (peak sample ${fmtMB(memory.peak)}), ${memory.seconds.toFixed(1)} s`,
);

const sizes = await measureBoth();
console.log(
  `size: ${(sizes.ours.gzip / 1024).toFixed(2)} kB vs ${(sizes.octokit.gzip / 1024).toFixed(2)} kB gzip -9, ratio ${sizes.ratio.toFixed(2)}×`,
);

console.log(
  `\ntargets: ${targetsOf(cases)
    .map((t) => `${t.name} ${fmtRatio(t.measured)} vs ${t.vs} (≥ ${t.ratio}×)`)
    .join(", ")}`,
);

if (!args.has("--no-write")) {
  writeFileSync(`${root}docs/performance.svg`, renderSvg(cases));
  const file = `${root}docs/performance.md`;
  writeFileSync(file, await prettierFormat(markdown(cases, memory, machine, sizes), file));
  console.log("wrote docs/performance.md and docs/performance.svg");
}
if (sink === 0.5) console.log(sink); // keeps `sink` observable
