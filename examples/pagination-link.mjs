import { endpoint } from "service-endpoint";

// A parameter replaces the same key in the url's literal query (later wins): follow a link.
const next = "https://api.service.example/items?page=2&per_page=30";
console.log(endpoint(`GET ${next}`, { per_page: 100, page: 3 }).url);
