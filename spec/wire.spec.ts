import { execFile } from "node:child_process";
import { request as httpRequest } from "node:http";
import { promisify } from "node:util";
import axios from "axios";
import { request as undiciRequest } from "undici";
import { endpoint, toBody, toCurl, toFetch } from "../lib/index.js";
import type { EndpointInterface, RequestOptions } from "../lib/index.js";
import { hasCurl, itWithCurl } from "./helpers/curl.js";
import { startRecordingServer } from "./helpers/recording-server.js";
import type { ReceivedRequest, RecordingServer } from "./helpers/recording-server.js";

const run = promisify(execFile);

// Bytes with high code points but no NUL, so that curl can carry them too (see docs/adapters.md).
const UPLOAD = new TextEncoder().encode("PK\u0003\u0004 zip-ish ✓ bytes ünïcödé\r\n\u007f");

/** The cases: each built with `endpoint()` against the local server's origin. */
const cases: [title: string, build: (api: EndpointInterface) => RequestOptions][] = [
  [
    "GET with a query string",
    (api) =>
      api("GET /repos/{owner}/{repo}/issues", {
        owner: "octo",
        repo: "hello",
        state: "open",
        labels: ["bug", "ui"],
        per_page: 2,
      }),
  ],
  [
    "POST with a JSON body holding non-ASCII text",
    (api) =>
      api("POST /repos/{owner}/{repo}/issues", {
        owner: "octo",
        repo: "hello",
        title: "Zoë's ✓ issue 🎉",
        labels: ["ünï"],
      }),
  ],
  [
    "PATCH with a JSON body",
    (api) =>
      api("PATCH /repos/{owner}/{repo}/issues/{number}", {
        owner: "octo",
        repo: "hello",
        number: 7,
        state: "closed",
      }),
  ],
  ["PUT without body", (api) => api("PUT /user/starred/{owner}/{repo}", { owner: "octo", repo: "hello" })],
  [
    "DELETE without body",
    (api) =>
      api("DELETE /repos/{owner}/{repo}/labels/{name}", {
        owner: "octo",
        repo: "hello",
        name: "needs review",
      }),
  ],
  [
    "DELETE with a JSON body",
    (api) =>
      api("DELETE /repos/{owner}/{repo}/collaborators", { owner: "octo", repo: "hello", users: ["ana"] }),
  ],
  [
    "POST of data as text/plain",
    (api) =>
      api("POST /markdown/raw", {
        data: "Hello **wörld**\n",
        headers: { "content-type": "text/plain; charset=utf-8", accept: "text/html" },
      }),
  ],
  [
    "POST of data bytes with an upload query template and a numeric content-length",
    (api) =>
      api("POST /repos/{owner}/{repo}/releases/{id}/assets{?name,label}", {
        owner: "octo",
        repo: "hello",
        id: 1,
        name: "example.zip",
        label: "Example Archive",
        data: UPLOAD,
        headers: { "content-type": "application/zip", "content-length": UPLOAD.byteLength },
      }),
  ],
  [
    "GET with mediaType format and previews",
    (api) =>
      api("GET /repos/{owner}/{repo}/pulls/{number}", {
        owner: "octo",
        repo: "hello",
        number: 1,
        mediaType: { format: "diff", previews: ["symmetra"] },
      }),
  ],
  [
    "GET with numeric headers and authorization from defaults",
    (api) =>
      api.defaults({ headers: { authorization: "token secret-123" } })("GET /user", {
        headers: { "x-page-size": 50 },
      }),
  ],
  ["HEAD", (api) => api("HEAD /repos/{owner}/{repo}", { owner: "octo", repo: "hello" })],
];

/** The bytes the server must receive: what the built body is, serialised as JSON when it is not text or bytes. */
function expectedBody(body: unknown): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  if (typeof body === "string") return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return Buffer.from(JSON.stringify(body));
}

/** The body as a user of a raw client would write it: JSON text for objects and arrays. */
function payloadOf(body: unknown): string | Uint8Array | undefined {
  if (body === undefined || typeof body === "string" || body instanceof Uint8Array) return body;
  return JSON.stringify(body);
}

let server: RecordingServer;
let api: EndpointInterface;

beforeAll(async () => {
  server = await startRecordingServer();
  api = endpoint.defaults({ baseUrl: server.origin });
});
afterAll(() => server.close());

function expectOnTheWire(built: RequestOptions, received: ReceivedRequest | undefined): void {
  expect(received).toBeDefined();
  if (received === undefined) return;
  expect(received.method).toBe(built.method.toUpperCase());
  expect(server.origin + received.pathAndQuery).toBe(built.url);
  for (const [name, value] of Object.entries(built.headers)) {
    expect([name, received.headers[name]]).toEqual([name, String(value)]);
  }
  if (built.headers["content-type"] === undefined) expect(received.headers["content-type"]).toBeUndefined();
  const body = expectedBody(built.body);
  expect(received.body.toString("hex")).toBe(body.toString("hex"));
  expect(received.headers["transfer-encoding"]).toBeUndefined();
  if (body.length > 0) expect(received.headers["content-length"]).toBe(String(body.length));
}

/** Sends with `send`, and returns what the server received for it. */
async function roundTrip(send: () => Promise<unknown>): Promise<ReceivedRequest | undefined> {
  const before = server.received.length;
  await send();
  expect(server.received.length).toBe(before + 1);
  return server.received[before];
}

/** Sends what `toBody()` gives with node:http's request(), and returns what the server received. */
async function viaNodeHttp(
  { method, url, headers }: { method: string; url: string; headers: Record<string, string> },
  body?: string | Uint8Array,
): Promise<ReceivedRequest | undefined> {
  return roundTrip(
    () =>
      new Promise<void>((resolve, reject) => {
        httpRequest(url, { method, headers }, (response) => response.resume().on("end", resolve))
          .on("error", reject)
          .end(body);
      }),
  );
}

describe.each(cases)("%s", (_title, build) => {
  it("fetch(...toFetch(options))", async () => {
    const built = build(api);
    const received = await roundTrip(async () => {
      const response = await fetch(...toFetch(built));
      await response.arrayBuffer();
    });
    expectOnTheWire(built, received);
    // A PATCH, POST or PUT always says how long its body is: "0" for a body-less one.
    if (["post", "put", "patch"].includes(built.method))
      expect(received?.headers["content-length"]).toBe(String(expectedBody(built.body).length));
  });

  // bash, not sh: toCurl writes controls in a body as $'…' (POSIX.1-2024), which dash (Debian's sh) lacks.
  itWithCurl("bash -c toCurl(options) with the curl binary", async () => {
    const built = build(api);
    const received = await roundTrip(() => run("bash", ["-c", toCurl(built) + " --silent --show-error"]));
    expectOnTheWire(built, received);
    if (["post", "put", "patch"].includes(built.method))
      expect(received?.headers["content-length"]).toBe(String(expectedBody(built.body).length));
  });

  it("node:http request() with the raw options", async () => {
    const built = build(api);
    const received = await roundTrip(
      () =>
        new Promise<void>((resolve, reject) => {
          const { method, url, headers, body } = built;
          const payload = payloadOf(body);
          // node:http frames a DELETE body only with an explicit content-length.
          const length = payload === undefined ? {} : { "content-length": Buffer.byteLength(payload) };
          const request = httpRequest(url, { method, headers: { ...headers, ...length } }, (response) =>
            response.resume().on("end", resolve),
          );
          request.on("error", reject).end(payload);
        }),
    );
    expectOnTheWire(built, received);
  });

  it("undici request()", async () => {
    const built = build(api);
    const received = await roundTrip(async () => {
      const { method, url, headers, body } = built;
      const response = await undiciRequest(url, {
        method: method.toUpperCase(),
        // undici sends numeric values as they are (examples/undici.mjs), but its types want strings.
        headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
        body: payloadOf(body) ?? null,
      });
      await response.body.dump();
    });
    expectOnTheWire(built, received);
  });

  it("axios()", async () => {
    const built = build(api);
    const received = await roundTrip(() => {
      const { method, url, headers, body } = built;
      // `content-type: false` stops axios from adding a form content-type to a body-less PUT.
      return axios({ method, url, headers: { "content-type": false, ...headers }, data: body });
    });
    expectOnTheWire(built, received);
  });
});

describe("got", () => {
  it("sends every case as built", async () => {
    const builtCases = cases.map(([, build]) => build(api));
    const input = JSON.stringify(
      builtCases.map(({ body, ...rest }) =>
        body instanceof Uint8Array
          ? { ...rest, bodyBase64: Buffer.from(body).toString("base64") }
          : { ...rest, body },
      ),
    );
    const before = server.received.length;
    const child = execFile(process.execPath, [require.resolve("./helpers/send-with-got.mjs")]);
    child.stdin?.end(input);
    const [code] = await new Promise<[number | null]>((resolve) =>
      child.on("close", (exitCode) => resolve([exitCode])),
    );
    expect(code).toBe(0);
    const received = server.received.slice(before);
    expect(received).toHaveLength(builtCases.length);
    builtCases.forEach((built, index) => expectOnTheWire(built, received[index]));
  });
});

// Found by the review of 2026-11-26 (F2): WHATWG URL (fetch, node:http, undici, got) percent-
// encodes ' in a special-scheme query and { } " < > ` in the path, lowercases the host and drops a
// default port; curl sent the url as written, so the two reached different targets and hosts.
describe("curl and fetch send the same request target and host (toCurl prints the url as WHATWG URL serialises it)", () => {
  const urls: [title: string, url: (origin: string) => string][] = [
    ["' in a query that endpoint() built", (origin) => api("GET /search?q=it's", { baseUrl: origin }).url],
    ['{ } " < > ` in the path, " < > \' in the query', (origin) => `${origin}/{a}"<>\`^|?q="<>'{}^|\``],
    [
      "an uppercase scheme and host",
      (origin) => origin.replace("http://127.0.0.1", "HTTP://LOCALHOST") + "/Case",
    ],
    ["a fragment, which neither sends", (origin) => `${origin}/f?x=1#it's`],
  ];

  itWithCurl.each(urls)("%s", async (_title, make) => {
    const target = make(server.origin);
    const built: RequestOptions = { method: "get", url: target, headers: { "x-case": "1" } };
    const viaFetch = await roundTrip(async () => (await fetch(...toFetch(built))).arrayBuffer());
    const viaCurl = await roundTrip(() => run("bash", ["-c", toCurl(built) + " --silent --show-error"]));
    expect([viaCurl?.pathAndQuery, viaCurl?.headers.host]).toEqual([
      viaFetch?.pathAndQuery,
      viaFetch?.headers.host,
    ]);
  });

  it("endpoint()'s ' goes out as %27 through both", async () => {
    const built = api("GET /search?q=it's");
    const received = await roundTrip(async () => (await fetch(...toFetch(built))).arrayBuffer());
    expect(received?.pathAndQuery).toBe("/search?q=it%27s");
  });
});

describe("header values with leading and trailing spaces and tabs, which endpoint() returns unchanged", () => {
  const build = () =>
    api("GET /padded", {
      headers: { "x-padded": " \t padded \t ", "x-inside": "a \t b", "x-blank": " \t " },
    });

  /** What the server reads: a field value has no leading or trailing whitespace (RFC 9110 §5.5). */
  function expectFieldValues(received: ReceivedRequest | undefined): void {
    expect(received?.headers).toMatchObject({ "x-padded": "padded", "x-inside": "a \t b", "x-blank": "" });
  }

  it("fetch(...toFetch(options))", async () => {
    expectFieldValues(await roundTrip(async () => (await fetch(...toFetch(build()))).arrayBuffer()));
  });

  itWithCurl("bash -c toCurl(options): the blank value is sent, not removed", async () => {
    const received = await roundTrip(() => run("bash", ["-c", toCurl(build()) + " --silent --show-error"]));
    expectFieldValues(received);
    expect(received?.rawHeaders).toContain("x-blank");
  });

  it("node:http request() with toBody(options) sends the same bytes as fetch", async () => {
    const received = await viaNodeHttp(await toBody(build()));
    expectFieldValues(received);
    expect(received?.rawHeaders).toEqual(expect.arrayContaining(["x-padded", "padded", "x-blank", ""]));
  });
});

describe("bodies beyond the JSON, text and bytes cases", () => {
  const post = (data: unknown, headers: Record<string, string> = {}): RequestOptions =>
    api("POST /upload", { data, headers });

  it("fetch: a string without content-type goes out without one (no text/plain)", async () => {
    const built = post("plain words");
    expectOnTheWire(built, await roundTrip(async () => (await fetch(...toFetch(built))).arrayBuffer()));
  });

  itWithCurl("curl: a string without content-type goes out without one", async () => {
    const built = post("plain words");
    expectOnTheWire(built, await roundTrip(() => run("bash", ["-c", toCurl(built) + " --silent"])));
  });

  itWithCurl("fetch and curl send URLSearchParams with the same bytes and content-type", async () => {
    const built = post(new URLSearchParams({ q: "a b", lang: "ü" }));
    const viaFetch = await roundTrip(async () => (await fetch(...toFetch(built))).arrayBuffer());
    const viaCurl = await roundTrip(() => run("bash", ["-c", toCurl(built) + " --silent"]));
    for (const received of [viaFetch, viaCurl]) {
      expect(received?.body.toString()).toBe("q=a+b&lang=%C3%BC");
      expect(received?.headers["content-type"]).toBe("application/x-www-form-urlencoded;charset=UTF-8");
    }
  });

  describe("a null body (endpoint() returns it for data: null) goes out as no body", () => {
    /** A POST without body: zero bytes, content-length 0, no content-type. */
    function expectNoBody(received: ReceivedRequest | undefined): void {
      expect(received?.method).toBe("POST");
      expect(received?.body.length).toBe(0);
      expect(received?.headers["content-length"]).toBe("0");
      expect(received?.headers["content-type"]).toBeUndefined();
    }

    it("fetch(...toFetch(options))", async () => {
      const built = post(null);
      expect(built.body).toBeNull();
      expectNoBody(await roundTrip(async () => (await fetch(...toFetch(built))).arrayBuffer()));
    });

    itWithCurl("bash -c toCurl(options)", async () => {
      expectNoBody(await roundTrip(() => run("bash", ["-c", toCurl(post(null)) + " --silent --show-error"])));
    });

    it("node:http request() with toBody(options)", async () => {
      const built = await toBody(post(null));
      expectNoBody(await viaNodeHttp(built, built.body));
    });
  });

  // Found by the review of 2026-11-26 (F4): toBody read a body through members a subclass or an
  // own property can change, where fetch and curl read the internal slots.
  describe("a body whose own members lie goes out as the same bytes through fetch, curl and toBody", () => {
    class Params extends URLSearchParams {
      override toString(): string {
        return "lie=1";
      }
    }
    class Sneaky extends Blob {
      override get type(): string {
        return "text/lie";
      }
    }
    const lyingView = () =>
      Object.defineProperty(new TextEncoder().encode("real bytes"), "buffer", {
        value: new TextEncoder().encode("other data").buffer,
      });

    async function viaToBody(built: RequestOptions): Promise<ReceivedRequest | undefined> {
      const sent = await toBody(built);
      return viaNodeHttp(sent, sent.body);
    }

    it.each<[string, () => unknown, string, string]>([
      ["a Uint8Array with an own buffer", lyingView, "real bytes", "text/plain"],
      ["URLSearchParams with an own toString()", () => new Params("q=a b"), "q=a+b", "text/plain"],
    ])("%s", async (_title, make, text, contentType) => {
      const built = post(make(), { "content-type": contentType });
      const received = [
        await roundTrip(async () => (await fetch(...toFetch(built))).arrayBuffer()),
        await viaToBody(built),
      ];
      if (hasCurl) received.push(await roundTrip(() => run("bash", ["-c", toCurl(built) + " --silent"])));
      for (const request of received) expect(request?.body.toString()).toBe(text);
    });

    it("a Blob with its own type getter", async () => {
      const built = post(new Sneaky(["real"], { type: "text/csv" }));
      const received = [
        await roundTrip(async () => (await fetch(...toFetch(built))).arrayBuffer()),
        await viaToBody(built),
      ];
      for (const request of received) {
        expect([request?.headers["content-type"], request?.body.toString()]).toEqual(["text/csv", "real"]);
      }
    });
  });

  // Found by the review of 2026-11-26 (F8): fetch read init.body through Object.prototype.
  it("fetch: Object.prototype.body set by other code does not go out as the body of a body-less DELETE", async () => {
    const prototype = Object.prototype as { body?: unknown };
    const built = api("DELETE /items/{id}", { id: 1 });
    prototype.body = "polluted";
    try {
      const received = await roundTrip(async () => (await fetch(...toFetch(built))).arrayBuffer());
      expect([received?.method, received?.body.toString()]).toEqual(["DELETE", ""]);
    } finally {
      delete prototype.body;
    }
  });

  it("fetch: FormData goes out as multipart with fetch's boundary, not the caller's bare content-type", async () => {
    const form = new FormData();
    form.append("name", "Zoë");
    const received = await roundTrip(async () =>
      (await fetch(...toFetch(post(form, { "content-type": "multipart/form-data" })))).arrayBuffer(),
    );
    expect(received?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(received?.body.toString()).toContain('name="name"\r\n\r\nZoë');
  });

  it('fetch: a ReadableStream goes out with duplex: "half"', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("streamed "));
        controller.enqueue(new TextEncoder().encode("bytes"));
        controller.close();
      },
    });
    const received = await roundTrip(async () =>
      (await fetch(...toFetch(post(stream, { "content-type": "text/plain" })))).arrayBuffer(),
    );
    expect(received?.body.toString()).toBe("streamed bytes");
  });

  it("fetch: request.signal is carried into init", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(fetch(...toFetch(api("GET /", { request: { signal: controller.signal } })))).rejects.toThrow(
      /abort/i,
    );
  });
});
