// A builder typed by an OpenAPI document: acme.d.ts is generated from acme.openapi.yaml by
// openapi-typescript (see README.md here). Type-checked by `npm run typecheck`.
import { OpenApiEndpointBuilder, callable } from "service-endpoint";
import type {
  EndpointOptions,
  RequestOptions,
  RouteResponse,
  RoutesFromOpenApi,
  StrictRoutes,
} from "service-endpoint";
import type { paths } from "./acme.js";

// Strict: a route the document does not have is a compile error (a typo, a lowercase method).
type AcmeRoutes = StrictRoutes<RoutesFromOpenApi<paths>>;

/**
 * The Acme API: its base URL, its routes from the OpenAPI document, and a helper method. Its
 * query is written as the document's parameters are by default (`labels=bug&labels=ui`).
 */
export class AcmeEndpoint extends OpenApiEndpointBuilder<AcmeRoutes> {
  constructor(defaults?: EndpointOptions) {
    super({ baseUrl: "https://api.acme.example" }, defaults);
  }

  openIssues(owner: string, repo: string): RequestOptions {
    return this.endpoint("GET /repos/{owner}/{repo}/issues", { owner, repo, state: "open" });
  }
}

const acme = new AcmeEndpoint().defaults({ owner: "acme" });

// owner comes from the typed defaults; repo is required, state and per_page are checked.
export const list = acme.endpoint("GET /repos/{owner}/{repo}/issues", { repo: "rockets", per_page: 20 });

// The request body's keys are parameters (title is required by the document) …
export const create = acme.endpoint("POST /repos/{owner}/{repo}/issues", {
  repo: "rockets",
  title: "Fins wobble",
  labels: ["bug"],
});

// … or the whole body goes as `data`.
export const close = acme.endpoint("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
  repo: "rockets",
  issue_number: 42,
  data: { state: "closed" },
});

// The function interface carries the same types.
const api = callable(acme);
export const one = api("GET /repos/{owner}/{repo}/issues/{issue_number}", {
  repo: "rockets",
  issue_number: 42,
});

// What a client would parse the response of a route as.
export type ListedIssues = RouteResponse<AcmeRoutes, "GET /repos/{owner}/{repo}/issues">;

// A binary body (application/octet-stream in the document) takes bytes. The upload's query
// parameter `name` goes in the url template (spec §2.2 rule 4): a POST sends every other
// parameter in its body, or none beside `data`, so the document's route types `name` as `never`
// and the call takes the options form, with `{?name}`.
export const upload = acme.endpoint({
  method: "POST",
  url: "/repos/{owner}/{repo}/releases/{release_id}/assets{?name}",
  repo: "rockets",
  release_id: 7,
  name: "fins.bin",
  data: new Uint8Array([0xca, 0xfe]),
  headers: { "content-type": "application/octet-stream" },
});
acme.endpoint("POST /repos/{owner}/{repo}/releases/{release_id}/assets", {
  repo: "rockets",
  release_id: 7,
  // @ts-expect-error: through the document's route, "name" would not reach the url
  name: "fins.bin",
  data: new Uint8Array([0xca, 0xfe]),
});

// @ts-expect-error: strict, so a route the document does not have does not compile
acme.endpoint("GET /rate_limit");
// @ts-expect-error: methods are uppercase in route keys
acme.endpoint("get /repos/{owner}/{repo}/issues", { repo: "rockets" });

// @ts-expect-error: issue_number is an integer in the document
acme.endpoint("GET /repos/{owner}/{repo}/issues/{issue_number}", { repo: "rockets", issue_number: "42" });
// @ts-expect-error: the document has no such state
acme.endpoint("GET /repos/{owner}/{repo}/issues", { repo: "rockets", state: "merged" });
// @ts-expect-error: title is required by the request body
acme.endpoint("POST /repos/{owner}/{repo}/issues", { repo: "rockets" });
