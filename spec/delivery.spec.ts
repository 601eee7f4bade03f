import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import axios from "axios";
import { fetch as undiciFetch, request as undiciRequest } from "undici";
import { endpoint, EndpointError, toBody, toCurl, toFetch, VERSION } from "../lib/index.js";
import type { EndpointInterface, FetchArguments, RequestOptions } from "../lib/index.js";
import { itWithCurl } from "./helpers/curl.js";
import { startDeliveryServer } from "./helpers/delivery-server.js";
import type { ArrivedRequest, DeliveryServer } from "./helpers/delivery-server.js";
import { makeTestCertificate } from "./helpers/test-certificate.js";
import { thrown } from "./helpers/thrown.js";

// The delivery matrix: every body kind, through every client, to a real server on 127.0.0.1, with
// what arrives asserted exactly — method, path and query, every header line, the body bytes.
// The client code in each test is the README's snippet for that client (examples/*.mjs).

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { deliveryCases, TEXT } = require("./helpers/delivery-cases.cjs") as {
  deliveryCases: [kind: BodyKind, build: (api: EndpointInterface) => RequestOptions][];
  TEXT: string;
};

const run = promisify(execFile);

type BodyKind =
  | "none"
  | "none, PUT"
  | "JSON object"
  | "JSON array"
  | "text"
  | "Uint8Array"
  | "ArrayBuffer"
  | "Buffer"
  | "Blob"
  | "FormData"
  | "URLSearchParams"
  | "ReadableStream";

/** What must arrive for a body kind, whichever client sends it. */
interface Expected {
  method: string;
  pathAndQuery: string;
  /** The request's own headers as they must arrive (framing and client headers aside). */
  headers: Record<string, string>;
  /** The body bytes; for multipart, a function of the boundary the encoder chose. */
  body: string | ((boundary: string) => string);
}

const DEFAULT_HEADERS = {
  accept: "application/vnd.service.v3+json",
  "user-agent": `service-endpoint.js/${VERSION}`,
};
const JSON_TYPE = { "content-type": "application/json; charset=utf-8" };

/** Written out by hand from the cases in spec/helpers/delivery-cases.cjs, not computed by the library. */
const EXPECTED: Record<BodyKind, Expected> = {
  none: {
    method: "GET",
    pathAndQuery: "/repos/octo/hello/issues?labels=bug,%C3%BC%20i&per_page=2",
    headers: DEFAULT_HEADERS,
    body: "",
  },
  "none, PUT": {
    method: "PUT",
    pathAndQuery: "/user/starred/octo/hello",
    headers: DEFAULT_HEADERS,
    body: "",
  },
  "JSON object": {
    method: "POST",
    pathAndQuery: "/repos/octo/hello/issues",
    headers: { ...DEFAULT_HEADERS, ...JSON_TYPE },
    body: `{"title":"Zoë's ✓ notes\\r\\n🎉","labels":["ünï"]}`,
  },
  "JSON array": {
    method: "DELETE",
    pathAndQuery: "/repos/octo/hello/collaborators",
    headers: { ...DEFAULT_HEADERS, ...JSON_TYPE },
    body: '["ana","zoë"]',
  },
  text: {
    method: "POST",
    pathAndQuery: "/markdown/raw",
    headers: {
      accept: "text/html",
      "user-agent": DEFAULT_HEADERS["user-agent"],
      "content-type": "text/plain; charset=utf-8",
    },
    body: TEXT,
  },
  Uint8Array: {
    method: "POST",
    pathAndQuery: "/repos/octo/hello/releases/1/assets?name=hello.zip&label=Hello%20%28zip%29",
    headers: { ...DEFAULT_HEADERS, "content-type": "application/zip" },
    body: "PK\u0003\u0004 zip-ish ✓",
  },
  ArrayBuffer: {
    method: "PUT",
    pathAndQuery: "/repos/octo/hello/contents/data.bin",
    headers: DEFAULT_HEADERS,
    body: "array ✓ buffer",
  },
  Buffer: {
    method: "PATCH",
    pathAndQuery: "/gists/aa5a315d",
    headers: { ...DEFAULT_HEADERS, "content-type": "application/octet-stream" },
    body: "buffer ✓ slice",
  },
  Blob: {
    method: "POST",
    pathAndQuery: "/uploads/logo.svg",
    headers: { ...DEFAULT_HEADERS, "content-type": "image/svg+xml" },
    body: "<svg>✓</svg>",
  },
  FormData: {
    method: "POST",
    pathAndQuery: "/repos/octo/hello/attachments",
    headers: DEFAULT_HEADERS,
    // The multipart/form-data encoding of the fetch standard (RFC 7578), parts in append order.
    body: (boundary) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${TEXT}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nfile ✓ contents\r\n--${boundary}--\r\n`,
  },
  URLSearchParams: {
    method: "POST",
    pathAndQuery: "/login/oauth/access_token",
    headers: { ...DEFAULT_HEADERS, "content-type": "application/x-www-form-urlencoded;charset=UTF-8" },
    body: "code=a+b%26c&lang=%C3%BC",
  },
  ReadableStream: {
    method: "POST",
    pathAndQuery: "/repos/octo/hello/logs",
    headers: { ...DEFAULT_HEADERS, "content-type": "text/plain; charset=utf-8" },
    body: "streamed ✓ bytes",
  },
};

const KEEP_ALIVE = { connection: "keep-alive" };
/** What the fetch standard adds to every request (https://fetch.spec.whatwg.org/#http-network-or-cache-fetch). */
const FETCH_HEADERS = {
  ...KEEP_ALIVE,
  "accept-encoding": "gzip, deflate",
  "accept-language": "*",
  "sec-fetch-mode": "cors",
};

/**
 * The headers each client adds of its own (besides `host` and the framing), as they arrive. They
 * are the client's business, not the request's; listing them makes the header comparison exact.
 */
const CLIENT_HEADERS: Record<Client, Record<string, string>> = {
  fetch: FETCH_HEADERS,
  "undici.fetch": FETCH_HEADERS,
  "undici.request": KEEP_ALIVE,
  "node:http": KEEP_ALIVE,
  "node:https": KEEP_ALIVE,
  axios: { ...KEEP_ALIVE, "accept-encoding": "gzip, compress, deflate, br" },
  got: { ...KEEP_ALIVE, "accept-encoding": "gzip, deflate, br" },
  // curl's own accept and user-agent are replaced by the request's; it opens a connection per run.
  curl: {},
};

type Client =
  "fetch" | "undici.fetch" | "undici.request" | "node:http" | "node:https" | "axios" | "got" | "curl";

/**
 * undici's fetch with `toFetch()`'s arguments. `FetchInit` is the `RequestInit` of the global fetch
 * (here the DOM lib's), whose `Blob` type is not npm undici's: the cast is for the types only.
 */
function undiciFetchOf([url, init]: FetchArguments): ReturnType<typeof undiciFetch> {
  return undiciFetch(url, init as Parameters<typeof undiciFetch>[1]);
}

/** A certificate for the HTTPS server, made by openssl; where openssl is missing, the HTTPS tests are skipped (CI has it). */
const certificate = makeTestCertificate();
const opensslRequired = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";
if (certificate === undefined && !opensslRequired) {
  console.warn("openssl is not installed: the node:https tests are skipped (CI runs them)");
}
const itWithTls: jest.It = certificate !== undefined || opensslRequired ? it : it.skip;

let server: DeliveryServer;
let api: EndpointInterface;
let tlsServer: DeliveryServer | undefined;

beforeAll(async () => {
  server = await startDeliveryServer();
  api = endpoint.defaults({ baseUrl: server.origin });
  if (certificate !== undefined) tlsServer = await startDeliveryServer(certificate);
});
afterAll(async () => {
  await server.close();
  await tlsServer?.close();
});

/** The request that arrived at `pathAndQuery` since `since`; exactly one must have. */
function arrivedAt(pathAndQuery: string, since: number, target = server): ArrivedRequest {
  const matching = target.arrived.slice(since).filter((request) => request.pathAndQuery === pathAndQuery);
  expect(matching).toHaveLength(1);
  return matching[0] as ArrivedRequest;
}

function expectArrived(kind: BodyKind, client: Client, arrived: ArrivedRequest, target = server): void {
  const expected = EXPECTED[kind];
  const contentType = arrived.headers["content-type"];
  let body = typeof expected.body === "string" ? expected.body : "";
  const headers: Record<string, string> = { ...expected.headers };
  if (typeof expected.body === "function") {
    // The boundary is the encoder's choice; the content-type must name it, and the body use it.
    const boundary = /^multipart\/form-data; boundary=([-\w]+)$/.exec(String(contentType))?.[1] ?? "(none)";
    headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
    body = expected.body(boundary);
  }
  const bytes = Buffer.from(body);
  const framing: Record<string, string> =
    // Only fetch passes a stream through (chunked); toBody() reads it, and gives its length.
    kind === "ReadableStream" && (client === "fetch" || client === "undici.fetch")
      ? { "transfer-encoding": "chunked" }
      : expected.method === "GET"
        ? {}
        : { "content-length": String(bytes.length) };
  expect({ method: arrived.method, pathAndQuery: arrived.pathAndQuery }).toEqual({
    method: expected.method,
    pathAndQuery: expected.pathAndQuery,
  });
  expect(arrived.headers).toEqual({ ...headers, ...framing, host: target.host, ...CLIENT_HEADERS[client] });
  expect(arrived.body.toString("hex")).toBe(bytes.toString("hex"));
}

/** Builds the case, sends it with `send`, and checks what arrived. */
async function deliver(
  kind: BodyKind,
  build: (api: EndpointInterface) => RequestOptions,
  client: Client,
  send: (options: RequestOptions) => Promise<unknown>,
  target = server,
): Promise<void> {
  const since = target.arrived.length;
  await send(build(target === server ? api : endpoint.defaults({ baseUrl: target.origin })));
  expectArrived(kind, client, arrivedAt(EXPECTED[kind].pathAndQuery, since, target), target);
}

it("the case table and the expectations name the same body kinds", () => {
  expect(deliveryCases.map(([kind]) => kind)).toEqual(Object.keys(EXPECTED));
});

describe.each(deliveryCases)("body: %s", (kind, build) => {
  it("fetch (Node's global): fetch(...toFetch(options))", () =>
    deliver(kind, build, "fetch", async (options) => {
      const response = await fetch(...toFetch(options));
      await response.arrayBuffer();
    }));

  if (kind === "FormData") {
    // undici's fetch (npm undici) knows only its own FormData class, not Node's global one (a
    // second copy of undici): given the global one it sends the text "[object FormData]". toBody()
    // encodes it first; docs/adapters.md says so.
    it("undici's fetch: fetch(...toFetch(await toBody(options)))", () =>
      deliver(kind, build, "undici.fetch", async (options) => {
        const response = await undiciFetchOf(toFetch(await toBody(options)));
        await response.arrayBuffer();
      }));
  } else {
    it("undici's fetch: fetch(...toFetch(options))", () =>
      deliver(kind, build, "undici.fetch", async (options) => {
        const response = await undiciFetchOf(toFetch(options));
        await response.arrayBuffer();
      }));
  }

  it("undici.request with toBody(options)", () =>
    deliver(kind, build, "undici.request", async (options) => {
      const { method, url, headers, body } = await toBody(options);
      // `?? null`: this project compiles with exactOptionalPropertyTypes, where undici's `body` takes no undefined.
      const response = await undiciRequest(url, { method, headers, body: body ?? null });
      await response.body.dump();
    }));

  it("node:http request() with toBody(options)", () =>
    deliver(kind, build, "node:http", async (options) => {
      const { method, url, headers, body } = await toBody(options);
      const [response] = (await once(httpRequest(url, { method, headers }).end(body), "response")) as [
        IncomingMessage,
      ];
      response.resume();
    }));

  itWithTls("node:https request() with toBody(options)", () => {
    if (tlsServer === undefined) throw new Error("no HTTPS server: openssl is missing");
    // `ca` trusts the test certificate; the rest is the node:http snippet.
    const ca = certificate?.cert;
    return deliver(
      kind,
      build,
      "node:https",
      async (options) => {
        const { method, url, headers, body } = await toBody(options);
        const [response] = (await once(httpsRequest(url, { method, headers, ca }).end(body), "response")) as [
          IncomingMessage,
        ];
        response.resume();
      },
      tlsServer,
    );
  });

  it("axios with toBody(options)", () =>
    deliver(kind, build, "axios", async (options) => {
      const { method, url, headers, body } = await toBody(options);
      await axios({ method, url, headers: { "content-type": false, ...headers }, data: body });
    }));

  const carriesOnCommandLine = kind !== "Blob" && kind !== "FormData" && kind !== "ReadableStream";
  if (carriesOnCommandLine) {
    itWithCurl("curl: bash -c toCurl(options)", () =>
      deliver(kind, build, "curl", (options) =>
        run("bash", ["-c", `${toCurl(options)} --silent --show-error`]),
      ),
    );
  } else {
    it("curl: toCurl(options) refuses it with ERR_UNSUPPORTED_BODY", () => {
      const error = thrown(() => toCurl(build(api)));
      expect(error).toBeInstanceOf(EndpointError);
      expect({ code: error.code, message: error.message }).toEqual({
        code: "ERR_UNSUPPORTED_BODY",
        message: `toCurl: a ${kind} body cannot be written on a command line; read it into a string or bytes first`,
      });
    });

    // The way around it that docs/adapters.md gives: toBody() reads the body into bytes first.
    itWithCurl("curl: bash -c toCurl(await toBody(options))", () =>
      deliver(kind, build, "curl", async (options) =>
        run("bash", ["-c", `${toCurl(await toBody(options))} --silent --show-error`]),
      ),
    );
  }
});

describe("got with toBody(options)", () => {
  it("sends every body kind as it arrives through the other clients", async () => {
    // got is ESM-only and jest loads CommonJS: a child process sends every case with the built package.
    const since = server.arrived.length;
    await run(process.execPath, [join(__dirname, "helpers", "send-with-got-to-body.mjs"), server.origin], {
      cwd: join(__dirname, ".."),
    });
    for (const [kind] of deliveryCases) {
      expectArrived(kind, "got", arrivedAt(EXPECTED[kind].pathAndQuery, since));
    }
  });
});

describe("toBody()", () => {
  const url = "https://api.service.example/upload";

  /** The EndpointError `toBody(options)` rejects with, as code and message. */
  async function rejection(options: unknown): Promise<{ code: string; message: string }> {
    try {
      await toBody(options as RequestOptions);
    } catch (error) {
      if (error instanceof EndpointError) return { code: error.code, message: error.message };
      throw error;
    }
    throw new Error("toBody did not reject");
  }

  it("gives a JSON POST as its bytes, with the content-type and the exact content-length", async () => {
    const sendable = await toBody(
      endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Hi ✓" }),
    );
    expect({ ...sendable, body: Buffer.from(sendable.body ?? []).toString() }).toEqual({
      method: "POST",
      url: "https://api.service.example/repos/o/r/issues",
      headers: { ...DEFAULT_HEADERS, ...JSON_TYPE, "content-length": "18" },
      body: '{"title":"Hi ✓"}',
    });
  });

  it("sends no body on GET, and zero bytes on a body-less PUT", async () => {
    const get = await toBody(endpoint("GET /user"));
    const put = await toBody(endpoint("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }));
    expect([get.body, get.headers["content-length"], put.body, put.headers["content-length"]]).toEqual([
      undefined,
      undefined,
      new Uint8Array(0),
      "0",
    ]);
  });

  it("sends a null body, which endpoint() returns for data: null, as no body: zero bytes on POST, none on DELETE", async () => {
    const post = await toBody(endpoint("POST /x", { data: null }));
    const del = await toBody(endpoint("DELETE /x", { data: null }));
    expect([post.body, post.headers["content-length"], del.body, del.headers["content-length"]]).toEqual([
      new Uint8Array(0),
      "0",
      undefined,
      undefined,
    ]);
    expect(post.headers["content-type"]).toBeUndefined();
  });

  it("copies a pooled Buffer into bytes of their own, and leaves the caller's options alone", async () => {
    const data = Buffer.from("pooled");
    const options: RequestOptions = {
      method: "post",
      url,
      headers: { "content-type": "application/octet-stream", "content-length": 99, host: "elsewhere" },
      body: data,
    };
    const { body, headers } = await toBody(options);
    expect([
      body?.byteLength,
      body?.buffer.byteLength,
      body === data,
      Buffer.from(body ?? []).toString(),
    ]).toEqual([6, 6, false, "pooled"]);
    expect(headers).toEqual({ "content-type": "application/octet-stream", "content-length": "6" });
    expect(options.headers).toEqual({
      "content-type": "application/octet-stream",
      "content-length": 99,
      host: "elsewhere",
    });
  });

  it("replaces a caller's bare multipart content-type with the one naming the boundary", async () => {
    const form = new FormData();
    form.append("a", "1");
    const { headers } = await toBody({
      method: "post",
      url,
      headers: { "content-type": "multipart/form-data" },
      body: form,
    });
    expect(headers["content-type"]).toMatch(/^multipart\/form-data; boundary=[-\w]+$/);
  });

  it.each<[title: string, options: unknown, code: string, message: string]>([
    [
      "a GET body",
      { method: "get", url, headers: {}, body: "x" },
      "ERR_UNSUPPORTED_BODY",
      'toBody: a GET request cannot have a body, got "x"',
    ],
    [
      "a plain object under a form content-type",
      {
        method: "post",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: { a: 1 },
      },
      "ERR_UNSUPPORTED_BODY",
      'toBody: cannot send an object as content-type "application/x-www-form-urlencoded"; serialise it yourself ' +
        "(for example `new URLSearchParams(object)` for a form) or use a JSON content-type",
    ],
    [
      "a stream of strings",
      {
        method: "post",
        url,
        headers: {},
        body: new ReadableStream({
          start: (controller) => {
            controller.enqueue("text");
            controller.close();
          },
        }),
      },
      "ERR_UNSUPPORTED_BODY",
      'toBody: the ReadableStream body gave a chunk that is not a Uint8Array: "text"',
    ],
    [
      "not request options",
      "GET /",
      "ERR_INVALID_OPTIONS",
      'toBody: request options must be an object, got "GET /"',
    ],
  ])("rejects %s", async (_title, options, code, message) => {
    expect(await rejection(options)).toEqual({ code, message });
  });

  // fs.openAsBlob() (Node 19.8 and later) gives a Blob over a file, which cannot be read once the
  // file changed: reading it rejects with a DOMException (NotReadableError).
  const itWithFileBlobs = typeof openAsBlob === "function" ? it : it.skip;

  itWithFileBlobs(
    "rejects a Blob or a FormData whose file changed since it was opened, with an EndpointError",
    async () => {
      const directory = mkdtempSync(join(tmpdir(), "to-body-"));
      const file = join(directory, "part.txt");
      writeFileSync(file, "before");
      const blob = await openAsBlob(file);
      writeFileSync(file, "after, longer");
      const form = new FormData();
      form.append("part", blob, "part.txt");
      try {
        expect([
          await rejection({ method: "post", url, headers: {}, body: blob }),
          await rejection({ method: "post", url, headers: {}, body: form }),
        ]).toEqual([
          { code: "ERR_UNSUPPORTED_BODY", message: "toBody: the Blob body cannot be read" },
          { code: "ERR_UNSUPPORTED_BODY", message: "toBody: the FormData body cannot be read" },
        ]);
      } finally {
        rmSync(directory, { recursive: true });
      }
    },
  );

  it("rejects a locked stream", async () => {
    const stream = new ReadableStream<Uint8Array>();
    stream.getReader();
    expect(await rejection({ method: "post", url, headers: {}, body: stream })).toEqual({
      code: "ERR_UNSUPPORTED_BODY",
      message: "toBody: the ReadableStream body is locked: it is being read already",
    });
  });
});
