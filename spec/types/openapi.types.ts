// Type tests of RoutesFromOpenApi over the file openapi-typescript generated in examples/openapi/.
import type { RouteResponse, RoutesFromOpenApi } from "../../lib/index.js";
import type { components, paths } from "../../examples/openapi/acme.js";
import { expectType } from "./expect-type.js";
import type { Equal } from "./expect-type.js";

type Routes = RoutesFromOpenApi<paths>;
type Issue = components["schemas"]["Issue"];

// One route per operation; `put?: never` and friends make none.
expectType<
  Equal<
    keyof Routes,
    | "GET /repos/{owner}/{repo}/issues"
    | "POST /repos/{owner}/{repo}/issues"
    | "GET /repos/{owner}/{repo}/issues/{issue_number}"
    | "PATCH /repos/{owner}/{repo}/issues/{issue_number}"
  >
>();
// Path and query parameters as one object.
expectType<
  Equal<
    Routes["GET /repos/{owner}/{repo}/issues"]["parameters"],
    { owner: string; repo: string } & {
      state?: "open" | "closed" | "all";
      labels?: string;
      per_page?: number;
    }
  >
>();
// A required JSON body, an optional one, none.
expectType<
  Equal<
    Routes["POST /repos/{owner}/{repo}/issues"]["body"],
    { title: string; body?: string; labels?: string[] }
  >
>();
expectType<Equal<keyof Routes["GET /repos/{owner}/{repo}/issues"], "parameters" | "response">>();
expectType<
  Equal<
    Pick<Routes["PATCH /repos/{owner}/{repo}/issues/{issue_number}"], "body">,
    { body?: { title?: string; state?: "open" | "closed" } }
  >
>();
// The bodies of the 2xx responses (the 404 is not one).
expectType<Equal<RouteResponse<Routes, "GET /repos/{owner}/{repo}/issues">, Issue[]>>();
expectType<Equal<RouteResponse<Routes, "GET /repos/{owner}/{repo}/issues/{issue_number}">, Issue>>();
