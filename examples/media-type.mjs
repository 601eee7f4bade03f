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

// Previews the accept header already names are kept, written with a vendor part or without one.
console.log(
  endpoint("POST /graphql", {
    headers: { accept: "application/vnd.foo-preview" },
    mediaType: { previews: ["symmetra"] },
  }).headers.accept,
);

// A binary download keeps its accept header, whatever format or previews are set.
console.log(
  previews("GET /assets/{id}", { id: 1, headers: { accept: "application/octet-stream" } }).headers.accept,
);
