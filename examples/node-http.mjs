// Sends request options with node:http. Run: npm run build && node examples/node-http.mjs
import { request } from "node:http";
import { once } from "node:events";
import { endpoint, toBody } from "service-endpoint";
import { startLocalServer } from "./local-server.mjs";

const server = await startLocalServer();
const api = endpoint.defaults({ baseUrl: server.origin, headers: { authorization: "token secret-123" } });

// #region snippet
const options = api("POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "Hi ✓" });
const { method, url, headers, body } = await toBody(options);
const [response] = await once(request(url, { method, headers }).end(body), "response");
// #endregion snippet

response.resume();
console.log(`status: ${response.statusCode}`);
await server.close();
