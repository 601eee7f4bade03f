// One request per body kind through the environment's own fetch, as `fetch(...toFetch(options))`,
// to an echo server that answers with what arrived (scripts/smoke/echo-server.mjs): method,
// url, header lines, body bytes. Run by scripts/smoke/smoke.mjs in Node.js, Bun and Deno, and by
// the pages of scripts/browser-test.mjs in Chromium; it uses nothing but the web platform.
// What arrived is reduced to what is checked: method, path and query, the headers the request
// options set, content-type, content-length or chunked framing, and the body bytes (multipart
// bodies part by part, as the boundary is the sender's choice).

const encoder = new TextEncoder();
const utf8 = (text) => [...encoder.encode(text)];
/** The headers looked at on arrival; the sender's own (host, accept-encoding, …) are not. */
const WATCHED = [
  "accept",
  "user-agent",
  "authorization",
  "content-type",
  "content-length",
  "transfer-encoding",
];

/** The `watched` headers of an arrival as an object (a header sent twice shows as an array). */
function watchedHeaders(lines, watched) {
  const headers = {};
  for (const [name, value] of lines) {
    if (!watched.includes(name)) continue;
    headers[name] = name in headers ? [headers[name], value].flat() : value;
  }
  return headers;
}

/** What arrived, reduced to what is checked. */
export function arrival(received, watched = WATCHED) {
  return {
    method: received.method,
    url: received.url,
    headers: watchedHeaders(received.headers, watched),
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
function multipartArrival(received, watched) {
  const { headers, ...rest } = arrival(received, watched);
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

/**
 * Sends one request per body kind and returns, for each, `[title, what arrived, what must arrive]`.
 *
 * @param lib the exports of service-endpoint
 * @param echoBase the absolute url of the echo server's /echo path
 * @param environment `Buffer` where there is one (its case is left out otherwise); `sendsUserAgent`:
 *   false where fetch sends its own user-agent (browsers); `streamsOverHttp1`: false where fetch
 *   refuses a stream body over HTTP/1.1 (Chromium)
 */
export async function sendBodyKinds(
  lib,
  echoBase,
  { Buffer, sendsUserAgent = true, streamsOverHttp1 = true } = {},
) {
  const { endpoint, toFetch, VERSION } = lib;
  const path = new URL(echoBase).pathname;
  const api = endpoint.defaults({ baseUrl: echoBase, headers: { authorization: "token smoke" } });
  const watched = sendsUserAgent ? WATCHED : WATCHED.filter((name) => name !== "user-agent");
  /** The headers every request options object here sets, as they must arrive. */
  const optionHeaders = {
    accept: "application/vnd.service.v3+json",
    ...(sendsUserAgent ? { "user-agent": `service-endpoint.js/${VERSION}` } : {}),
    authorization: "token smoke",
  };
  const bytes = new Uint8Array([0, 1, 2, 127, 128, 255]);
  const blob = new Blob(["blob ✓"], { type: "text/plain" });

  /** [body kind, request options, expected arrival] */
  const bodyKinds = [
    [
      "none: GET",
      api("GET /repos/{owner}/{repo}{?page}", { owner: "o", repo: "r", page: 2 }),
      { method: "GET", url: `${path}/repos/o/r?page=2`, headers: optionHeaders, body: [] },
    ],
    [
      "none: PUT sends a zero-length body",
      api("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }),
      {
        method: "PUT",
        url: `${path}/user/starred/o/r`,
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
        url: `${path}/repos/o/r/issues?q=a%20b%20%C3%BC`,
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
        url: `${path}/batch`,
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
        url: `${path}/markdown/raw`,
        headers: { ...optionHeaders, "content-type": "text/plain; charset=utf-8", "content-length": "10" },
        body: utf8("plain ✓\n"),
      },
    ],
    ...[
      ["Uint8Array", bytes.slice()],
      ["Uint8Array view into a larger buffer", new Uint8Array([9, ...bytes, 9]).subarray(1, 7)],
      ["ArrayBuffer", bytes.slice().buffer],
      ...(Buffer === undefined ? [] : [["Buffer", Buffer.from(bytes)]]),
    ].map(([kind, data]) => [
      kind,
      api("POST /upload{?name}", {
        name: `${kind}.bin`,
        data,
        headers: { "content-type": "application/octet-stream" },
      }),
      {
        method: "POST",
        url: `${path}/upload?name=${encodeURIComponent(kind)}.bin`,
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
        url: `${path}/blob`,
        headers: { ...optionHeaders, "content-type": blob.type, "content-length": "8" },
        body: utf8("blob ✓"),
      },
    ],
    [
      "URLSearchParams",
      api("POST /form", { data: new URLSearchParams({ a: "1 2", b: "ü" }) }),
      {
        method: "POST",
        url: `${path}/form`,
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
      streamsOverHttp1
        ? {
            method: "POST",
            url: `${path}/stream`,
            headers: {
              ...optionHeaders,
              "content-type": "application/octet-stream",
              "transfer-encoding": "chunked",
            },
            body: [...utf8("stream ✓ "), 0, 255],
          }
        : // Chromium sends a streaming request body over HTTP/2 or later only; this server speaks HTTP/1.1.
          { threw: "TypeError: Failed to fetch" },
    ],
  ];

  const form = new FormData();
  form.append("name", "value ✓");
  form.append(
    "file",
    new Blob([new Uint8Array([0, 1, 2, 255])], { type: "application/octet-stream" }),
    "a.bin",
  );
  bodyKinds.push([
    "FormData with a file part",
    api("POST /multipart", { data: form }),
    {
      method: "POST",
      url: `${path}/multipart`,
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
  ]);

  const results = [];
  for (const [kind, options, expected] of bodyKinds) {
    let actual;
    try {
      const received = await (await fetch(...toFetch(options))).json();
      actual = kind.startsWith("FormData") ? multipartArrival(received, watched) : arrival(received, watched);
    } catch (error) {
      actual = { threw: `${error.name}: ${error.message}` };
    }
    results.push([`fetch(...toFetch(options)), body ${kind}`, actual, expected]);
  }
  return results;
}
