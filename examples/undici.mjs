// Sends request options with undici's request(). Run: npm run build && node examples/undici.mjs
import { request } from "undici";
import { endpoint, toBody } from "service-endpoint";
import { startLocalServer } from "./local-server.mjs";

const server = await startLocalServer();
const api = endpoint.defaults({ baseUrl: server.origin, headers: { authorization: "token secret-123" } });

// #region snippet
const options = api("POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "Hi ✓" });
const { method, url, headers, body } = await toBody(options);
const response = await request(url, { method, headers, body });
// #endregion snippet

await response.body.dump();
console.log(`status: ${response.statusCode}`);
await server.close();
