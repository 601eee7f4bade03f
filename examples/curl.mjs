// Prints the curl command for request options, and runs it. Run: npm run build && node examples/curl.mjs
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { endpoint, toCurl } from "service-endpoint";
import { startLocalServer } from "./local-server.mjs";

const server = await startLocalServer();
const api = endpoint.defaults({ baseUrl: server.origin, headers: { authorization: "token secret-123" } });

// #region snippet
const run = promisify(execFile);
const command = toCurl(
  api("POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "Hi ✓" }),
);
const { stdout: status } = await run("bash", [
  "-c",
  `${command} --silent --output /dev/null --write-out '%{http_code}'`,
]);
// #endregion snippet

console.log(command.replace(server.origin, "http://127.0.0.1:PORT"));
console.log(`status: ${status}`);
await server.close();
