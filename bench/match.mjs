// npm run bench (after bench/run.mjs): routeMatcher per lookup against find-my-way (fastify's
// router) on one table of 1,000 routes shaped like a large REST API, in the same process; and
// against uri-templates' `fromUri` on single templates. Prints ns per lookup (median of rounds)
// and the ratios. Absolute times depend on the machine; the ratios are what to read.
import findMyWay from "find-my-way";
import { createRequire } from "node:module";
import { endpoint, routeMatcher } from "service-endpoint";

const uriTemplates = createRequire(import.meta.url)("uri-templates");

/**
 * 1,000 routes the way a large REST API lays them out (GitHub's, say): a few owners of resources
 * (`/repos/{owner}/{repo}`, `/orgs/{org}`, …), many resources under each, and under a resource
 * its items, their sub-resources and their items, with GET/POST/PATCH/DELETE.
 */
function restTable(size) {
  const owners = [
    "/repos/{owner}/{repo}",
    "/orgs/{org}",
    "/users/{username}",
    "/teams/{team_id}",
    "/enterprises/{enterprise}",
  ];
  const resources = [
    "issues",
    "pulls",
    "commits",
    "branches",
    "releases",
    "hooks",
    "keys",
    "labels",
    "milestones",
    "projects",
    "deployments",
    "environments",
    "actions",
    "secrets",
    "variables",
    "runners",
    "packages",
    "members",
    "invitations",
    "teams",
    "events",
    "forks",
    "stargazers",
    "subscribers",
    "contents",
    "tags",
    "statuses",
    "checks",
    "comments",
    "reviews",
  ];
  const shapes = [
    ["GET", ""],
    ["POST", ""],
    ["GET", "/{id}"],
    ["PATCH", "/{id}"],
    ["DELETE", "/{id}"],
    ["GET", "/{id}/comments"],
    ["POST", "/{id}/comments"],
    ["GET", "/{id}/comments/{comment_id}"],
  ];
  const routes = [];
  for (const shape of shapes) {
    for (const resource of resources) {
      for (const owner of owners) {
        if (routes.length < size) routes.push(`${shape[0]} ${owner}/${resource}${shape[1]}`);
      }
    }
  }
  return routes;
}

/** ns per call of `run(i)` over `count` inputs: the median of `rounds` rounds, after a warm-up. */
function measure(run, count, rounds = 9, perRound = 100_000) {
  for (let i = 0; i < perRound; i++) run(i % count);
  const times = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perRound; i++) run(i % count);
    times.push(Number(process.hrtime.bigint() - start) / perRound);
  }
  return times.sort((a, b) => a - b)[Math.floor(rounds / 2)];
}

const baseUrl = "https://api.example.test";
const routes = restTable(1000);
const match = routeMatcher(routes, { baseUrl });
const router = findMyWay();
const handler = () => {};
for (const route of routes) {
  const [method, path] = route.split(" ");
  router.on(method, path.replace(/\{(\w+)\}/g, ":$1"), handler);
}

// Requests of every route, built by endpoint(), as a server sees them (paths without the origin).
const values = {
  owner: "octo",
  repo: "hello-world",
  org: "acme",
  username: "mona",
  team_id: 42,
  enterprise: "big",
  id: 1347,
  comment_id: 7,
};
const requests = routes.map((route) => {
  const { method, url } = endpoint(route, { ...values, baseUrl });
  return [method.toUpperCase(), url.slice(baseUrl.length)];
});
// Both routers find the route each request was built from (checked, not assumed).
for (const [i, [method, path]] of requests.entries()) {
  if (match(method, path)?.route !== routes[i]) throw new Error(`routeMatcher missed ${method} ${path}`);
  if (router.find(method, path) === null) throw new Error(`find-my-way missed ${method} ${path}`);
}

const ours = measure((i) => match(requests[i][0], requests[i][1]), requests.length);
const theirs = measure((i) => router.find(requests[i][0], requests[i][1]), requests.length);
console.log(
  `match: ${routes.length} routes of a REST API, ${requests.length} requests (one per route), ns per lookup (median)`,
);
console.log(`  routeMatcher            ${ours.toFixed(0).padStart(6)} ns`);
console.log(`  find-my-way .find()     ${theirs.toFixed(0).padStart(6)} ns`);
console.log(`  routeMatcher / find-my-way: ${(ours / theirs).toFixed(2)}× (target ≤ 2×)`);

// Single templates: routeMatcher([t]) against uri-templates' fromUri on the same url.
const singles = [
  ["/repos/{owner}/{repo}/issues/{issue_number}", { owner: "octo", repo: "hello", issue_number: 1347 }],
  ["/search/issues{?q,sort,order}", { q: "is:open label:bug", sort: "created", order: "desc" }],
  ["/files{/path*}", { path: ["a", "b", "c.txt"] }],
];
console.log("match: one template, routeMatcher against uri-templates fromUri, ns per lookup (median)");
for (const [template, parameters] of singles) {
  const single = routeMatcher([template], { baseUrl });
  const { url } = endpoint(template, { ...parameters, baseUrl });
  const path = url.slice(baseUrl.length);
  const compiled = uriTemplates(template);
  const a = measure(() => single("GET", path), 1);
  const b = measure(() => compiled.fromUri(path), 1);
  console.log(
    `  ${template.padEnd(45)} routeMatcher ${a.toFixed(0).padStart(5)} ns  fromUri ${b.toFixed(0).padStart(6)} ns  fromUri / routeMatcher ${(b / a).toFixed(1)}×`,
  );
}
