// npm run test:browser — the ESM build, unchanged, in a real browser.
//
// Bundles dist/index.mjs and the modules it imports (deepmerge included) with esbuild for the
// browser, serves it on 127.0.0.1, loads it in Debian's headless Chromium through playwright-core
// (no browser download), runs the table of scripts/browser-cases.mjs there and in Node, and
// compares the results. The page also sends requests with fetch(...toFetch(…)) to this server,
// as Node does, and the server's records of both must agree. Prints "N passed, M failed"; exits non-zero on any failure.
/* global window -- the functions given to page.evaluate() run in the page */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { isDeepStrictEqual } from "node:util";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { echoRequests, runCases } from "./browser-cases.mjs";

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const distEntry = fileURLToPath(new URL("../dist/index.mjs", import.meta.url));

if (!existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} is missing. Install Debian's Chromium:`);
  console.error("  sudo apt-get update && sudo apt-get install -y chromium");
  process.exit(1);
}
if (!existsSync(distEntry)) {
  console.error("dist/index.mjs is missing: run `npm run build` first.");
  process.exit(1);
}

const bundle = await build({
  stdin: {
    contents: `
      import * as lib from ${JSON.stringify(distEntry)};
      import { echoRequests, runCases } from "./browser-cases.mjs";
      (async () => {
        try {
          window.__results = runCases(lib);
          for (const options of echoRequests(lib, location.origin)) {
            const response = await fetch(...lib.toFetch(options));
            await response.arrayBuffer();
          }
        } catch (error) {
          window.__failure = String((error && error.stack) || error);
        }
        window.__done = true;
      })();
    `,
    resolveDir: fileURLToPath(new URL(".", import.meta.url)),
    sourcefile: "browser-entry.mjs",
    loader: "js",
  },
  bundle: true,
  platform: "browser", // a Node built-in anywhere in the build would fail here
  format: "esm",
  target: "es2020",
  write: false,
  logLevel: "silent",
});
const script = bundle.outputFiles[0].text;

/** What the server keeps of an echo request: enough to compare a browser's fetch with Node's. */
const received = [];
const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    if (request.url.startsWith("/echo/")) {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(204).end();
    } else if (request.url === "/bundle.js") {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(script);
    } else if (request.url === "/") {
      response
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          '<!doctype html><meta charset="utf-8"><title>service-endpoint</title><script type="module" src="/bundle.js"></script>',
        );
    } else {
      response.writeHead(404).end();
    }
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

let passed = 0;
const failures = [];
function check(title, inNode, inBrowser) {
  if (isDeepStrictEqual(inNode, inBrowser)) passed += 1;
  else failures.push({ title, node: inNode, browser: inBrowser });
}

// The wire: what the server received from a fetch, reduced to the request as built. Browsers
// never let a page set user-agent, so that header is the one left out of the comparison.
function onTheWire(options, record) {
  if (record === undefined) return "not received";
  const headers = {};
  for (const name of [...Object.keys(options.headers), "content-type", "content-length"]) {
    if (name !== "user-agent") headers[name] = record.headers[name] ?? null;
  }
  return { method: record.method, url: origin + record.url, headers, body: [...record.body] };
}

const lib = await import(distEntry);
const nodeResults = runCases(lib);
const requests = echoRequests(lib, origin);
for (const options of requests) {
  const response = await fetch(...lib.toFetch(options));
  await response.arrayBuffer();
}
const nodeReceived = received.splice(0);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const pageErrors = [];
  page.on("pageerror", (error) => pageErrors.push(String(error)));
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => window.__done === true, null, { timeout: 30_000 });
  const failure = await page.evaluate(() => window.__failure);
  if (failure !== undefined || pageErrors.length > 0)
    failures.push({ title: "page", browser: failure ?? pageErrors });
  const browserResults = (await page.evaluate(() => window.__results)) ?? [];

  check("number of cases", nodeResults.length, browserResults.length);
  for (const [index, [title, outcome]] of nodeResults.entries()) {
    check(title, [title, outcome], browserResults[index]);
  }
  for (const [index, options] of requests.entries()) {
    check(
      `fetch(...toFetch(${options.method} ${options.url.slice(origin.length)}))`,
      onTheWire(options, nodeReceived[index]),
      onTheWire(options, received[index]),
    );
  }
  const version = browser.version();
  console.log(
    `Chromium ${version}: ${nodeResults.length} calls and ${requests.length} fetches, compared with Node`,
  );
} finally {
  await browser.close();
  server.close();
}

for (const failure of failures) {
  console.error(`✕ ${failure.title}`);
  console.error(`  node:    ${JSON.stringify(failure.node)}`);
  console.error(`  browser: ${JSON.stringify(failure.browser)}`);
}
console.log(`${passed} passed, ${failures.length} failed`);
process.exitCode = failures.length === 0 ? 0 : 1;
