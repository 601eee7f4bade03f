import { EndpointBuilder, callable, endpoint, querySerializer } from "service-endpoint";

const parameters = { ids: [1, 2], filter: { status: "open", type: "bug" } };

// The default: RFC 6570's form-style query.
console.log(endpoint("GET /issues", parameters).url);

// One line in a subclass selects OpenAPI-named styles, for every builder .defaults() returns too.
class RailsEndpoint extends EndpointBuilder {
  serializeQuery = querySerializer({ array: "brackets", object: "deepObject" });
}
const rails = callable(new RailsEndpoint()).defaults({ baseUrl: "https://api.acme.test" });
console.log(rails("GET /issues", parameters).url);

// The serializer alone takes [name, value] pairs.
const exploded = querySerializer({ array: "repeat", object: "explode" });
console.log(exploded(Object.entries(parameters)));
