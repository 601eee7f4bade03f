// Smoke test of the ES module build in this runtime (Node.js, Bun or Deno):
// - `import "service-endpoint"` resolves to dist/index.mjs, has the exports of the CommonJS build,
//   and gives, call for call, what the driver's Node gave (the table of scripts/browser-cases.mjs);
// - one request per body kind goes through this runtime's own fetch to the driver's echo server on
//   127.0.0.1, and what arrived is checked exactly (scripts/smoke/body-kinds.mjs).
// Run by scripts/smoke/run.mjs as `<runtime> scripts/smoke/smoke.mjs <echo server origin>`.
import { createRequire } from "node:module";
import * as lib from "service-endpoint";
import { runCases } from "../browser-cases.mjs";
import { sendBodyKinds } from "./body-kinds.mjs";

const require = createRequire(import.meta.url);
const { createReport } = require("./report.cjs");
const report = createReport();
const origin = process.argv[2];
const { endpoint, toFetch, VERSION } = lib;

// --- the module -------------------------------------------------------------------------------

report.check(
  "import resolves service-endpoint to dist/index.mjs",
  import.meta.resolve("service-endpoint").endsWith("/dist/index.mjs"),
  true,
);
const commonJs = require("service-endpoint");
report.check(
  "the ES module build has the exports of the CommonJS build",
  Object.keys(lib).sort(),
  Object.keys(commonJs).sort(),
);
report.check("the two builds are two modules", lib.endpoint !== commonJs.endpoint, true);
report.check("VERSION is package.json's version", VERSION, require("../../package.json").version);
/** The error `call` throws, with whether each build's EndpointError class claims it. */
function caught(call) {
  try {
    call();
    return "no error";
  } catch (error) {
    return {
      code: error.code,
      "instanceof ES module EndpointError": error instanceof lib.EndpointError,
      "instanceof CommonJS EndpointError": error instanceof commonJs.EndpointError,
    };
  }
}
const both = {
  code: "ERR_MISSING_PARAMETER",
  "instanceof ES module EndpointError": true,
  "instanceof CommonJS EndpointError": true,
};
report.check(
  "an error of the ES module build is an EndpointError of both builds",
  caught(() => lib.endpoint("GET /repos/{owner}", {})),
  both,
);
report.check(
  "an error of the CommonJS build is an EndpointError of both builds",
  caught(() => commonJs.endpoint("GET /repos/{owner}", {})),
  both,
);
report.check(
  "endpoint() builds the request options",
  endpoint("GET /repos/{owner}/{repo}/issues{?state,labels}", {
    owner: "octo",
    repo: "hello world",
    state: "open",
    labels: ["bug", "ü"],
    headers: { authorization: "token abc" },
  }),
  {
    method: "get",
    url: "https://api.service.example/repos/octo/hello%20world/issues?state=open&labels=bug,%C3%BC",
    headers: {
      accept: "application/vnd.service.v3+json",
      "user-agent": `service-endpoint.js/${VERSION}`,
      authorization: "token abc",
    },
  },
);

const reference = await (await fetch(`${origin}/reference`)).json();
const results = runCases(lib);
report.check(
  "the same calls as Node's",
  results.map(([title]) => title),
  reference.cases.map(([title]) => title),
);
for (const [index, [title, outcome]] of reference.cases.entries()) {
  report.check(`ES module: ${title}`, results[index], [title, outcome]);
}

// --- one request per body kind, through this runtime's fetch ----------------------------------

const { Buffer } = await import("node:buffer");
for (const [title, actual, expected] of await sendBodyKinds(lib, `${origin}/echo`, { Buffer })) {
  report.check(title, actual, expected);
}

// Why toFetch sets duplex: "half": Node's fetch (undici) refuses a stream body without it, as the
// Fetch standard asks (RequestInit duplex); Bun and Deno send the stream either way.
const runtime = "Bun" in globalThis ? "bun" : "Deno" in globalThis ? "deno" : "node";
await report.checkRun(
  `fetch() with a ReadableStream body and no duplex, on ${runtime}`,
  async () => {
    const [url, init] = toFetch(
      endpoint("POST /echo/stream", { baseUrl: origin, data: new Blob(["x"]).stream() }),
    );
    delete init.duplex;
    try {
      const response = await fetch(url, init);
      return { sent: (await response.json()).body };
    } catch (error) {
      return { threw: `${error.name}: ${error.message}` };
    }
  },
  runtime === "node"
    ? { threw: "TypeError: RequestInit: duplex option is required when sending a body." }
    : { sent: [120] },
);

report.done();
