// The table of calls that scripts/browser-test.mjs runs both in Node and in headless Chromium.
// Runs in both: uses nothing but the library and the web platform. Every result is made
// JSON-comparable (bytes as arrays, errors as { code, message }).

/** Makes a result JSON-comparable: typed arrays and ArrayBuffers as { bytes }, other objects key by key. */
function comparable(value) {
  if (value instanceof ArrayBuffer) return { bytes: [...new Uint8Array(value)] };
  if (ArrayBuffer.isView(value))
    return { bytes: [...new Uint8Array(value.buffer, value.byteOffset, value.byteLength)] };
  if (Array.isArray(value)) return value.map(comparable);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, comparable(entry)]));
  }
  return value === undefined ? { undefined: true } : value;
}

/** Runs `call` and returns its result, or the error it throws, in a comparable form. */
function attempt(call) {
  try {
    return { result: comparable(call()) };
  } catch (error) {
    return { error: { name: error.name, code: error.code, message: error.message } };
  }
}

/**
 * @param lib the exports of service-endpoint (dist/index.mjs)
 * @returns [title, outcome] pairs
 */
export function runCases(lib) {
  const { endpoint, EndpointBuilder, callable, parseTemplate, toFetch, toCurl, VERSION } = lib;
  const upload = new TextEncoder().encode("PK\u0003\u0004 ✓");
  const acme = endpoint.defaults({
    baseUrl: "https://acme.example/api/v2",
    headers: { authorization: "token abc" },
  });
  class AcmeBuilder extends EndpointBuilder {}
  const cases = {
    VERSION: () => VERSION,
    DEFAULTS: () => endpoint.DEFAULTS,
    "GET with query": () =>
      endpoint("GET /repos/{owner}/{repo}/issues", {
        owner: "octo",
        repo: "hello",
        state: "open",
        labels: ["bug", "ui"],
      }),
    "POST JSON with non-ASCII text": () =>
      endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Zoë ✓ 🎉" }),
    "PATCH :name form": () => endpoint("PATCH /repos/:owner/:repo", { owner: "o", repo: "r", private: true }),
    "PUT without body": () => endpoint("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }),
    "DELETE with encoded path": () => endpoint("DELETE /labels/{name}", { name: "needs review/ü" }),
    "data text": () =>
      endpoint("POST /markdown/raw", {
        data: "Hello **world**",
        headers: { "content-type": "text/plain", accept: "text/html" },
      }),
    "data bytes with an upload template": () =>
      endpoint("POST /repos/{owner}/{repo}/releases/{id}/assets{?name,label}", {
        owner: "o",
        repo: "r",
        id: 1,
        name: "a b.zip",
        label: "Ünïcödé",
        data: upload,
        headers: { "content-type": "application/zip", "content-length": upload.byteLength },
      }),
    "mediaType format": () =>
      endpoint("GET /repos/{owner}/{repo}/pulls/1", { owner: "o", repo: "r", mediaType: { format: "diff" } }),
    "mediaType previews": () =>
      endpoint("GET /x", { mediaType: { previews: ["symmetra", "luke-cage-preview"], format: "raw" } }),
    "defaults cascade": () =>
      acme.defaults({ per_page: 100 })("GET /orgs/{org}/repos", { org: "acme", headers: { "X-Page": 2 } }),
    "merge keeps placeholders": () => endpoint.merge("POST /a/{b}", { b: "c", d: 1 }),
    "parse of merge": () =>
      endpoint.parse(endpoint.merge("GET /a/{b}{?c}", { b: "x", c: [1, 2], e: { f: "g" } })),
    "absolute url": () => endpoint("GET https://other.example/{path}", { path: "a/b" }),
    "subclass survives defaults": () => new AcmeBuilder().defaults({ a: 1 }) instanceof AcmeBuilder,
    "callable over a builder": () => callable(new AcmeBuilder({ baseUrl: "https://b.example" }))("GET /"),
    "RFC 6570 level 4": () =>
      ["{+path}/here", "{#x,hello,y}", "{/list*}", "{?keys*}", "{;list}", "{.var:3}"].map((template) =>
        parseTemplate(template).expand({
          path: "/foo/bar",
          x: 1024,
          y: 768,
          hello: "Hello World!",
          list: ["red", "green", "blue"],
          keys: { semi: ";", dot: ".", comma: "," },
          var: "value",
        }),
      ),
    "error: missing parameter": () => endpoint("DELETE /repos/{owner}/{repo}", { owner: "o" }),
    "error: invalid template": () => endpoint("GET /a{b"),
    "error: invalid route": () => endpoint("GET /a /b"),
    "toFetch JSON": () => toFetch(endpoint("PATCH /a/{id}", { id: 1, name: "Zoë" })),
    "toFetch body-less PUT": () => toFetch(endpoint("PUT /a")),
    "toFetch text without content-type": () =>
      toFetch({ method: "post", url: "https://x.example/", headers: {}, body: "ü" }),
    "toFetch bytes, content-length left out": () =>
      toFetch(
        endpoint("POST /u{?name}", {
          name: "x",
          data: upload,
          headers: { "content-length": upload.byteLength },
        }),
      ),
    "toFetch error: object with form content-type": () =>
      toFetch({
        method: "post",
        url: "https://x.example/",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: { a: 1 },
      }),
    "toCurl JSON with a quote": () => toCurl(endpoint("POST /a", { text: "it's" })),
    "toCurl HEAD": () => toCurl(endpoint("HEAD /a")),
    "toCurl multiline": () => toCurl(endpoint("PUT /a/{b}", { b: "[x]" }), { multiline: true }),
    "toCurl bytes as text": () =>
      toCurl(endpoint("POST /u", { data: upload, headers: { "content-type": "application/zip" } })),
    "toCurl error: binary bytes": () =>
      toCurl({ method: "post", url: "https://x.example/", headers: {}, body: new Uint8Array([255]) }),
  };
  return Object.entries(cases).map(([title, call]) => [title, attempt(call)]);
}

/**
 * Requests that the page sends with fetch(...toFetch(…)) to the test server's /echo/ path, and
 * Node sends the same way; the server's records of both are compared.
 */
export function echoRequests(lib, origin) {
  const api = lib.endpoint.defaults({ baseUrl: `${origin}/echo`, headers: { authorization: "token abc" } });
  return [
    api("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Zoë ✓" }),
    api("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", private: true }),
    api("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }),
    api("DELETE /labels/{name}", { name: "a b" }),
    api("GET /search{?q,page}", { q: "a+b ü", page: 2, headers: { "x-page-size": 50 } }),
    api("POST /markdown/raw", { data: "plain ✓", headers: { "content-type": "text/plain; charset=utf-8" } }),
    // Hand-made body on built options: a string without content-type goes out without one.
    { ...api("POST /raw"), body: "no type ✓" },
    api("POST /upload{?name}", {
      name: "a.bin",
      data: new Uint8Array([0, 1, 2, 255]),
      headers: { "content-type": "application/octet-stream", "content-length": 4 },
    }),
  ];
}
