import type { QueryContext, QueryParameters } from "../pipeline/types.js";
import { EndpointBuilder } from "./endpoint-builder.js";
import { querySerializer } from "../query-serializer.js";
import type { NoDefaults, NoRoutes } from "../route-types.js";

// OpenAPI 3's default for a query parameter: `style: form`, `explode: true` (OpenAPI 3.1 §4.8.12.4,
// "Style Values"): a list repeats its name, an object's properties are parameters of their own.
const openApiQuery = /*#__PURE__*/ querySerializer({ array: "repeat", object: "explode" });

/**
 * A builder for an API described by an OpenAPI 3 document: the query is written as the
 * document's parameters are by default (`style: form`, `explode: true`), as openapi-fetch
 * writes it. A list repeats its name (`labels: ["bug", "ui"]` → `labels=bug&labels=ui`) and a
 * plain object's properties become parameters (`created: { after: "2026-01-01" }` →
 * `after=2026-01-01`). Everything else is `EndpointBuilder`'s, `.defaults()` keeps the class.
 *
 * A parameter the document gives another `style` or `explode: false` is not read from the
 * document (openapi-typescript's types do not carry them): override `serializeQuery` with
 * `querySerializer()` of its style (docs/query-styles.md).
 *
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
  /**
   * The query as OpenAPI's default style writes it (`form`, exploded):
   * `querySerializer({ array: "repeat", object: "explode" })`.
   */
  override serializeQuery(parameters: QueryParameters, context: QueryContext): string {
    void context;
    return openApiQuery(parameters);
  }
}
