import { endpoint } from "service-endpoint";

// `null` removes a header, the default one included; browsers refuse to let a page set user-agent.
const browser = endpoint.defaults({ headers: { "user-agent": null } });
console.log(browser("GET /items").headers);
// A later level may set it again; `undefined` still means "inherit".
console.log(browser("GET /items", { headers: { "user-agent": "acme-web/2.0", accept: undefined } }).headers);
