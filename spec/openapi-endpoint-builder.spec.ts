// OpenApiEndpointBuilder: a builder whose query is written as OpenAPI 3 writes a query parameter
// by default (`style: form`, `explode: true`), with nothing to configure.
import { EndpointBuilder, OpenApiEndpointBuilder, callable, querySerializer } from "../lib/index.js";
import type { EndpointOptions } from "../lib/index.js";
import { errorOf } from "./helpers/thrown.js";

const BASE = "https://api.acme.example";

describe("OpenApiEndpointBuilder", () => {
  const acme = new OpenApiEndpointBuilder({ baseUrl: BASE });

  it.each([
    ["a list repeats its name", { tag: ["a", "b"] }, "tag=a&tag=b"],
    ["an object's properties are parameters", { filter: { a: 1, b: 2 } }, "a=1&b=2"],
    ["a scalar is as it is", { per_page: 2 }, "per_page=2"],
    [
      "all three, in order",
      { q: "x y", tag: ["a"], range: { after: "2026-01-01" } },
      "q=x%20y&tag=a&after=2026-01-01",
    ],
    ["an empty list and undefined members leave nothing", { tag: [], none: undefined, n: null }, ""],
  ])("%s", (_case, parameters, query) => {
    expect(acme.endpoint("GET /issues", parameters).url).toBe(
      query === "" ? `${BASE}/issues` : `${BASE}/issues?${query}`,
    );
  });

  it('writes what querySerializer({ array: "repeat", object: "explode" }) writes', () => {
    const parameters: [string, unknown][] = [
      ["tag", ["a", "b,c"]],
      ["filter", { state: "open", "k&y": "v=1" }],
      ["since", new Date(Date.UTC(2026, 0, 2))],
    ];
    const query = "tag=a&tag=b%2Cc&state=open&k%26y=v%3D1&since=2026-01-02T00%3A00%3A00.000Z";
    expect(querySerializer({ array: "repeat", object: "explode" })(parameters)).toBe(query);
    expect(acme.serializeQuery(parameters, { method: "GET", url: `${BASE}/issues` })).toBe(query);
    expect(new EndpointBuilder().serializeQuery(parameters, { method: "GET", url: `${BASE}/issues` })).toBe(
      "tag=a,b%2Cc&filter=state,open,k%26y,v%3D1&since=2026-01-02T00%3A00%3A00.000Z",
    );
  });

  it("keeps its class and its query style through .defaults() and callable()", () => {
    const paged = acme.defaults({ per_page: 50 });
    expect(paged).toBeInstanceOf(OpenApiEndpointBuilder);
    expect(paged.endpoint("GET /issues", { tag: ["a", "b"] }).url).toBe(
      `${BASE}/issues?per_page=50&tag=a&tag=b`,
    );
    const api = callable(acme).defaults({ tag: ["x", "y"] });
    expect(api("GET /issues").url).toBe(`${BASE}/issues?tag=x&tag=y`);
  });

  it("leaves path placeholders and a url's own query expressions to RFC 6570", () => {
    expect(
      acme.endpoint("GET /repos/{owner}/{repo}/issues{?ids}", {
        owner: "o",
        repo: "r",
        ids: [1, 2],
        tag: ["a", "b"],
      }).url,
    ).toBe(`${BASE}/repos/o/r/issues?ids=1,2&tag=a&tag=b`);
  });

  it("sends a POST's parameters in the JSON body, as every builder does", () => {
    expect(acme.endpoint("POST /issues", { tag: ["a", "b"] }).body).toStrictEqual({ tag: ["a", "b"] });
  });

  it("is inherited by a subclass", () => {
    class Acme extends OpenApiEndpointBuilder {
      constructor(defaults?: EndpointOptions) {
        super({ baseUrl: BASE }, defaults);
      }
    }
    expect(new Acme().defaults({ a: 1 }).endpoint("GET /x", { tag: ["a", "b"] }).url).toBe(
      `${BASE}/x?a=1&tag=a&tag=b`,
    );
  });

  it("refuses a value form-exploded cannot write, naming the parameter", () => {
    expect(errorOf(() => acme.endpoint("GET /issues", { filter: { range: { after: 1 } } }))).toStrictEqual({
      code: "ERR_INVALID_PARAMETER",
      message:
        'Invalid parameter "filter": the object style "explode" cannot write an object at key "range" of an object; the object style "deepObject" can',
    });
  });
});
