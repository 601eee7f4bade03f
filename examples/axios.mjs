// Sends request options with axios. Run: npm run build && node examples/axios.mjs
import axios from "axios";
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
// `content-type: false` keeps axios from adding a form content-type where the options have none.
const response = await axios({ method, url, headers: { "content-type": false, ...headers }, data: body });
// #endregion snippet

console.log(`status: ${response.status}`);
await server.close();
