// The RFC 6570 engine: named exports only.
export { parseTemplate, TEMPLATE_CACHE_SIZE, MAX_CACHED_TEMPLATE_LENGTH } from "./cache.js";
export { formQuery } from "./form-query.js";
export type { TemplateExpression, TemplateOperator, TemplateVariable, UriTemplate } from "./types.js";
