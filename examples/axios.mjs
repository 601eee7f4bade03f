// Sends request options with axios. Run: npm run build && node examples/axios.mjs
import axios from "axios";
import { endpoint, toBody } from "service-endpoint";
import { startLocalServer } from "./local-server.mjs";

const server = await startLocalServer();
const api = endpoint.defaults({ baseUrl: server.origin, headers: { authorization: "token secret-123" } });

// #region snippet
const options = api("POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "Hi ✓" });
const { method, url, headers, body } = await toBody(options);
// axios adds a form content-type to a PATCH, POST or PUT without one; `false` stops it (toBody's wins).
const response = await axios({ method, url, headers: { "content-type": false, ...headers }, data: body });
// #endregion snippet

console.log(`status: ${response.status}`);
await server.close();
