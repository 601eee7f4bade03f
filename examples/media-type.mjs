import { endpoint } from "service-endpoint";

console.log(
  endpoint("GET /repos/{owner}/{repo}/pulls/{number}", {
    owner: "acme",
    repo: "rockets",
    number: 7,
    mediaType: { format: "diff" },
  }).headers.accept,
);

const previews = endpoint.defaults({ mediaType: { previews: ["jean-grey"] } });
console.log(
  previews("GET /search/users", {
    q: "fins",
    mediaType: { previews: ["symmetra-preview"], format: "raw" },
  }).headers.accept,
);
