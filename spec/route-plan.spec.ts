// endpoint() keeps a plan per (DEFAULTS snapshot, route): made on a url's second use, it holds
// the compiled url and the snapshot's parameters already placed into the url's slots and the
// leftover pairs, and a call through it places its own parameters as it reads them. These tests
// call each route three times (no plan, the plan made, the plan used) and expect the very same
// request options every time, and the same as parse(merge()).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { EndpointBuilder, VERSION } from "../lib/index.js";
import type { QueryParameters, RequestOptions } from "../lib/index.js";
import { errorOf } from "./helpers/thrown.js";

const HEADERS = { accept: "application/vnd.service.v3+json", "user-agent": `service-endpoint.js/${VERSION}` };
const JSON_TYPE = "application/json; charset=utf-8";

/** Three calls of one route and options: the three results, which must be alike. */
function thrice(builder: EndpointBuilder, route: string, options?: object): RequestOptions[] {
  return [0, 1, 2].map(() => builder.endpoint(route, options as never));
}

// A url of its own per test: the compiled-url cache is shared by every builder of the process.
let serial = 0;
const fresh = (path: string): string => `/plan${(serial += 1)}${path}`;

describe("route plans", () => {
  it("orders array-index keys of the defaults and of the call as the merged object does, on every call", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test" }).defaults({
      per_page: 100,
      "0": "zero",
    });
    const url = fresh("/items");
    const results = thrice(builder, `GET ${url}`, { q: "x", "1": "one" });
    for (const result of results) {
      expect(result.url).toBe(`https://api.acme.test${url}?0=zero&1=one&per_page=100&q=x`);
    }
    expect(results[2]).toStrictEqual(builder.parse(builder.merge(`GET ${url}`, { q: "x", "1": "one" })));
  });

  it("merges a default plain-object parameter with the call's, in a slot and in the query, never changing the defaults", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test" }).defaults({
      filter: { state: "open", labels: "bug" },
      path: { a: "1" },
    });
    const url = fresh("/search{?path*}");
    const results = thrice(builder, `GET ${url}`, { filter: { labels: "ui" }, path: { b: "2" } });
    for (const result of results) {
      expect(result.url).toBe(
        `https://api.acme.test${url.replace("{?path*}", "")}?a=1&b=2&filter=state,open,labels,ui`,
      );
    }
    expect(builder.DEFAULTS.filter).toStrictEqual({ state: "open", labels: "bug" });
    expect(builder.DEFAULTS.path).toStrictEqual({ a: "1" });
  });

  it("keeps a default leftover parameter in its place when the call replaces it", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test" }).defaults({
      per_page: 100,
      sort: "created",
    });
    const url = fresh("/repos");
    for (const result of thrice(builder, `GET ${url}`, { q: "a b", per_page: 5 })) {
      expect(result.url).toBe(`https://api.acme.test${url}?per_page=5&sort=created&q=a%20b`);
    }
  });

  it("is a plan of its own snapshot: a builder made by .defaults() over the same route uses its own defaults", () => {
    const base = new EndpointBuilder({ baseUrl: "https://api.acme.test" }).defaults({ org: "acme" });
    const other = base.defaults({ org: "octo", per_page: 2 });
    const url = fresh("/orgs/{org}/repos");
    for (let i = 0; i < 3; i++) {
      expect(base.endpoint(`GET ${url}`).url).toBe(`https://api.acme.test${url.replace("{org}", "acme")}`);
      expect(other.endpoint(`GET ${url}`).url).toBe(
        `https://api.acme.test${url.replace("{org}", "octo")}?per_page=2`,
      );
    }
  });

  it("returns headers of the call's own: changing them, or a content-type added to a POST, never reaches the next call", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test" });
    const url = fresh("/things");
    const [first, second] = thrice(builder, `GET ${url}`);
    first!.headers["x-changed"] = "yes";
    expect(second!.headers).toStrictEqual(HEADERS);
    const posts = thrice(builder, `POST ${url}`, { name: "n" });
    for (const post of posts) {
      expect(post).toStrictEqual({
        method: "post",
        url: `https://api.acme.test${url}`,
        headers: { ...HEADERS, "content-type": JSON_TYPE },
        body: { name: "n" },
      });
    }
    expect(builder.endpoint(`GET ${url}`).headers).toStrictEqual(HEADERS);
  });

  it("validates the options of a planned route as of any other: the same errors on every call", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test" });
    const url = fresh("/repos/{owner}");
    builder.endpoint(`GET ${url}`, { owner: "o" });
    builder.endpoint(`GET ${url}`, { owner: "o" });
    expect(errorOf(() => builder.endpoint(`GET ${url}`, { owner: "o", url: "/other" }))).toStrictEqual({
      code: "ERR_INVALID_OPTIONS",
      message: `Invalid options: url "/other" conflicts with route "GET ${url}"; give the url in one place`,
    });
    expect(errorOf(() => builder.endpoint(`GET ${url}`, { owner: ".." }))).toStrictEqual({
      code: "ERR_INVALID_PARAMETER",
      message: `Invalid parameter "owner" for url "${url}": it makes the path segment "..", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)`,
    });
    expect(errorOf(() => builder.endpoint(`GET ${url}`, {}))).toStrictEqual({
      code: "ERR_MISSING_PARAMETER",
      message: `Missing parameter "owner" for url "${url}": a path placeholder needs a value (write {/owner} for an optional segment)`,
    });
  });

  it("never fills a variable named like an option ({url}) from the option, planned or not", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test" });
    const url = fresh("/x/{url}");
    for (let i = 0; i < 3; i++) {
      expect(errorOf(() => builder.endpoint(`PUT ${url}`, { url, data: "d" }))).toStrictEqual({
        code: "ERR_MISSING_PARAMETER",
        message: `Missing parameter "url" for url "${url}": a path placeholder needs a value (write {/url} for an optional segment)`,
      });
    }
  });

  it("gives an overriding serializeQuery() pairs of its own on every call: what it changes reaches no later call", () => {
    const seen: string[] = [];
    class Mutating extends EndpointBuilder {
      override serializeQuery(parameters: QueryParameters): string {
        seen.push(parameters.map(([key, value]) => `${key}=${String(value)}`).join("&"));
        // What a careless override in JavaScript may do: the pairs are its own to change.
        for (const pair of parameters as [string, unknown][]) pair[1] = "changed";
        (parameters as [string, unknown][]).push(["extra", 1]);
        return "q";
      }
    }
    const builder = new Mutating({ baseUrl: "https://api.acme.test" }).defaults({ per_page: 100 });
    const url = fresh("/list");
    for (const result of thrice(builder, `GET ${url}`, { q: "a" })) {
      expect(result.url).toBe(`https://api.acme.test${url}?q`);
    }
    expect(seen).toStrictEqual(["per_page=100&q=a", "per_page=100&q=a", "per_page=100&q=a"]);
  });

  it("returns headers of each call's own: a change to one result's reaches no later call, with or without a body", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test" }).defaults({ per_page: 100 });
    const url = fresh("/items/{id}");
    const expected = {
      get: HEADERS,
      delete: { ...HEADERS, "content-type": JSON_TYPE },
      post: { ...HEADERS, "content-type": JSON_TYPE },
      put: HEADERS,
    };
    for (let i = 0; i < 3; i++) {
      const results = {
        get: builder.endpoint(`GET ${url}`, { id: 1 }),
        delete: builder.endpoint(`DELETE ${url}`, { id: 1 }),
        post: builder.endpoint(`POST ${url}`, { id: 1, title: "t" }),
        put: builder.endpoint(`PUT ${url}`, { id: 1, data: "text" }),
      };
      for (const [method, result] of Object.entries(results)) {
        expect([method, result.headers]).toStrictEqual([method, expected[method as keyof typeof expected]]);
        result.headers["content-type"] = "text/x-changed";
        result.headers.accept = "text/x-changed";
      }
    }
    const builderWithoutLeftover = new EndpointBuilder({ baseUrl: "https://api.acme.test" });
    for (let i = 0; i < 3; i++) {
      const result = builderWithoutLeftover.endpoint(`DELETE ${url}`, { id: 1 });
      expect(result.headers).toStrictEqual(HEADERS);
      result.headers["content-type"] = "text/x-changed";
    }
  });
  it("makes a plan's headers for each kind of body when a call first sends one, and keeps them apart", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test" });
    const url = fresh("/items");
    const form = { ...HEADERS, "content-type": "application/x-www-form-urlencoded;charset=UTF-8" };
    // The url's second call makes its plan: then GET, a form, JSON and a form again over that one plan.
    const calls: [object, object][] = [
      [{ method: "GET" }, HEADERS],
      [{ method: "GET" }, HEADERS],
      [{ method: "POST", data: new URLSearchParams("a=1") }, form],
      [
        { method: "POST", title: "t" },
        { ...HEADERS, "content-type": JSON_TYPE },
      ],
      [{ method: "POST", data: new URLSearchParams("a=2") }, form],
    ];
    for (const [options, headers] of calls) {
      expect(builder.endpoint({ url, ...options }).headers).toStrictEqual(headers);
    }
  });
  it("reads the method a call gives, not the one its route plan was made with, however it is spelled", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test" });
    const url = fresh("/items/{id}");
    // A bare url: the plan is made by a POST call, then a GET and a "delete" use it.
    const post = thrice(builder, url, { method: "POST", id: 1, title: "x" });
    for (const result of post) {
      expect(result).toStrictEqual({
        method: "post",
        url: `https://api.acme.test${url.replace("{id}", "1")}`,
        headers: { ...HEADERS, "content-type": JSON_TYPE },
        body: { title: "x" },
      });
    }
    for (const result of thrice(builder, url, { method: "GET", id: 1, title: "x" })) {
      expect(result).toStrictEqual({
        method: "get",
        url: `https://api.acme.test${url.replace("{id}", "1")}?title=x`,
        headers: HEADERS,
      });
    }
    for (const result of thrice(builder, url, { method: "delete", id: 1 })) {
      expect(result).toStrictEqual({
        method: "delete",
        url: `https://api.acme.test${url.replace("{id}", "1")}`,
        headers: HEADERS,
      });
    }
    // A route's own method, in another spelling in the options: the same request.
    const route = `GET ${fresh("/things")}`;
    const upper = thrice(builder, route, { q: "1" });
    for (const result of thrice(builder, route, { method: "get", q: "1" }))
      expect(result).toStrictEqual(upper[0]);
    expect(upper[0]!.method).toBe("get");
  });
  it("writes the headers of a JSON body in the order parse(merge()) gives them, content-type last", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test" }).defaults({
      headers: { authorization: "token x" },
    });
    const route = `POST ${fresh("/items")}`;
    const merged = builder.parse(builder.merge(route, { title: "x" }));
    const results = thrice(builder, route, { title: "x" });
    for (const result of results) {
      expect(Object.keys(result.headers)).toStrictEqual([
        "accept",
        "user-agent",
        "authorization",
        "content-type",
      ]);
      expect(Object.keys(result.headers)).toStrictEqual(Object.keys(merged.headers));
      expect(result.headers["content-type"]).toBe(JSON_TYPE);
    }
    // Each call's own object: a change to one reaches neither the next call nor the DEFAULTS.
    results[0]!.headers["content-type"] = "text/x-changed";
    delete results[1]!.headers.authorization;
    expect(builder.endpoint(route, { title: "x" }).headers).toStrictEqual({
      ...HEADERS,
      authorization: "token x",
      "content-type": JSON_TYPE,
    });
    expect(builder.DEFAULTS.headers).toStrictEqual({ ...HEADERS, authorization: "token x" });
    // A body method without a body gets no content-type; a data body gets the type of its value.
    const del = `DELETE ${fresh("/items/{id}")}`;
    for (const result of thrice(builder, del, { id: 1 })) {
      expect(Object.keys(result.headers)).toStrictEqual(["accept", "user-agent", "authorization"]);
    }
    for (const result of thrice(builder, route, { data: "raw" })) {
      expect(Object.keys(result.headers)).toStrictEqual(["accept", "user-agent", "authorization"]);
    }
    for (const result of thrice(builder, route, { data: { a: 1 } })) {
      expect(result.headers["content-type"]).toBe(JSON_TYPE);
    }
  });

  it("never turns the JSON body of defaults with a form content-type into JSON, nor the reverse", () => {
    const form = new EndpointBuilder({ baseUrl: "https://api.acme.test" }).defaults({
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const route = `POST ${fresh("/items")}`;
    for (const result of thrice(form, route, { title: "a b" })) {
      expect(result.body).toBe("title=a%20b");
      expect(result.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    }
    const json = new EndpointBuilder({ baseUrl: "https://api.acme.test" });
    for (const result of thrice(json, route, { title: "a b", headers: { "content-type": JSON_TYPE } })) {
      expect(result.body).toStrictEqual({ title: "a b" });
    }
  });
  it("answers each builder with its own defaults, however calls alternate between several builders", () => {
    const base = new EndpointBuilder({ baseUrl: "https://api.acme.test" });
    const builders = [
      base,
      base.defaults({ org: "a" }),
      base.defaults({ org: "b" }),
      base.defaults({ org: "c" }),
    ];
    const route = `GET ${fresh("/orgs/{org}")}`;
    // Every order of calls: one builder again, two in turn, three and four in turn.
    for (const order of [
      [1, 1, 2, 1],
      [1, 2, 1, 2],
      [1, 2, 3, 1, 2, 3],
      [3, 2, 1, 0, 3],
    ]) {
      for (const which of order) {
        const url = builders[which]!.endpoint(route, which === 0 ? { org: "z" } : {}).url;
        expect(url).toBe(
          `https://api.acme.test${route.slice(4).replace("{org}", which === 0 ? "z" : "_abc"[which]!)}`,
        );
      }
    }
  });
  it("finds each route's own plan however many routes a builder calls in turn, literal or built", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test" });
    // More routes than a snapshot keeps at hand (8), called in turn, five rounds: every call gets
    // its own route's result, whether its plan is found among the recent ones or looked up.
    const routes = Array.from({ length: 11 }, (_, i) => `GET ${fresh(`/r${i}/{id}`)}`);
    for (let round = 0; round < 5; round++) {
      routes.forEach((route, i) => {
        // A route string built anew on each call is the same route as the literal one.
        const given = round % 2 === 0 ? route : [route.slice(0, 4), route.slice(4)].join("");
        expect(builder.endpoint(given, { id: i, q: round }).url).toBe(
          `https://api.acme.test${route.slice(4).replace("{id}", String(i))}?q=${round}`,
        );
      });
    }
    // Two routes that differ only after the recent ones' length: never taken for each other.
    const a = `GET ${fresh("/same/{id}")}`;
    const b = `${a}/more`;
    for (let i = 0; i < 3; i++) {
      expect(builder.endpoint(a, { id: 1 }).url).toBe(
        `https://api.acme.test${a.slice(4).replace("{id}", "1")}`,
      );
      expect(builder.endpoint(b, { id: 1 }).url).toBe(
        `https://api.acme.test${b.slice(4).replace("{id}", "1")}`,
      );
    }
  });
  it("plans a call with an options object by its url, never taken for the plan of a route of the same text", () => {
    const builder = new EndpointBuilder({ baseUrl: "https://api.acme.test", per_page: 2 });
    const path = fresh("/x/{id}");
    const post = { method: "POST", url: path, id: 1, title: "t" };
    const expected = builder.parse(builder.merge(post));
    for (let i = 0; i < 3; i++) {
      expect(builder.endpoint(post)).toEqual(expected);
      expect(builder.endpoint({ ...post, method: "GET", id: i }).url).toBe(
        `https://api.acme.test${path.replace("{id}", String(i))}?per_page=2&title=t`,
      );
      // A route string that is a url option's text: a route, whose method comes first.
      expect(builder.endpoint(`GET ${path}`, { id: 2 }).url).toBe(
        `https://api.acme.test${path.replace("{id}", "2")}?per_page=2`,
      );
      expect(errorOf(() => builder.endpoint({ url: `GET ${path}`, id: 2 }))).toMatchObject({
        code: "ERR_INVALID_TEMPLATE",
        message: `Invalid URI template "GET ${path}": invalid literal character " " (U+0020) at offset 3`,
      });
    }
  });
  it("keeps nothing of a builder made per request for one route once the app drops it", () => {
    // A child process with --expose-gc on the built package (npm test builds dist/ first); with the
    // first plan in the cache shared by all builders, each of the 50 defaults stayed alive.
    const output = execFileSync(
      process.execPath,
      ["--expose-gc", join(__dirname, "helpers/builders-per-request.mjs")],
      { encoding: "utf8" },
    );
    expect(JSON.parse(output)).toEqual({ builders: 50, kept: 0 });
  });
});
