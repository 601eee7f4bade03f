import { endpoint } from "service-endpoint";

const requestOptions = endpoint("GET /orgs/{org}/repos", {
  headers: { authorization: "token 0000000000000000000000000000000000000001" },
  org: "octokit",
  type: "private",
});
console.log(requestOptions);
