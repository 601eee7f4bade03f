// Issue 13 §4: form bodies — the leftover parameters of a form request are written by the
// builder's query serializer, so the query and the form share one style.
import { EndpointBuilder, callable, endpoint, querySerializer } from "../lib/index.js";
import { errorOf } from "./helpers/thrown.js";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("form bodies", () => {
  it("POST /oauth/token with grant_type: a string body in the form content-type", () => {
    expect(
      endpoint("POST /oauth/token", { grant_type: "client_credentials", scope: "read write", headers: FORM }),
    ).toStrictEqual({
      method: "post",
      url: "https://api.service.example/oauth/token",
      headers: {
        accept: "application/vnd.service.v3+json",
        "user-agent": "service-endpoint.js/0.1.0",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials&scope=read%20write",
    });
  });

  it("any parameters of the content-type, any case; placeholders stay in the url", () => {
    const options = endpoint("PUT /users/{id}/form", {
      id: 7,
      name: "Zoë",
      headers: { "Content-Type": "Application/X-WWW-Form-Urlencoded; charset=UTF-8" },
    });
    expect(options.url).toBe("https://api.service.example/users/7/form");
    expect(options.body).toBe("name=Zo%C3%AB");
  });

  it("uses the builder's query style", () => {
    class Rails extends EndpointBuilder {
      override serializeQuery = querySerializer({ array: "brackets" });
    }
    const api = callable(new Rails()).defaults({ headers: FORM });
    expect(api("POST /x", { ids: [1, 2] }).body).toBe("ids%5B%5D=1&ids%5B%5D=2");
  });

  it("a form body holding a nested object the style cannot write is an error naming it", () => {
    expect(errorOf(() => endpoint("POST /form", { filter: { a: { b: 1 } }, headers: FORM }))).toStrictEqual({
      code: "ERR_INVALID_PARAMETER",
      message:
        'Invalid parameter "filter": cannot expand an object at key "a" of an object in a URI template',
    });
  });

  it("nothing left over: no body", () => {
    expect(endpoint("POST /users/{id}", { id: 1, headers: FORM })).not.toHaveProperty("body");
  });

  it("data that is a URLSearchParams gets the form content-type when none is set", () => {
    const data = new URLSearchParams({ grant_type: "client_credentials" });
    const options = endpoint("POST /oauth/token", { data });
    expect(options.body).toBe(data);
    expect(options.headers["content-type"]).toBe("application/x-www-form-urlencoded;charset=UTF-8");
    expect(
      endpoint("POST /x", { data, headers: { "content-type": "text/plain" } }).headers["content-type"],
    ).toBe("text/plain");
  });

  it("data that only claims to be a URLSearchParams by its Symbol.toStringTag gets no form content-type", () => {
    class Claims {
      get [Symbol.toStringTag]() {
        return "URLSearchParams";
      }
    }
    const data = new Claims();
    const options = endpoint("POST /x", { data });
    expect(options.body).toBe(data);
    expect(options.headers).not.toHaveProperty("content-type");
    // A plain object that claims it is a JSON body.
    const plain = { a: 1, [Symbol.toStringTag]: "URLSearchParams" };
    expect(endpoint("POST /x", { data: plain }).headers["content-type"]).toBe(
      "application/json; charset=utf-8",
    );
  });

  it("a FormData body keeps no content-type (the client writes the boundary)", () => {
    expect(endpoint("POST /upload", { data: new FormData() }).headers).not.toHaveProperty("content-type");
  });
});
