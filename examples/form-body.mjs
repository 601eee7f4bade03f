import { endpoint } from "service-endpoint";

// With a form content-type, the leftover parameters become a form body (the builder's query style).
console.log(
  endpoint("POST /oauth/token", {
    grant_type: "client_credentials",
    scope: "read write",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  }),
);
// A URLSearchParams body gets the form content-type, so clients other than fetch send it too.
console.log(
  endpoint("POST /oauth/token", { data: new URLSearchParams({ grant_type: "refresh_token" }) }).headers,
);
