// Sends request options with got. Run: npm run build && node examples/got.mjs
import got from "got";
import { endpoint, toBody } from "service-endpoint";
import { startLocalServer } from "./local-server.mjs";

const server = await startLocalServer();
const api = endpoint.defaults({ baseUrl: server.origin, headers: { authorization: "token secret-123" } });

// #region snippet
const options = api("POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "Hi ✓" });
const { method, url, headers, body } = await toBody(options);
// got's types list eight methods (in TypeScript: `method as Method`); it sends any.
const response = await got(url, { method: /** @type {import("got").Method} */ (method), headers, body });
// #endregion snippet

console.log(`status: ${response.statusCode}`);
await server.close();
