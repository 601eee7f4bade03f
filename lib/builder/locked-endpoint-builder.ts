import { EndpointBuilder } from "./endpoint-builder.js";
import type { NoRoutes } from "../route-types.js";
import { authorityEnd, isAbsoluteUrl, targetOrigin } from "../url.js";

/** Is `url` at the origin of `baseUrl` (and, with `samePath`, below its path)? */
function isWithin(url: string, baseUrl: string, samePath: boolean): boolean {
  if (targetOrigin(url) !== targetOrigin(baseUrl)) return false;
  if (!samePath) return true;
  const path = (isAbsoluteUrl(url) ? url.slice(authorityEnd(url)) : url) || "/";
  let prefix = isAbsoluteUrl(baseUrl) ? baseUrl.slice(authorityEnd(baseUrl)) : baseUrl;
  if (prefix.endsWith("/")) prefix = prefix.slice(0, -1);
  // "/api/v3" covers "/api/v3", "/api/v3/…", "/api/v3?…", never "/api/v30".
  return (
    path.startsWith(prefix) && (path.length === prefix.length || "/?#".includes(path.charAt(prefix.length)))
  );
}

/**
 * A builder that only targets the origin of its own `baseUrl` (else `ERR_ABSOLUTE_URL`).
 * @example
 * const api = callable(new LockedEndpointBuilder({ baseUrl: "https://api.acme.example", headers: { authorization } }));
 * api("GET {+next}", { next: "https://api.acme.example/items?page=2" }); // allowed: same origin
 * api("GET {+next}", { next: "https://evil.example/" }); // throws ERR_ABSOLUTE_URL
 */
export class LockedEndpointBuilder<
  Routes extends object = NoRoutes,
  Defaults extends object = NoRoutes,
> extends EndpointBuilder<Routes, Defaults> {
  /** Whether the url must also be below the path of `baseUrl` (`PathLockedEndpointBuilder`). */
  protected readonly locksPath: boolean = false;

  override allowsAbsoluteUrl(url: string): boolean {
    return isWithin(url, this.DEFAULTS.baseUrl, this.locksPath);
  }
}

/**
 * As `LockedEndpointBuilder`, and below the path of its `baseUrl` too (`/v3/items`, not `/admin`).
 * @example
 * const api = callable(new PathLockedEndpointBuilder({ baseUrl: "https://api.acme.example/v3" }));
 */
export class PathLockedEndpointBuilder<
  Routes extends object = NoRoutes,
  Defaults extends object = NoRoutes,
> extends LockedEndpointBuilder<Routes, Defaults> {
  protected override readonly locksPath: boolean = true;
}
