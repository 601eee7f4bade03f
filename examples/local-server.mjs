// A local server for the client examples: 127.0.0.1 on a free port, prints each request it receives.
import { createServer } from "node:http";

export async function startLocalServer() {
  const server = createServer((request, response) => {
    /** @type {Buffer[]} */
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      console.log(`received: ${request.method} ${request.url}`);
      for (const name of ["authorization", "content-type", "content-length"]) {
        if (request.headers[name] !== undefined) console.log(`  ${name}: ${request.headers[name]}`);
      }
      console.log(`  body: ${Buffer.concat(chunks).toString()}`);
      response.writeHead(201, { "content-type": "application/json", connection: "close" });
      response.end('{"number":1}');
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
