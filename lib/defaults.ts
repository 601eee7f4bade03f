import type { MergedOptions } from "./types.js";
import { VERSION } from "./version.js";

/** The library defaults every builder starts from (CONTRACT.md, "Names"). */
export const LIBRARY_DEFAULTS: MergedOptions = {
  method: "GET",
  // A reserved name (RFC 6761 `.example`): a token never leaves for a host someone else owns.
  baseUrl: "https://api.service.example",
  headers: {
    accept: "application/vnd.service.v3+json",
    "user-agent": `service-endpoint.js/${VERSION}`,
  },
  mediaType: { format: "", previews: [] },
};
