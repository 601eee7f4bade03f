import { createServer } from "node:http";
import type { IncomingHttpHeaders, Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the server saw it: raw method, raw path and query, headers, raw header lines, body bytes. */
export interface ReceivedRequest {
  method: string;
  pathAndQuery: string;
  headers: IncomingHttpHeaders;
  /** Names and values as they came, alternating; one character per byte (Latin-1), duplicates and `__proto__` kept. */
  rawHeaders: string[];
  body: Buffer;
}

/** A real HTTP server on 127.0.0.1 (a free port) that records every request and answers 204. */
export interface RecordingServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        pathAndQuery: request.url ?? "",
        headers: request.headers,
        rawHeaders: request.rawHeaders,
        body: Buffer.concat(chunks),
      });
      // HEAD and 204 carry no body; every client is done when the headers arrive.
      response.writeHead(204, { connection: "close" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
