import { endpoint } from "service-endpoint";

const acme = endpoint.defaults({
  baseUrl: "https://github-enterprise.acme.test/api/v3",
  headers: { "user-agent": "acme-app/1.2.3", authorization: "token abc" },
  org: "acme",
  per_page: 100,
});
const acmeDiffs = acme.defaults({ mediaType: { format: "diff" } });

console.log(acmeDiffs.DEFAULTS);
console.log(acmeDiffs("GET /orgs/{org}/repos"));
console.log(endpoint.DEFAULTS.baseUrl); // the root function is unchanged
