// OpenAPI's default query style (form, exploded), from the document's types alone: a list repeats
// its name, an object's properties are parameters. docs/typescript.md shows what it prints.
import { EndpointBuilder, OpenApiEndpointBuilder } from "service-endpoint";
import type { RoutesFromOpenApi } from "service-endpoint";
import type { paths } from "./acme.js";

const acme = new OpenApiEndpointBuilder<RoutesFromOpenApi<paths>>({ baseUrl: "https://api.acme.example" });

const { url } = acme.endpoint("GET /repos/{owner}/{repo}/issues", {
  owner: "acme",
  repo: "rockets",
  labels: ["bug", "ui"],
  created: { after: "2026-01-01", before: "2026-07-01" },
  per_page: 20,
});
console.log(url);

// The same call on an EndpointBuilder: RFC 6570's form style, which OpenAPI calls explode: false.
const rfc6570 = new EndpointBuilder<RoutesFromOpenApi<paths>>({ baseUrl: "https://api.acme.example" });
console.log(
  rfc6570.endpoint("GET /repos/{owner}/{repo}/issues", {
    owner: "acme",
    repo: "rockets",
    labels: ["bug", "ui"],
    created: { after: "2026-01-01", before: "2026-07-01" },
    per_page: 20,
  }).url,
);
