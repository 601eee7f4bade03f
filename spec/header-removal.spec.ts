// Issue 13 §2: `null` removes a header — the default one included — at any level; `undefined`
// still means "inherit".
import fc from "fast-check";
import { endpoint, toFetch } from "../lib/index.js";
import { errorOf } from "./helpers/thrown.js";

const UA = `service-endpoint.js/${"0.1.0"}`;

describe("null removes a header", () => {
  it("in a call: the default user-agent goes, the rest stays", () => {
    expect(endpoint("GET /items", { headers: { "user-agent": null } }).headers).toStrictEqual({
      accept: "application/vnd.service.v3+json",
    });
  });

  it("in defaults: every call of that builder, merge() and DEFAULTS", () => {
    const browser = endpoint.defaults({ headers: { "User-Agent": null } });
    expect(browser.DEFAULTS.headers).toStrictEqual({ accept: "application/vnd.service.v3+json" });
    expect(browser("GET /items").headers).toStrictEqual({ accept: "application/vnd.service.v3+json" });
    expect(browser.merge("GET /items").headers).toStrictEqual({ accept: "application/vnd.service.v3+json" });
  });

  it("a later level may set it again; undefined inherits", () => {
    const browser = endpoint.defaults({ headers: { "user-agent": null } });
    expect(browser("GET /x", { headers: { "user-agent": "mine/1" } }).headers["user-agent"]).toBe("mine/1");
    expect(endpoint("GET /x", { headers: { "user-agent": undefined } }).headers["user-agent"]).toBe(UA);
  });

  it("removing accept leaves mediaType nothing to amend", () => {
    expect(
      endpoint("GET /x", { headers: { accept: null }, mediaType: { format: "raw" } }).headers,
    ).toStrictEqual({
      "user-agent": UA,
    });
  });

  it("parse() of a hand-made object drops a null header", () => {
    expect(
      endpoint.parse({ baseUrl: "https://a.example", url: "/x", headers: { "x-a": null, "x-b": "1" } })
        .headers,
    ).toStrictEqual({
      "x-b": "1",
    });
  });

  it("toFetch() sends no removed header", () => {
    const [, init] = toFetch(endpoint("GET /x", { headers: { "user-agent": null } }));
    expect(init.headers).toStrictEqual({ accept: "application/vnd.service.v3+json" });
  });

  it("other values are still refused", () => {
    expect(
      errorOf(() => endpoint("GET /x", { headers: { "x-a": false as unknown as string } })),
    ).toStrictEqual({
      code: "ERR_INVALID_HEADER",
      message: 'Invalid value for header "x-a": boolean false; expected a string or a finite number',
    });
  });

  it("property: a null at any level leaves no trace unless a later level sets the header again", () => {
    const name = fc.constantFrom("user-agent", "accept", "x-trace", "authorization");
    const value = fc.oneof(fc.constant(null), fc.constant(undefined), fc.constantFrom("a", "b"));
    const level = fc.dictionary(name, value, { maxKeys: 4 });
    fc.assert(
      fc.property(fc.array(level, { maxLength: 3 }), level, (layers, call) => {
        const api = layers.reduce((builder, headers) => builder.defaults({ headers }), endpoint);
        const result = api("GET /x", { headers: call }).headers;
        const merged = api.merge("GET /x", { headers: call }).headers;
        for (const header of ["user-agent", "accept", "x-trace", "authorization"]) {
          // The last level that says anything but undefined decides.
          const said = [...layers, call].map((headers) => headers[header]).filter((v) => v !== undefined);
          const last = said[said.length - 1];
          if (last === null) {
            expect(result).not.toHaveProperty(header);
            expect(merged).not.toHaveProperty(header);
          } else if (last !== undefined) {
            expect(result[header]).toBe(last);
          }
        }
      }),
      { seed: 20261123, numRuns: 200 },
    );
  });
});
