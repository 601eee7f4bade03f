import type { QueryContext, QueryParameters } from "../pipeline/types.js";
import { EndpointBuilder } from "./endpoint-builder.js";
import { querySerializer } from "../query-serializer.js";
import type { NoDefaults, NoRoutes } from "../route-types.js";

// OpenAPI 3.1 §4.8.12.4, the default of a query: `form` exploded (`ids=1&ids=2`, an object's members apart).
const openApiQuery = /*#__PURE__*/ querySerializer({ array: "repeat", object: "explode" });

/**
 * A builder for an OpenAPI 3 document's API: the query is written in OpenAPI's default style
 * (`form`, exploded), as openapi-fetch writes it; another style needs `querySerializer()`.
 * @example
 * // npx openapi-typescript acme.openapi.yaml -o acme.d.ts
 * import type { paths } from "./acme.js";
 * const acme = new OpenApiEndpointBuilder<RoutesFromOpenApi<paths>>({ baseUrl: "https://api.acme.example" });
 * acme.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", labels: ["bug", "ui"] }).url;
 * // "https://api.acme.example/repos/o/r/issues?labels=bug&labels=ui"
 */
export class OpenApiEndpointBuilder<
  Routes extends object = NoRoutes,
  Defaults extends object = NoDefaults,
> extends EndpointBuilder<Routes, Defaults> {
  /** The query in OpenAPI's default style: `querySerializer({ array: "repeat", object: "explode" })`. */
  override serializeQuery(parameters: QueryParameters, context: QueryContext): string {
    void context;
    return openApiQuery(parameters);
  }
}
