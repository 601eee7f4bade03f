// A test double: a local server that answers the requests a client makes by route, with the
// parameters read back from each request; and the http.route label telemetry would give them.
// Run: npm run build && node examples/match-test-double.mjs
import { createServer } from "node:http";
import { endpoint, routeMatcher, toFetch } from "service-endpoint";

// #region snippet
// What the double answers, by route: the route map is the one the client is written against.
const answers = {
  "GET /repos/{owner}/{repo}/issues{?state,labels*}": ({ owner, repo, state, labels }) => [
    200,
    { owner, repo, state, labels },
  ],
  "GET /repos/{owner}/{repo}/issues/{issue_number}": ({ issue_number }) => [200, { number: +issue_number }],
  "POST /repos/{owner}/{repo}/issues": ({ owner, repo }) => [201, { created: `${owner}/${repo}` }],
};

// Compiled once. A server sees request targets (paths), so the base url is the path "/".
const match = routeMatcher(Object.keys(answers), { baseUrl: "/" });

const server = createServer((request, response) => {
  const found = match(request.method, request.url);
  // Telemetry: one label per route, not one per repository.
  console.log(`http.route: ${found ? found.route : "(no route)"}  (${request.method} ${request.url})`);
  const [status, body] = found ? answers[found.route](found.parameters) : [404, { message: "Not Found" }];
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
});
// #endregion snippet

await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const api = endpoint.defaults({ baseUrl: `http://127.0.0.1:${server.address().port}` });

for (const [route, parameters] of [
  [
    "GET /repos/{owner}/{repo}/issues{?state,labels*}",
    { owner: "octo", repo: "hello", state: "open", labels: ["bug", "ui ✓"] },
  ],
  ["GET /repos/{owner}/{repo}/issues/{issue_number}", { owner: "octo", repo: "a/b", issue_number: 1347 }],
  ["POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "Hi" }],
  ["GET /repos/{owner}/{repo}/pulls", { owner: "octo", repo: "hello" }],
]) {
  const response = await fetch(...toFetch(api(route, parameters)));
  console.log(`  ${response.status} ${await response.text()}`);
}
server.close();
