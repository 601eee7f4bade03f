import type { MergedOptions } from "./types.js";

// Replaced by the build (rollup.config.mjs) and by jest (jest.config.mjs) with package.json's version.
declare const __SERVICE_ENDPOINT_VERSION__: string;

/** The library defaults every builder starts from (CONTRACT.md, "Names"). */
export const LIBRARY_DEFAULTS: MergedOptions = {
  method: "GET",
  // A reserved name (RFC 6761 `.example`): a token never leaves for a host someone else owns.
  baseUrl: "https://api.service.example",
  headers: {
    accept: "application/vnd.service.v3+json",
    // `+`, not `${}`: two literals a bundler folds, so it can drop this object when nothing uses it.
    "user-agent": "service-endpoint.js/" + __SERVICE_ENDPOINT_VERSION__,
  },
  mediaType: { format: "", previews: [] },
};
