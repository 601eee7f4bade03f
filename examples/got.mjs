// Sends request options with got. Run: npm run build && node examples/got.mjs
import got from "got";
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
const response = await got(url, { method: method.toUpperCase(), headers, json: body }); // `body` for text and bytes
// #endregion snippet

console.log(`status: ${response.statusCode}`);
await server.close();
