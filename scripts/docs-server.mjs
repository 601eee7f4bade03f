// The API the documentation's snippets talk to while they are checked: a server on 127.0.0.1,
// standing in for https://api.example.com (scripts/readme-examples.mjs and check-package.mjs).
// - GET /items?page=N: two items a page, three pages, and a Link header with rel="next" (and
//   rel="last") while there is a next page;
// - anything else: 201 for a POST, 200 otherwise, and a JSON echo of what arrived:
//   { method, url, authorization?, type, body }, where `body` is the parsed JSON, the text, the
//   parts of a multipart form (a file part as "name.txt, 12 bytes, text/plain") or a byte count.
import { createServer } from "node:http";

const PAGES = [[{ id: 1 }, { id: 2 }], [{ id: 3 }, { id: 4 }], [{ id: 5 }]];

/** What a request body holds, written so that a snippet's output can show it. */
async function describeBody(type, bytes, headers) {
  if (bytes.length === 0) return undefined;
  if (type === "application/json") return JSON.parse(bytes.toString("utf8"));
  if (type.startsWith("text/") || type === "application/x-www-form-urlencoded") return bytes.toString("utf8");
  if (type === "multipart/form-data") {
    const form = await new Response(bytes, {
      headers: { "content-type": headers["content-type"] },
    }).formData();
    const parts = {};
    for (const [name, value] of form) {
      parts[name] =
        typeof value === "string" ? value : `${value.name}, ${value.size} bytes, ${value.type || "no type"}`;
    }
    return parts;
  }
  return `${bytes.length} bytes`;
}

export async function startDocsServer() {
  /** What arrived, in order: method, url and headers of each request. */
  const requests = [];
  const server = createServer((request, response) => {
    requests.push({ method: request.method, url: request.url, headers: request.headers });
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", async () => {
      const origin = `http://${request.headers.host}`;
      const url = new URL(request.url ?? "/", origin);
      if (request.method === "GET" && url.pathname === "/items") {
        const page = Number(url.searchParams.get("page") ?? "1");
        const links = [];
        if (page < PAGES.length) links.push(`<${origin}/items?page=${page + 1}>; rel="next"`);
        links.push(`<${origin}/items?page=${PAGES.length}>; rel="last"`);
        response.writeHead(200, { "content-type": "application/json", link: links.join(", ") });
        response.end(JSON.stringify(PAGES[page - 1] ?? []));
        return;
      }
      const type = (request.headers["content-type"] ?? "").split(";")[0].trim();
      const echo = { method: request.method, url: request.url };
      if (request.headers.authorization !== undefined) echo.authorization = request.headers.authorization;
      if (type !== "") echo.type = type;
      try {
        const body = await describeBody(type, Buffer.concat(chunks), request.headers);
        if (body !== undefined) echo.body = body;
        response.writeHead(request.method === "POST" ? 201 : 200, { "content-type": "application/json" });
        response.end(JSON.stringify(echo));
      } catch (error) {
        response.writeHead(400, { "content-type": "text/plain" });
        response.end(String(error));
      }
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
