// Issue 11 §11: caches are bounded by weight. 3,000 distinct templates of 2,000 expressions each
// (about 6 kB), each parsed with parseTemplate() and used twice by parse(), must leave the heap
// (and 3,000 routes of 300 expressions, each called three times by endpoint()), must leave the heap
// less than 64 MB above where it started (unbounded caches kept about 0.7 GB). Needs --expose-gc
// (it re-runs itself with it) and the built package: npm run check:caches.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

if (typeof globalThis.gc !== "function") {
  const child = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url)], {
    stdio: "inherit",
  });
  process.exit(child.status ?? 1);
}

const { endpoint, parseTemplate } = await import("../dist/index.mjs");
const LIMIT = 64 * 1024 * 1024;
globalThis.gc();
const before = process.memoryUsage().heapUsed;
const started = performance.now();
for (let i = 0; i < 3000; i++) {
  const template = `/t${i}` + "{a}".repeat(2000);
  parseTemplate(template);
  endpoint.parse({ baseUrl: "https://api.service.example", url: template, a: "x" });
  endpoint.parse({ baseUrl: "https://api.service.example", url: template, a: "x" });
}
// Short enough to be cached (about 900 characters, 300 expressions): each route called three
// times, so that its url is compiled and cached and a route plan is made and used; the plans of
// a snapshot are weighed by template parts like the compiled urls.
for (let i = 0; i < 3000; i++) {
  const route = `GET /u${i}` + "{a}".repeat(300);
  for (let call = 0; call < 3; call++) endpoint(route, { a: "x" });
}
globalThis.gc();
const grown = process.memoryUsage().heapUsed - before;
const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
console.log(
  `3,000 templates of 2,000 expressions, each parsed and used twice, and 3,000 routes of 300 ` +
    `expressions, each called three times: the heap grew ${mb(grown)} ` +
    `(limit ${mb(LIMIT)}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(grown < LIMIT ? 0 : 1);
