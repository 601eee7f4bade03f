// Sends request options with undici's request(). Run: npm run build && node examples/undici.mjs
import { request } from "undici";
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
// undici sends the method as given, and HTTP methods are case-sensitive: uppercase it.
const response = await request(url, { method: method.toUpperCase(), headers, body: JSON.stringify(body) });
// #endregion snippet

await response.body.dump();
console.log(`status: ${response.statusCode}`);
await server.close();
