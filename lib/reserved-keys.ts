/** Option keys with a meaning of their own; every other key is a parameter (spec §2.1). */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  "method",
  "baseUrl",
  "url",
  "headers",
  "mediaType",
  "data",
  "request",
]);
