import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";

/** One request exactly as it arrived: raw method, raw path and query, every header line, body bytes. */
export interface ArrivedRequest {
  method: string;
  pathAndQuery: string;
  /** Every header line, name lowercased, value as sent; a name sent twice has both values, in order. */
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/**
 * A real HTTP server on 127.0.0.1 (a free port) for the delivery matrix. It answers every request
 * with 204 and keeps the connection open, so that each client reuses its connections; `close()`
 * ends them all.
 */
export interface DeliveryServer {
  /** `http://127.0.0.1:<port>`, or `https://…` */
  origin: string;
  /** `127.0.0.1:<port>`, the `host` header every client sends. */
  host: string;
  arrived: ArrivedRequest[];
  close(): Promise<void>;
}

/** rawHeaders `[name, value, name, value, …]` as one record; duplicates are kept, not joined. */
function headerRecord(rawHeaders: string[]): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] ?? "").toLowerCase();
    const value = rawHeaders[index + 1] ?? "";
    const earlier = record[name];
    record[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return record;
}

/** With `tls` (a PEM key and certificate for 127.0.0.1), the server speaks HTTPS. */
export async function startDeliveryServer(tls?: { key: string; cert: string }): Promise<DeliveryServer> {
  const arrived: ArrivedRequest[] = [];
  const record = (request: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      arrived.push({
        method: request.method ?? "",
        pathAndQuery: request.url ?? "",
        headers: headerRecord(request.rawHeaders),
        body: Buffer.concat(chunks),
      });
      response.writeHead(204).end();
    });
  };
  const server: Server = tls === undefined ? createServer(record) : createTlsServer(tls, record);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${tls === undefined ? "http" : "https"}://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    arrived,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
