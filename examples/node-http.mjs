// Sends request options with node:http. Run: npm run build && node examples/node-http.mjs
import { request } from "node:http";
import { once } from "node:events";
import { endpoint } from "service-endpoint";
import { startLocalServer } from "./local-server.mjs";

const server = await startLocalServer();
const api = endpoint.defaults({ baseUrl: server.origin, headers: { authorization: "token secret-123" } });

// #region snippet
const { method, url, headers, body } = api("POST /repos/{owner}/{repo}/issues", {
  owner: "octo",
  repo: "hello",
  title: "Hi ✓",
});
const payload = JSON.stringify(body); // a JSON body is a plain object; send text and bytes as they are
// node:http frames a body by itself only for some methods (not DELETE): give its length.
const outgoing = request(url, {
  method,
  headers: { ...headers, "content-length": Buffer.byteLength(payload) },
});
outgoing.end(payload);
const [response] = await once(outgoing, "response");
// #endregion snippet

response.resume();
console.log(`status: ${response.statusCode}`);
await server.close();
