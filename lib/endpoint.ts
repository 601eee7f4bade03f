import { callable } from "./callable.js";
import { EndpointBuilder } from "./builder/endpoint-builder.js";

/**
 * The ready-made endpoint function, built the same way as every derived one.
 * @example
 * endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", per_page: 2 });
 * // { method: "get", url: "https://api.service.example/repos/octo/hello/issues?per_page=2", headers: { … } }
 */
export const endpoint = /*#__PURE__*/ callable(/*#__PURE__*/ new EndpointBuilder());
