// Sends request options with the global fetch, through toFetch(). Run: npm run build && node examples/fetch.mjs
import { endpoint, toFetch } from "service-endpoint";
import { startLocalServer } from "./local-server.mjs";

const server = await startLocalServer();
const api = endpoint.defaults({ baseUrl: server.origin, headers: { authorization: "token secret-123" } });

// #region snippet
const options = api("POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "Hi ✓" });
const response = await fetch(...toFetch(options));
// #endregion snippet

console.log(`status: ${response.status}`);
await server.close();
