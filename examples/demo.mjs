// The main job: routes plus parameters in, request options out, ready for any HTTP client.
import { endpoint } from "service-endpoint";

const api = endpoint.defaults({
  baseUrl: "https://api.acme.test",
  headers: { authorization: "token 0123456789abcdef" },
});

console.log(
  api("GET /repos/{owner}/{repo}/issues", { owner: "acme", repo: "rockets", state: "open", per_page: 2 }),
);
console.log(
  api("POST /repos/{owner}/{repo}/issues", { owner: "acme", repo: "rockets", title: "Fins wobble" }),
);
console.log(
  api("DELETE /repos/:owner/:repo/labels/{name}", {
    owner: "acme",
    repo: "rockets",
    name: "good first issue",
  }),
);

try {
  api("DELETE /repos/{owner}/{repo}", { owner: "acme" });
} catch (error) {
  console.log(`${error.name} ${error.code}: ${error.message}`);
}
