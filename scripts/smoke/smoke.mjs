// Smoke test of the ES module build in this runtime (Node.js, Bun or Deno):
// - `import "service-endpoint"` resolves to dist/index.mjs, has the exports of the CommonJS build,
//   and gives, call for call, what the driver's Node gave (the table of scripts/browser-cases.mjs);
// - one request per body kind goes through this runtime's own fetch, as `fetch(...toFetch(options))`,
//   to the driver's echo server on 127.0.0.1, and what arrived is checked exactly: method, path and
//   query, the headers the request options set, content-type, content-length or chunked framing,
//   and the body bytes (multipart bodies part by part, as the boundary is the runtime's choice).
// Run by scripts/smoke/run.mjs as `<runtime> scripts/smoke/smoke.mjs <echo server origin>`.
import { createRequire } from "node:module";
import * as lib from "service-endpoint";
import { runCases } from "../browser-cases.mjs";

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

const encoder = new TextEncoder();
const utf8 = (text) => [...encoder.encode(text)];
const api = endpoint.defaults({ baseUrl: `${origin}/echo`, headers: { authorization: "token smoke" } });
/** The headers every request options object here sets, as they must arrive. */
const optionHeaders = {
  accept: "application/vnd.service.v3+json",
  "user-agent": `service-endpoint.js/${VERSION}`,
  authorization: "token smoke",
};
/** The headers looked at on arrival; the runtime's own (host, accept-encoding, …) are not. */
const WATCHED = [...Object.keys(optionHeaders), "content-type", "content-length", "transfer-encoding"];

/** The watched headers of an arrival as an object (a header sent twice shows as an array). */
function watchedHeaders(lines) {
  const headers = {};
  for (const [name, value] of lines) {
    if (!WATCHED.includes(name)) continue;
    headers[name] = name in headers ? [headers[name], value].flat() : value;
  }
  return headers;
}

/** What arrived, reduced to what is checked. */
function arrival(received) {
  return {
    method: received.method,
    url: received.url,
    headers: watchedHeaders(received.headers),
    body: received.body,
  };
}

/**
 * A multipart/form-data body (RFC 7578 §4, RFC 2046 §5.1.1) as its parts: each part's header
 * fields (names lowercased) and body bytes. Throws on anything but `--boundary CRLF part
 * (CRLF --boundary CRLF part)* CRLF --boundary--` with an optional CRLF after it.
 */
function multipartParts(bytes, boundary) {
  // One char per byte, so that offsets in the text are offsets in the bytes.
  const text = String.fromCharCode(...bytes);
  const delimiter = `--${boundary}`;
  if (!text.startsWith(`${delimiter}\r\n`)) throw new Error("the body does not start with the boundary");
  const segments = text.slice(delimiter.length + 2).split(`\r\n${delimiter}`);
  const closing = segments.pop();
  if (closing !== "--" && closing !== "--\r\n")
    throw new Error(`bad end of the body: ${JSON.stringify(closing)}`);
  return segments.map((segment, index) => {
    if (index > 0 && !segment.startsWith("\r\n")) throw new Error("a boundary is not followed by CRLF");
    const part = index > 0 ? segment.slice(2) : segment;
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) throw new Error("a part has no blank line after its headers");
    const headers = {};
    for (const line of part.slice(0, split).split("\r\n")) {
      const colon = line.indexOf(":");
      const value = new TextDecoder().decode(
        Uint8Array.from(line.slice(colon + 1).trim(), (c) => c.charCodeAt(0)),
      );
      headers[line.slice(0, colon).toLowerCase()] = value;
    }
    return { headers, body: Array.from(part.slice(split + 4), (c) => c.charCodeAt(0)) };
  });
}

/** A multipart arrival with the runtime's boundary taken out: the parts, and whether the length is right. */
function multipartArrival(received) {
  const { headers, ...rest } = arrival(received);
  const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(headers["content-type"] ?? "")?.[1];
  if (boundary === undefined) return { ...rest, headers };
  const { body, ...request } = rest;
  return {
    ...request,
    headers: {
      ...headers,
      "content-type": "multipart/form-data; boundary=…",
      "content-length":
        headers["content-length"] === String(body.length) ? "the body's length" : headers["content-length"],
    },
    parts: multipartParts(body, boundary),
  };
}

const bytes = new Uint8Array([0, 1, 2, 127, 128, 255]);
const { Buffer } = await import("node:buffer");
const form = new FormData();
form.append("name", "value ✓");
form.append(
  "file",
  new Blob([new Uint8Array([0, 1, 2, 255])], { type: "application/octet-stream" }),
  "a.bin",
);
const blob = new Blob(["blob ✓"], { type: "text/plain" });

/** [body kind, request options, expected arrival] */
const bodyKinds = [
  [
    "none: GET",
    api("GET /repos/{owner}/{repo}{?page}", { owner: "o", repo: "r", page: 2 }),
    { method: "GET", url: "/echo/repos/o/r?page=2", headers: optionHeaders, body: [] },
  ],
  [
    "none: PUT sends a zero-length body",
    api("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }),
    {
      method: "PUT",
      url: "/echo/user/starred/o/r",
      headers: { ...optionHeaders, "content-length": "0" },
      body: [],
    },
  ],
  [
    "JSON object",
    api("POST /repos/{owner}/{repo}/issues{?q}", {
      owner: "o",
      repo: "r",
      q: "a b ü",
      title: "Zoë ✓",
      labels: ["bug"],
    }),
    {
      method: "POST",
      url: "/echo/repos/o/r/issues?q=a%20b%20%C3%BC",
      headers: {
        ...optionHeaders,
        "content-type": "application/json; charset=utf-8",
        "content-length": "37",
      },
      body: utf8('{"title":"Zoë ✓","labels":["bug"]}'),
    },
  ],
  [
    "JSON array",
    api("POST /batch", { data: [1, "two", { three: 3 }] }),
    {
      method: "POST",
      url: "/echo/batch",
      headers: {
        ...optionHeaders,
        "content-type": "application/json; charset=utf-8",
        "content-length": "21",
      },
      body: utf8('[1,"two",{"three":3}]'),
    },
  ],
  [
    "text",
    api("POST /markdown/raw", {
      data: "plain ✓\n",
      headers: { "content-type": "text/plain; charset=utf-8" },
    }),
    {
      method: "POST",
      url: "/echo/markdown/raw",
      headers: { ...optionHeaders, "content-type": "text/plain; charset=utf-8", "content-length": "10" },
      body: utf8("plain ✓\n"),
    },
  ],
  ...[
    ["Uint8Array", bytes.slice()],
    ["Uint8Array view into a larger buffer", new Uint8Array([9, ...bytes, 9]).subarray(1, 7)],
    ["ArrayBuffer", bytes.slice().buffer],
    ["Buffer", Buffer.from(bytes)],
  ].map(([kind, data]) => [
    kind,
    api("POST /upload{?name}", {
      name: `${kind}.bin`,
      data,
      headers: { "content-type": "application/octet-stream" },
    }),
    {
      method: "POST",
      url: `/echo/upload?name=${encodeURIComponent(kind)}.bin`,
      headers: { ...optionHeaders, "content-type": "application/octet-stream", "content-length": "6" },
      body: [...bytes],
    },
  ]),
  [
    // Fetch §5 "extract a body": a Blob's type becomes the content-type (Bun's Blob adds
    // ";charset=utf-8" to a text type already in the constructor, so blob.type is compared).
    "Blob without a content-type header",
    api("POST /blob", { data: blob }),
    {
      method: "POST",
      url: "/echo/blob",
      headers: { ...optionHeaders, "content-type": blob.type, "content-length": "8" },
      body: utf8("blob ✓"),
    },
  ],
  [
    "URLSearchParams",
    api("POST /form", { data: new URLSearchParams({ a: "1 2", b: "ü" }) }),
    {
      method: "POST",
      url: "/echo/form",
      // Fetch §5 "extract a body": URLSearchParams → this content-type, application/x-www-form-urlencoded bytes.
      headers: {
        ...optionHeaders,
        "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
        "content-length": "14",
      },
      body: utf8("a=1+2&b=%C3%BC"),
    },
  ],
  [
    // toFetch sets duplex: "half", which Node's fetch requires for a stream (it throws without);
    // the length is unknown, so the body goes out chunked (RFC 9112 §7.1).
    "ReadableStream",
    api("POST /stream", {
      data: new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode("stream ✓ "));
          controller.enqueue(new Uint8Array([0, 255]));
          controller.close();
        },
      }),
      headers: { "content-type": "application/octet-stream" },
    }),
    {
      method: "POST",
      url: "/echo/stream",
      headers: {
        ...optionHeaders,
        "content-type": "application/octet-stream",
        "transfer-encoding": "chunked",
      },
      body: [...utf8("stream ✓ "), 0, 255],
    },
  ],
];

for (const [kind, options, expected] of bodyKinds) {
  await report.checkRun(
    `fetch(...toFetch(options)), body ${kind}`,
    async () => arrival(await (await fetch(...toFetch(options))).json()),
    expected,
  );
}

await report.checkRun(
  "fetch(...toFetch(options)), body FormData with a file part",
  async () =>
    multipartArrival(await (await fetch(...toFetch(api("POST /multipart", { data: form })))).json()),
  {
    method: "POST",
    url: "/echo/multipart",
    headers: {
      ...optionHeaders,
      "content-type": "multipart/form-data; boundary=…",
      "content-length": "the body's length",
    },
    parts: [
      { headers: { "content-disposition": 'form-data; name="name"' }, body: utf8("value ✓") },
      {
        headers: {
          "content-disposition": 'form-data; name="file"; filename="a.bin"',
          "content-type": "application/octet-stream",
        },
        body: [0, 1, 2, 255],
      },
    ],
  },
);

// Why toFetch sets duplex: "half": Node's fetch (undici) refuses a stream body without it, as the
// Fetch standard asks (RequestInit duplex); Bun and Deno send the stream either way.
const runtime = "Bun" in globalThis ? "bun" : "Deno" in globalThis ? "deno" : "node";
await report.checkRun(
  `fetch() with a ReadableStream body and no duplex, on ${runtime}`,
  async () => {
    const [url, init] = toFetch(api("POST /stream", { data: new Blob(["x"]).stream() }));
    delete init.duplex;
    try {
      const response = await fetch(url, init);
      return { sent: arrival(await response.json()).body };
    } catch (error) {
      return { threw: `${error.name}: ${error.message}` };
    }
  },
  runtime === "node"
    ? { threw: "TypeError: RequestInit: duplex option is required when sending a body." }
    : { sent: utf8("x") },
);

report.done();
