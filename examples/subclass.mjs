import { EndpointBuilder, callable } from "service-endpoint";

// An app's own configuration: a subclass with its own defaults and helper methods.
class AcmeEndpoint extends EndpointBuilder {
  constructor(defaults) {
    super(
      { baseUrl: "https://api.acme.test", org: "acme", headers: { "user-agent": "acme-app/2.0" } },
      defaults,
    );
  }

  listRepos(options) {
    return this.endpoint("GET /orgs/{org}/repos", options);
  }

  // Rails-style arrays in the query, ids[]=1&ids[]=2 with the brackets percent-encoded
  // (ids%5B%5D=1&ids%5B%5D=2), instead of RFC 6570's ids=1,2.
  serializeQuery(parameters) {
    return parameters
      .flatMap(([key, value]) =>
        (Array.isArray(value) ? value : [value]).map(
          (item) =>
            `${encodeURIComponent(Array.isArray(value) ? `${key}[]` : key)}=${encodeURIComponent(item)}`,
        ),
      )
      .join("&");
  }
}

const acme = new AcmeEndpoint();
const paged = acme.defaults({ per_page: 50 }).defaults({ headers: { authorization: "token abc" } });

console.log(paged instanceof AcmeEndpoint, acme.DEFAULTS.per_page, paged.DEFAULTS.per_page);
console.log(paged.listRepos({ ids: [1, 2] }).url);

const acmeEndpoint = callable(paged); // the function interface over the same builder
console.log(acmeEndpoint("GET /orgs/{org}/members").url);
console.log(acmeEndpoint.defaults({ per_page: 10 })("GET /orgs/{org}/teams").url);
