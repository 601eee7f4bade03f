// npm run check:caches: every cache is bounded by what it holds (issue 37, item 3; CONTRACT.md,
// "Memory"), so that none of the cases below keeps 64 MB or more on the heap after a full GC.
// Each case runs in a child process of its own (a fresh heap, --expose-gc) against the built
// package: the heap used after a full GC is read before the case and after it, with what the case
// must keep alive (its builders) still referenced, so the difference is what the caches kept.
// Prints each case in MB with pass or FAIL, and exits 1 when one fails. Give case names to run
// only those (`npm run check:caches -- parseTemplate endpoint`).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const LIMIT = 64 * 1048576;
// A cache that keeps gigabytes must not take the shared machine with it: past this heap the child
// dies and the case fails.
const CHILD_HEAP_MB = 3072;

const TEMPLATES = 1000;
/** About 4 kB: `/u<i>{a,a,…}`, one expression of 2,041 variables, distinct by its prefix. */
const heavyTemplate = (i) => `/u${i}{${"a,".repeat(2040)}a}`;
const VALUES = { a: "x" };
// Two uses each: a url's compiled form, and a route's plan, are cached on its second use.
const USES = 2;

/** Each case: what it does, and `run(lib)`, which returns what must stay alive until measured. */
const CASES = {
  parseTemplate: {
    label: `${TEMPLATES.toLocaleString("en-US")} distinct 4 kB templates (one expression of 2,041 variables) through parseTemplate(t).expand(v)`,
    run({ parseTemplate }) {
      for (let i = 0; i < TEMPLATES; i++) {
        for (let use = 0; use < USES; use++) parseTemplate(heavyTemplate(i)).expand(VALUES);
      }
      return undefined;
    },
  },
  endpoint: {
    label: "the same templates through endpoint() with a url option",
    run({ endpoint }) {
      for (let i = 0; i < TEMPLATES; i++) {
        for (let use = 0; use < USES; use++) endpoint({ url: heavyTemplate(i), ...VALUES });
      }
      return undefined;
    },
  },
  builders: {
    label: `four builders, each with ${TEMPLATES.toLocaleString("en-US")} templates of its own as routes (GET <template>): each builder keeps its own route plans`,
    run({ endpoint }) {
      const builders = [0, 1, 2, 3].map((k) => endpoint.defaults({ headers: { "x-builder": String(k) } }));
      builders.forEach((fn, k) => {
        for (let i = k * TEMPLATES; i < (k + 1) * TEMPLATES; i++) {
          for (let use = 0; use < USES; use++) fn(`GET ${heavyTemplate(i)}`, VALUES);
        }
      });
      return builders;
    },
  },
  defaults: {
    label: "10,000 default parameters × 1,000 routes (GET /r<i>/{id}) of one builder",
    // The builder and its 10,000 defaults are made before the first reading: they are the app's.
    prepare({ endpoint }) {
      const parameters = {};
      for (let j = 0; j < 10_000; j++) parameters[`p${j}`] = j;
      return endpoint.defaults(parameters);
    },
    run(_lib, fn) {
      for (let i = 0; i < 1000; i++) {
        for (let use = 0; use < USES; use++) fn(`GET /r${i}/{id}`, { id: use });
      }
      return fn;
    },
  },
  // Issue 11's case, kept: many templates of many small expressions, parsed, used by parse(),
  // and as routes called by endpoint().
  "many-expressions": {
    label:
      "3,000 templates of 2,000 expressions, each parsed and used twice by parse(), and 3,000 routes of 300 expressions, each called three times",
    run({ endpoint, parseTemplate }) {
      for (let i = 0; i < 3000; i++) {
        const template = `/t${i}` + "{a}".repeat(2000);
        parseTemplate(template);
        endpoint.parse({ baseUrl: "https://api.service.example", url: template, a: "x" });
        endpoint.parse({ baseUrl: "https://api.service.example", url: template, a: "x" });
      }
      for (let i = 0; i < 3000; i++) {
        const route = `GET /u${i}` + "{a}".repeat(300);
        for (let call = 0; call < 3; call++) endpoint(route, { a: "x" });
      }
      return undefined;
    },
  },
};

const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;

/** Full collections until the heap stops shrinking (finalizers and weak references settle). */
function settledHeap() {
  let used = Infinity;
  for (let i = 0; i < 5; i++) {
    globalThis.gc();
    const now = process.memoryUsage().heapUsed;
    if (now >= used) break;
    used = now;
  }
  return used;
}

if (process.argv[2] === "--case") {
  // The child: one case, one JSON line on stdout.
  const lib = await import("../dist/index.mjs");
  const benchCase = CASES[process.argv[3]];
  const prepared = benchCase.prepare?.(lib);
  const before = settledHeap();
  const started = performance.now();
  const kept = benchCase.run(lib, prepared);
  const seconds = (performance.now() - started) / 1000;
  const after = settledHeap();
  // Read after the measurement, so that the builders are alive through it.
  const builders = kept === undefined ? 0 : [kept].flat().length;
  process.stdout.write(`${JSON.stringify({ retained: after - before, seconds, builders })}\n`);
  process.exit(0);
}

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in CASES));
if (unknown.length > 0) {
  console.error(
    `check:caches: unknown case ${unknown.join(", ")}; the cases are ${Object.keys(CASES).join(", ")}`,
  );
  process.exit(2);
}
const names = chosen.length > 0 ? chosen : Object.keys(CASES);
console.log(`Heap kept after a full GC, each case in a child process; limit ${mb(LIMIT)}:`);
let failed = 0;
for (const name of names) {
  const child = spawnSync(
    process.execPath,
    ["--expose-gc", `--max-old-space-size=${CHILD_HEAP_MB}`, SELF, "--case", name],
    { encoding: "utf8" },
  );
  const label = `${name}: ${CASES[name].label}`;
  if (child.status !== 0) {
    failed += 1;
    const reason = /heap out of memory/i.test(child.stderr)
      ? `ran out of its ${CHILD_HEAP_MB.toLocaleString("en-US")} MB heap`
      : `exited with ${child.status ?? child.signal}: ${child.stderr.trim().split("\n").pop()}`;
    console.log(`  FAIL  ${label}: the child ${reason}`);
    continue;
  }
  const { retained, seconds } = JSON.parse(child.stdout.trim().split("\n").pop());
  const pass = retained < LIMIT;
  if (!pass) failed += 1;
  console.log(`  ${pass ? "pass" : "FAIL"}  ${mb(retained).padStart(9)}  ${label} (${seconds.toFixed(1)} s)`);
}
console.log(
  failed === 0 ? "every case is under the limit" : `${failed} of ${names.length} cases over the limit`,
);
process.exit(failed === 0 ? 0 : 1);
