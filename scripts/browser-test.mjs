// npm run test:browser — the ESM build, unchanged, in a real browser, with and without a bundler.
//
// Two pages, served on 127.0.0.1 and loaded in Debian's headless Chromium through playwright-core
// (no browser download):
// - "bundled": dist/index.mjs and the modules it imports, bundled by esbuild for the browser;
// - "no bundler": dist/ served as files, with an import map that maps "service-endpoint" onto
//   /dist/index.mjs and nothing else, so every module the build imports must load as it is
//   (a bare import of a dependency fails: "Failed to resolve module specifier").
// Each page runs the table of scripts/browser-cases.mjs, as Node does here, and the results are
// compared. Each page also sends requests with fetch(...toFetch(…)) to this server, as Node
// does, and the server's records of both must agree; and one request per body kind
// (scripts/smoke/body-kinds.mjs), whose arrival is checked exactly.
// Prints "N passed, M failed"; exits non-zero on any failure.
/* global window -- the functions given to page.evaluate() run in the page */
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { isDeepStrictEqual } from "node:util";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { echoRequests, runCases } from "./browser-cases.mjs";
import { sendBodyKinds } from "./smoke/body-kinds.mjs";
import { describeArrival } from "./smoke/echo-server.mjs";

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

/**
 * What each page runs, as the body of an ES module: the cases and the echo requests, through the
 * library that `libSpecifier` names and the table that `casesSpecifier` names.
 */
const pageModule = (libSpecifier, scripts) => `
  import * as lib from ${JSON.stringify(libSpecifier)};
  import { echoRequests, runCases } from ${JSON.stringify(`${scripts}/browser-cases.mjs`)};
  import { sendBodyKinds } from ${JSON.stringify(`${scripts}/smoke/body-kinds.mjs`)};
  (async () => {
    try {
      window.__results = runCases(lib);
      for (const options of echoRequests(lib, location.origin)) {
        const response = await fetch(...lib.toFetch(options));
        await response.arrayBuffer();
      }
      // A page cannot set user-agent, and Chromium streams a request body over HTTP/2 only.
      window.__bodyKinds = await sendBodyKinds(lib, location.origin + "/body-echo", {
        sendsUserAgent: false,
        streamsOverHttp1: false,
      });
    } catch (error) {
      window.__failure = String((error && error.stack) || error);
    }
    window.__done = true;
  })();
`;

const bundle = await build({
  stdin: {
    contents: pageModule(distEntry, "."),
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

/** The pages: the bundle, and the ES module build through an import map onto dist/ and no bundler. */
const PAGES = {
  bundled: '<script type="module" src="/bundle.js"></script>',
  "no bundler":
    '<script type="importmap">{"imports":{"service-endpoint":"/dist/index.mjs"}}</script>' +
    `<script type="module">${pageModule("service-endpoint", "/scripts")}</script>`,
};
const pageHtml = (body) =>
  `<!doctype html><meta charset="utf-8"><title>service-endpoint</title><link rel="icon" href="data:,">${body}`;

const root = fileURLToPath(new URL("..", import.meta.url));
/** The files the page without a bundler may load: the ES modules in dist/, and the table of cases. */
const STATIC_FILE =
  /^\/(?:dist\/(?:[\w-]+\/)*[\w-]+|scripts\/browser-cases|scripts\/smoke\/body-kinds)\.mjs$/;
function staticFile(url) {
  const path = join(root, url);
  return STATIC_FILE.test(url) && existsSync(path) ? readFileSync(path) : undefined;
}

/** What the server keeps of an echo request: enough to compare a browser's fetch with Node's. */
const received = [];
const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const page = Object.keys(PAGES).find((name) => request.url === `/${encodeURIComponent(name)}`);
    const file = request.method === "GET" ? staticFile(request.url) : undefined;
    if (request.url.startsWith("/body-echo/")) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(describeArrival(request, chunks)));
    } else if (request.url.startsWith("/echo/")) {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(204).end();
    } else if (request.url === "/bundle.js") {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(script);
    } else if (page !== undefined) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(pageHtml(PAGES[page]));
    } else if (file !== undefined) {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(file);
    } else {
      response.writeHead(404).end();
    }
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

let passed = 0;
const failures = [];
/** Comparisons a page could not take part in, because its module never ran. */
let unmade = 0;
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
// The body kinds the pages must send: those of Node without Buffer, which a browser lacks.
const bodyKindTitles = (await sendBodyKinds(lib, `${origin}/body-echo`)).map(([title]) => title);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  for (const name of Object.keys(PAGES)) {
    const page = await browser.newPage();
    const pageErrors = [];
    // An import that cannot be resolved or loaded stops the module before it runs: no __done.
    const stopped = new Promise((resolve) => {
      page.on("pageerror", (error) => {
        pageErrors.push(String(error));
        resolve();
      });
      page.on("console", (message) => {
        // The one refusal the page expects: a stream body over HTTP/1.1 (the body-kinds case).
        const streamRefused = message.text().includes("net::ERR_ALPN_NEGOTIATION_FAILED");
        if (message.type() === "error" && !streamRefused) pageErrors.push(message.text());
      });
    });
    received.splice(0);
    await page.goto(`${origin}/${encodeURIComponent(name)}`);
    await Promise.race([
      page.waitForFunction(() => window.__done === true, null, { timeout: 30_000 }),
      stopped,
    ]);
    const failure = await page.evaluate(() => window.__failure);
    if (failure !== undefined || pageErrors.length > 0)
      failures.push({ title: `${name}: the page runs`, browser: failure ?? pageErrors });
    const browserResults = await page.evaluate(() => window.__results);
    const bodyKinds = await page.evaluate(() => window.__bodyKinds);
    await page.close();
    if (browserResults === undefined) {
      // The module never ran: each comparison of this page counts as failed, listed once.
      unmade += 1 + nodeResults.length + requests.length + 1 + bodyKindTitles.length;
      continue;
    }

    check(`${name}: number of cases`, nodeResults.length, browserResults.length);
    for (const [index, [title, outcome]] of nodeResults.entries()) {
      check(`${name}: ${title}`, [title, outcome], browserResults[index]);
    }
    for (const [index, options] of requests.entries()) {
      check(
        `${name}: fetch(...toFetch(${options.method} ${options.url.slice(origin.length)}))`,
        onTheWire(options, nodeReceived[index]),
        onTheWire(options, received[index]),
      );
    }
    // One request per body kind through Chromium's fetch, checked against what must arrive.
    check(
      `${name}: body kinds sent`,
      bodyKindTitles,
      (bodyKinds ?? []).map(([title]) => title),
    );
    for (const [title, actual, expected] of bodyKinds ?? []) check(`${name}: ${title}`, expected, actual);
  }
  const version = browser.version();
  console.log(
    `Chromium ${version}, ${Object.keys(PAGES).join(" and ")}: ${nodeResults.length} calls and ${requests.length} fetches each, compared with Node; ${bodyKindTitles.length} body kinds each`,
  );
} finally {
  await browser.close();
  server.close();
}

for (const failure of failures) {
  console.error(`✕ ${failure.title}`);
  if ("node" in failure) console.error(`  node:    ${JSON.stringify(failure.node)}`);
  console.error(`  browser: ${JSON.stringify(failure.browser)}`);
}
if (unmade > 0) console.error(`✕ ${unmade} comparisons not made: a page did not run`);
console.log(`${passed} passed, ${failures.length + unmade} failed`);
process.exitCode = failures.length + unmade === 0 ? 0 : 1;
