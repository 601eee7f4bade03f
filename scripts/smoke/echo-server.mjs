// The server the smoke suite sends its requests to: 127.0.0.1 on a free port, run by the Node that
// drives the suite (so every runtime is measured against one HTTP parser). A request to /echo/…
// is answered with what arrived, as JSON: method, url, the header lines in order (names
// lowercased) and the body bytes. GET /reference answers with the JSON the driver hands over
// (what Node's own run of scripts/browser-cases.mjs gave).
import { createServer } from "node:http";

/**
 * What arrived: method, url, the header lines in order (names lowercased) and the body bytes.
 * @param request a node:http IncomingMessage, read to its end
 * @param chunks the body chunks it gave
 */
export function describeArrival(request, chunks) {
  const headers = [];
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    headers.push([request.rawHeaders[index].toLowerCase(), request.rawHeaders[index + 1]]);
  }
  return { method: request.method, url: request.url, headers, body: [...Buffer.concat(chunks)] };
}

/**
 * @param reference the JSON value served at /reference
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export async function startEchoServer(reference) {
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      let answer;
      if (request.url.startsWith("/echo/")) {
        answer = describeArrival(request, chunks);
      } else if (request.method === "GET" && request.url === "/reference") {
        answer = reference;
      } else {
        response.writeHead(404, { connection: "close" }).end();
        return;
      }
      response.writeHead(200, { "content-type": "application/json", connection: "close" });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
