import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inspect } from "node:util";
import { endpoint, toCurl, toFetch } from "../lib/index.js";
import { thrown } from "./helpers/thrown.js";

// docs/adapters.md shows real outputs: each one is produced here again and must be in the page.
const page = readFileSync(join(__dirname, "..", "docs", "adapters.md"), "utf8");
const bytes = new TextEncoder().encode("PK…");

/** The EndpointError `action` throws, written as the page shows it. */
function shownError(action: () => unknown): string {
  const { code, message } = thrown(action);
  return `// EndpointError ${code}: ${message}`;
}

const shown: [title: string, output: () => string][] = [
  [
    "toFetch of a PATCH",
    () =>
      inspect(
        toFetch(
          endpoint("PATCH /repos/{owner}/{repo}/issues/{number}", {
            owner: "octo",
            repo: "hello",
            number: 7,
            state: "closed",
          }),
        ),
        { depth: 5, breakLength: 100 },
      ),
  ],
  [
    "toFetch of a body-less PUT",
    () =>
      inspect(toFetch(endpoint("PUT /user/starred/{owner}/{repo}", { owner: "octo", repo: "hello" })), {
        depth: 5,
        breakLength: 100,
      }),
  ],
  [
    "toFetch of an upload",
    () =>
      inspect(
        toFetch(
          endpoint("POST /repos/{owner}/{repo}/releases/{id}/assets{?name,label}", {
            owner: "octo",
            repo: "hello",
            id: 1,
            name: "example.zip",
            label: "Example Archive",
            data: bytes,
            headers: { "content-type": "application/zip", "content-length": bytes.byteLength },
          }),
        ),
        { depth: 5, breakLength: 100 },
      ),
  ],
  [
    "toFetch error for a file: url",
    () => shownError(() => toFetch({ method: "get", url: "file:///etc/passwd", headers: {} })),
  ],
  [
    "toFetch error for a method that is not a token",
    () =>
      shownError(() =>
        toFetch({
          method: "GET / HTTP/1.1\r\nX-Injected: 1",
          url: "https://api.service.example/",
          headers: {},
        }),
      ),
  ],
  [
    "toFetch of a vendor JSON content-type",
    () =>
      inspect(
        toFetch(
          endpoint("POST /", {
            baseUrl: "https://dynamodb.us-east-1.amazonaws.com",
            data: { TableName: "Music" },
            headers: {
              "content-type": "application/x-amz-json-1.0",
              "x-amz-target": "DynamoDB_20120810.DescribeTable",
            },
          }),
        ),
        { depth: 5, breakLength: 100 },
      ),
  ],
  [
    "toCurl of a body that would redraw the terminal",
    () =>
      toCurl(
        endpoint("POST /notes", {
          data: "x\r\u001b[2Jrm -rf ~ #",
          headers: { "content-type": "text/plain" },
        }),
      ),
  ],
  [
    "toCurl of a Latin-1 header value",
    () => toCurl(endpoint("GET /menu", { headers: { "x-dish": "café" } })),
  ],
  [
    "toCurl error for an origin-relative url",
    () => shownError(() => toCurl({ method: "get", url: "/api/items?q=1", headers: {} })),
  ],
  [
    "toFetch error for an object with a form content-type",
    () =>
      shownError(() =>
        toFetch(
          endpoint("POST /form", {
            data: { a: 1 },
            headers: { "content-type": "application/x-www-form-urlencoded" },
          }),
        ),
      ),
  ],
  [
    "toCurl multiline",
    () =>
      toCurl(
        endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "It's ✓" }),
        {
          multiline: true,
        },
      ),
  ],
  ["toCurl of HEAD", () => toCurl(endpoint("HEAD /repos/{owner}/{repo}", { owner: "octo", repo: "hello" }))],
  [
    "toCurl of a body-less PUT",
    () => toCurl(endpoint("PUT /user/starred/{owner}/{repo}", { owner: "octo", repo: "hello" })),
  ],
  [
    "toCurl of a text body",
    () =>
      toCurl(
        endpoint("POST /markdown/raw", {
          data: "Hello **world**",
          headers: { "content-type": "text/plain; charset=utf-8", accept: "text/html" },
        }),
      ),
  ],
  [
    "toCurl error for binary bytes",
    () =>
      shownError(() =>
        toCurl(
          endpoint("POST /upload", {
            data: new Uint8Array([0xff, 0xd8, 0xff]),
            headers: { "content-type": "image/jpeg" },
          }),
        ),
      ),
  ],
];

describe("docs/adapters.md", () => {
  it.each(shown)("shows the real output of %s", (_title, output) => {
    expect(page).toContain(`${output()}\n`);
  });
});
