import { endpoint } from "service-endpoint";

const merged = endpoint.merge("GET /search/issues", { q: "fins label:bug", per_page: 5 });
console.log(merged);
console.log(endpoint.parse(merged));
