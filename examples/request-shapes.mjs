import { endpoint } from "service-endpoint";

// `null` removes a header, the default one included (browsers refuse to set user-agent).
const browser = endpoint.defaults({ headers: { "user-agent": null } });
console.log(browser("GET /items").headers);

// A path-only baseUrl gives an origin-relative url, for same-origin apps in browsers.
console.log(endpoint("GET /items", { baseUrl: "/api", q: 1 }).url);

// A form content-type makes the leftover parameters a form body, in the builder's query style.
console.log(
  endpoint("POST /oauth/token", {
    grant_type: "client_credentials",
    scope: "read write",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  }).body,
);

// A parameter replaces the same key in the url's literal query: follow a pagination link.
console.log(endpoint("GET /items?page=2&per_page=30", { per_page: 100, page: 3 }).url);
