import fc from "fast-check";
import { endpoint } from "../lib/index.js";
import { EndpointBuilder } from "../lib/index.js";
import type { EndpointOptions } from "../lib/index.js";
import { applyMediaType } from "../lib/media-type.js";
import { errorOf } from "./helpers/thrown.js";

// Issue 13 §7: accept headers that already say what they want (CONTRACT.md, "parse()").
describe("applyMediaType", () => {
  it("keeps every preview named without a vendor part, under the default vendor (issue 13 §7a)", () => {
    expect(
      applyMediaType("application/vnd.foo-preview,application/vnd.bar-preview", "raw", ["symmetra"]),
    ).toBe(
      "application/vnd.service.foo-preview.raw,application/vnd.service.bar-preview.raw," +
        "application/vnd.service.symmetra-preview.raw",
    );
  });

  it.each([
    // [accept, format, previews, expected]
    [
      "application/vnd.foo-preview+json",
      "",
      ["hulk"],
      "application/vnd.service.foo-preview+json,application/vnd.service.hulk-preview+json",
    ],
    ["application/vnd.foo-preview", "", ["foo"], "application/vnd.service.foo-preview+json"],
    [
      "application/vnd.foo-preview, application/vnd.acme.bar-preview+json",
      "",
      ["baz"],
      "application/vnd.acme.foo-preview+json,application/vnd.acme.bar-preview+json,application/vnd.acme.baz-preview+json",
    ],
    [
      "application/vnd.acme.v2+json,application/vnd.foo-preview",
      "diff",
      ["foo"],
      "application/vnd.acme.foo-preview.diff",
    ],
    [
      "application/vnd.acme.ant-man-preview+json",
      "raw",
      ["hulk"],
      "application/vnd.acme.ant-man-preview.raw,application/vnd.acme.hulk-preview.raw",
    ],
    [
      "application/vnd.service.v3+json",
      "",
      ["a", "b"],
      "application/vnd.service.a-preview+json,application/vnd.service.b-preview+json",
    ],
    ["text/html", "", ["x"], "application/vnd.service.x-preview+json"],
  ])("accept %j with format %j and previews %j becomes %j", (accept, format, previews, expected) => {
    expect(applyMediaType(accept, format, previews)).toBe(expected);
  });

  it.each([
    // [accept, format, expected]: a format alone
    ["application/vnd.foo-preview", "raw", "application/vnd.service.foo-preview.raw"],
    ["application/vnd.foo-preview+json", "diff", "application/vnd.service.foo-preview.diff"],
    [
      "application/vnd.acme.v2+json,application/vnd.foo-preview",
      "raw",
      "application/vnd.acme.v2.raw,application/vnd.acme.foo-preview.raw",
    ],
    ["application/vnd.service.v3+json", "raw", "application/vnd.service.v3.raw"],
    ["application/vnd.service.v3+json", "", "application/vnd.service.v3+json"],
    ["text/plain", "raw", "text/plain"],
  ])("accept %j with format %j becomes %j", (accept, format, expected) => {
    expect(applyMediaType(accept, format, [])).toBe(expected);
  });

  it.each([
    ["application/octet-stream", "", ["machine-man"]],
    ["application/octet-stream", "raw", ["machine-man", "symmetra"]],
    ["application/octet-stream", "raw", []],
    ["Application/Octet-Stream", "", ["machine-man"]],
    [" application/octet-stream ", "diff", ["machine-man"]],
  ])(
    "never rewrites the binary download accept %j (format %j, previews %j) (issue 13 §7b)",
    (accept, format, previews) => {
      expect(applyMediaType(accept, format, previews)).toBe(accept);
    },
  );

  it("keeps every preview an accept header names and adds the given ones after them, once each", () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 4 }),
        fc.array(fc.option(word, { nil: undefined }), { minLength: 1, maxLength: 4 }),
        fc.array(word, { minLength: 1, maxLength: 4 }),
        fc.constantFrom("", "raw", "diff"),
        (named, vendors, given, format) => {
          // Each named preview is written with a vendor or without one, in turn.
          const accept = named
            .map((name, i) => {
              const vendor = vendors[i % vendors.length];
              return `application/vnd.${vendor === undefined ? "" : vendor + "."}${name}-preview+json`;
            })
            .join(",");
          const firstVendor = named.map((_, i) => vendors[i % vendors.length]).find((v) => v !== undefined);
          const suffix = format === "" ? "+json" : "." + format;
          const expected = [...new Set([...named, ...given])].map(
            (name) => `application/vnd.${firstVendor ?? "service"}.${name}-preview${suffix}`,
          );
          expect(applyMediaType(accept, format, given).split(",")).toEqual(expected);
        },
      ),
      { seed: 1307, numRuns: 200 },
    );
  });
});

describe("endpoint() and the accept header it is given", () => {
  it("keeps the previews an accept header names without a vendor (issue 13 §7a)", () => {
    expect(
      endpoint({
        method: "POST",
        url: "/graphql",
        headers: { accept: "application/vnd.foo-preview,application/vnd.bar-preview" },
        mediaType: { format: "raw", previews: ["symmetra"] },
      }).headers.accept,
    ).toBe(
      "application/vnd.service.foo-preview.raw,application/vnd.service.bar-preview.raw," +
        "application/vnd.service.symmetra-preview.raw",
    );
  });

  it("keeps application/octet-stream against previews set in the defaults (issue 13 §7b)", () => {
    const withPreviews = endpoint.defaults({ mediaType: { previews: ["machine-man"] } });
    expect(
      withPreviews("GET /assets/{id}", { id: 1, headers: { accept: "application/octet-stream" } }),
    ).toEqual({
      method: "get",
      url: "https://api.service.example/assets/1",
      headers: { accept: "application/octet-stream", "user-agent": endpoint.DEFAULTS.headers["user-agent"] },
    });
  });

  it("names a preview once when accept and mediaType.previews both name it", () => {
    expect(
      endpoint("GET /x", {
        headers: { accept: "application/vnd.foo-preview" },
        mediaType: { previews: ["foo-preview", "bar"] },
      }).headers.accept,
    ).toBe("application/vnd.service.foo-preview+json,application/vnd.service.bar-preview+json");
  });

  it("keeps application/octet-stream against a format and previews in the call", () => {
    expect(
      endpoint("GET /assets/{id}", {
        id: 1,
        headers: { accept: "application/octet-stream" },
        mediaType: { format: "raw", previews: ["machine-man"] },
      }).headers.accept,
    ).toBe("application/octet-stream");
  });

  it("reads a vendor entry in any case (RFC 9110 §8.3.1), keeping its vendor for a format and previews", () => {
    // It was no vendor entry: the format was left out, and previews took the vendor "service".
    const acme = endpoint.defaults({ headers: { Accept: "Application/vnd.acme.v3+json" } });
    expect(acme("GET /x", { mediaType: { format: "raw" } }).headers.accept).toBe(
      "application/vnd.acme.v3.raw",
    );
    expect(acme("GET /x", { mediaType: { previews: ["p"] } }).headers.accept).toBe(
      "application/vnd.acme.p-preview+json",
    );
    expect(
      acme("GET /x", {
        headers: { accept: "application/VND.foo-PREVIEW+json" },
        mediaType: { previews: ["p"] },
      }).headers.accept,
    ).toBe("application/vnd.service.foo-preview+json,application/vnd.service.p-preview+json");
  });

  it("keeps application/octet-stream with parameters against a format and previews", () => {
    // Only the bare type was kept: with a parameter, previews made it a JSON preview type.
    for (const accept of ["application/octet-stream; q=1", "Application/Octet-Stream;charset=binary"]) {
      expect(
        endpoint("GET /assets/{id}", { id: 1, headers: { accept }, mediaType: { previews: ["p"] } }).headers
          .accept,
      ).toBe(accept);
      expect(
        endpoint("GET /assets/{id}", { id: 1, headers: { accept }, mediaType: { format: "raw" } }).headers
          .accept,
      ).toBe(accept);
    }
  });

  it("reads a vendor entry with parameters or a weight (RFC 9110 §12.5.1), keeping them for a format", () => {
    // The entry was no vendor entry: the format was silently left out, and previews took the
    // vendor "service" where the accept header named "acme".
    const acme = endpoint.defaults({ headers: { accept: "application/vnd.acme.v3+json; q=0.9, */*;q=0.1" } });
    expect(acme("GET /x", { mediaType: { format: "raw" } }).headers.accept).toBe(
      "application/vnd.acme.v3.raw; q=0.9,*/*;q=0.1",
    );
    expect(acme("GET /x", { mediaType: { previews: ["p"] } }).headers.accept).toBe(
      "application/vnd.acme.p-preview+json",
    );
    expect(applyMediaType("application/vnd.acme.foo-preview+json ;charset=utf-8", "diff", ["bar"])).toBe(
      "application/vnd.acme.foo-preview.diff,application/vnd.acme.bar-preview.diff",
    );
  });

  it("keeps an accept list whose first entry is application/octet-stream, with or without parameters", () => {
    // Only a first entry with parameters was kept: `application/octet-stream, */*` became a JSON
    // preview type for previews, and the download got JSON.
    for (const accept of ["application/octet-stream, */*", "application/octet-stream,application/json"]) {
      expect(
        endpoint("GET /assets/{id}", { id: 1, headers: { accept }, mediaType: { previews: ["p"] } }).headers
          .accept,
      ).toBe(accept);
    }
  });

  it("still rewrites the default accept for previews set in the defaults", () => {
    const withPreviews = endpoint.defaults({ mediaType: { previews: ["machine-man"] } });
    expect(withPreviews("GET /assets/{id}", { id: 1 }).headers.accept).toBe(
      "application/vnd.service.machine-man-preview+json",
    );
  });
});

// Found by the review of 2026-11-26.
describe("preview names and preview entries, as the library writes them", () => {
  it("cuts every trailing -preview, so endpoint() and parse(merge()) name the same preview", () => {
    // One cut made "foo-preview" in merge() and endpoint(), and parse() cut "foo" from it.
    const options = { mediaType: { previews: ["foo-preview-preview"] } };
    const accept = "application/vnd.service.foo-preview+json";
    expect(endpoint.merge("GET /x", options).mediaType.previews).toEqual(["foo"]);
    expect(endpoint("GET /x", options).headers.accept).toBe(accept);
    expect(endpoint.parse(endpoint.merge("GET /x", options)).headers.accept).toBe(accept);
  });

  it("refuses a name that is only -preview, however many times, in endpoint() and merge() alike", () => {
    const refused = {
      code: "ERR_INVALID_MEDIA_TYPE",
      message:
        'Invalid preview name "-preview-preview" in mediaType.previews: expected letters, digits, "-" and "_"',
    };
    const options = { mediaType: { previews: ["-preview-preview"] } };
    expect(errorOf(() => endpoint("GET /x", options))).toStrictEqual(refused);
    expect(errorOf(() => endpoint.merge("GET /x", options))).toStrictEqual(refused);
  });

  it("a subclass that reads its snapshot again at each .defaults() keeps the names", () => {
    class Org extends EndpointBuilder {
      constructor(...layers: EndpointOptions[]) {
        super(...layers, { org: "acme" });
      }
    }
    let builder = new Org({ mediaType: { previews: ["a-preview-preview-preview"] } });
    for (let level = 0; level < 3; level++) {
      expect(builder.DEFAULTS.mediaType.previews).toEqual(["a"]);
      builder = builder.defaults({});
    }
  });

  it("reads a preview entry with a format, as it writes one, as a preview", () => {
    const accept = endpoint("GET /x", { mediaType: { format: "raw", previews: ["x"] } }).headers.accept;
    expect(accept).toBe("application/vnd.service.x-preview.raw");
    // Before, the entry was no vendor entry, and the preview x was lost.
    const api = endpoint.defaults({ headers: { accept } });
    expect(api("GET /x", { mediaType: { previews: ["y"] } }).headers.accept).toBe(
      "application/vnd.service.x-preview+json,application/vnd.service.y-preview+json",
    );
    expect(api("GET /x", { mediaType: { format: "diff" } }).headers.accept).toBe(
      "application/vnd.service.x-preview.diff",
    );
  });

  // Third review: the entry read names of at most 192 characters back, where 200 may be given.
  it("reads back a preview name of 200 characters it wrote", () => {
    const name = "a".repeat(200);
    const accept = endpoint("GET /x", { mediaType: { format: "raw", previews: [name] } }).headers.accept;
    expect(endpoint("GET /x", { headers: { accept }, mediaType: { previews: ["b"] } }).headers.accept).toBe(
      `application/vnd.service.${name}-preview+json,application/vnd.service.b-preview+json`,
    );
  });

  // Second review: a format with "." or "+" was no part of the entry, and the preview was lost.
  it.each(["v3.raw", "a+b"])("reads a preview entry with the format %j as a preview", (format) => {
    const accept = endpoint("GET /x", { mediaType: { format, previews: ["x"] } }).headers.accept;
    expect(accept).toBe(`application/vnd.service.x-preview.${format}`);
    expect(
      endpoint("GET /x", { headers: { accept }, mediaType: { format, previews: ["y"] } }).headers.accept,
    ).toBe(`application/vnd.service.x-preview.${format},application/vnd.service.y-preview.${format}`);
  });
});
