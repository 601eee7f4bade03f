// An app that builds urls from untrusted input (a "next" link from a response, an id from a
// form) forbids absolute urls, so that its token never travels to another host.
// Run: npm run build && node examples/locked-endpoint.mjs
import { EndpointBuilder, EndpointError, callable } from "service-endpoint";

// #region snippet
/**
 * Only paths below baseUrl: an absolute url (or another per-call baseUrl) would take the
 * authorization header elsewhere. To allow the app's own absolute links instead, use the
 * ready-made LockedEndpointBuilder (same origin) or PathLockedEndpointBuilder (same path prefix).
 */
class LockedEndpoint extends EndpointBuilder {
  allowsAbsoluteUrl() {
    return false;
  }
}

const api = callable(
  new LockedEndpoint({ baseUrl: "https://api.acme.example", headers: { authorization: "token secret-123" } }),
);
// Derived functions keep the policy: every builder .defaults() returns is a LockedEndpoint.
const paged = api.defaults({ per_page: 100 });

// A link from a response body, under an attacker's control: no request options are built.
const next = "https://evil.example/steal";
try {
  paged("GET {+next}", { next });
} catch (error) {
  if (!(error instanceof EndpointError) || error.code !== "ERR_ABSOLUTE_URL") throw error;
  console.log(`${error.code}: ${error.message}`);
}

// Paths still work, with the token, on the app's own host.
const own = paged("GET {+next}", { next: "/orgs/acme/repos?page=2" });
console.log(`${own.method} ${own.url} (authorization: ${own.headers.authorization})`);
// #endregion snippet
