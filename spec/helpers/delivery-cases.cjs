// The body kinds of the delivery matrix (spec/delivery.spec.ts), each built with `endpoint()` as
// an app builds it. CommonJS, so that jest (running the sources) and the got child process
// (spec/helpers/send-with-got-to-body.mjs, running dist/) build the very same requests.
"use strict";

/** Text with a quote, non-ASCII, a CR LF and a character outside the BMP: every byte must survive. */
const TEXT = "Zoë's ✓ notes\r\n🎉";

/** Bytes that are UTF-8 text (curl can carry them too) but not ASCII. */
function utf8(text) {
  return new TextEncoder().encode(text);
}

/** A stream of two chunks, made anew for each request (a stream is read once). */
function twoChunks() {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(utf8("streamed ✓ "));
      controller.enqueue(utf8("bytes"));
      controller.close();
    },
  });
}

/**
 * `[kind, build]` rows: `build(api)` returns the request options, `api` being
 * `endpoint.defaults({ baseUrl })` of the package under test. Every path is different, so a
 * request is found by its path on the server.
 */
const deliveryCases = [
  [
    "none",
    (api) =>
      api("GET /repos/{owner}/{repo}/issues", {
        owner: "octo",
        repo: "hello",
        labels: ["bug", "ü i"],
        per_page: 2,
      }),
  ],
  [
    "none, PUT",
    // A PATCH, POST or PUT without body still says `content-length: 0` (some servers answer 411).
    (api) => api("PUT /user/starred/{owner}/{repo}", { owner: "octo", repo: "hello" }),
  ],
  [
    "JSON object",
    (api) =>
      api("POST /repos/{owner}/{repo}/issues", {
        owner: "octo",
        repo: "hello",
        title: TEXT,
        labels: ["ünï"],
      }),
  ],
  [
    "JSON array",
    (api) =>
      api("DELETE /repos/{owner}/{repo}/collaborators", {
        owner: "octo",
        repo: "hello",
        data: ["ana", "zoë"],
      }),
  ],
  [
    "text",
    (api) =>
      api("POST /markdown/raw", {
        data: TEXT,
        headers: { "content-type": "text/plain; charset=utf-8", accept: "text/html" },
      }),
  ],
  [
    "Uint8Array",
    (api) => {
      const bytes = utf8("PK\u0003\u0004 zip-ish ✓");
      return api("POST /repos/{owner}/{repo}/releases/{id}/assets{?name,label}", {
        owner: "octo",
        repo: "hello",
        id: 1,
        name: "hello.zip",
        label: "Hello (zip)",
        data: bytes,
        // A stale length, as an app might leave it: every adapter sends the real one.
        headers: { "content-type": "application/zip", "content-length": 999 },
      });
    },
  ],
  [
    "ArrayBuffer",
    (api) =>
      api("PUT /repos/{owner}/{repo}/contents/{path}", {
        owner: "octo",
        repo: "hello",
        path: "data.bin",
        // No content-type: none must go out (axios would add a form one to a PUT of its own accord).
        data: utf8("array ✓ buffer").buffer,
      }),
  ],
  [
    "Buffer",
    (api) =>
      // A small Buffer is a view into Node's shared pool: only its own bytes may go out.
      api("PATCH /gists/{id}", {
        id: "aa5a315d",
        data: Buffer.from("buffer ✓ slice"),
        headers: { "content-type": "application/octet-stream" },
      }),
  ],
  [
    "Blob",
    (api) =>
      api("POST /uploads/{name}", {
        name: "logo.svg",
        data: new Blob(["<svg>✓</svg>"], { type: "image/svg+xml" }),
      }),
  ],
  [
    "FormData",
    (api) => {
      const form = new FormData();
      form.append("title", TEXT);
      form.append("file", new Blob(["file ✓ contents"], { type: "text/plain" }), "notes.txt");
      // The caller's bare content-type has no boundary: the adapters replace it.
      return api("POST /repos/{owner}/{repo}/attachments", {
        owner: "octo",
        repo: "hello",
        data: form,
        headers: { "content-type": "multipart/form-data" },
      });
    },
  ],
  [
    "URLSearchParams",
    (api) =>
      api("POST /login/oauth/access_token", { data: new URLSearchParams({ code: "a b&c", lang: "ü" }) }),
  ],
  [
    "ReadableStream",
    (api) =>
      api("POST /repos/{owner}/{repo}/logs", {
        owner: "octo",
        repo: "hello",
        data: twoChunks(),
        headers: { "content-type": "text/plain; charset=utf-8" },
      }),
  ],
];

module.exports = { deliveryCases, TEXT };
