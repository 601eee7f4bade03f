import { endpoint, toFetch } from "service-endpoint";

// A path-only baseUrl: origin-relative urls, for same-origin apps in browsers.
const api = endpoint.defaults({ baseUrl: "/api" });
console.log(api("GET /items", { q: 1 }).url);
console.log(toFetch(api("DELETE /items/{id}", { id: 7 })));
