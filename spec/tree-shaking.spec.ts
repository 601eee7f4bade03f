import { bundledFiles } from "./helpers/bundled-files.js";

// A browser bundle of one export of the built package, as an app's bundler would make it
// (esbuild with bench/bundle-options.json, the options `npm run size` uses): which files
// contribute code to it.

// The engine; endpoint() shares parseTemplate's cache for the urls it sees twice.
const TEMPLATE_ENGINE = [
  "dist/ascii-set.mjs",
  "dist/bounded-cache.mjs",
  "dist/errors.mjs",
  "dist/object.mjs",
  // the redaction of urls in messages (a template is a url)
  "dist/redact.mjs",
  "dist/uri-template/compile.mjs",
  "dist/uri-template/encode.mjs",
  "dist/uri-template/expand-varspec.mjs",
  "dist/uri-template/operators.mjs",
  "dist/uri-template/tokenize.mjs",
  "dist/uri-template/values.mjs",
];

// media-type.mjs: only its JSON_CONTENT_TYPE, the one constant the adapters share with parse().
// headers.mjs (with ascii-set.mjs and object.mjs): the token and header value checks endpoint() makes.
const ADAPTER_BASE = [
  "dist/adapters/assert-request-options.mjs",
  "dist/adapters/outgoing-headers.mjs",
  "dist/adapters/read-safely.mjs",
  "dist/adapters/request-body.mjs",
  "dist/ascii-set.mjs",
  "dist/headers.mjs",
  "dist/media-type.mjs",
  "dist/object.mjs",
  // secret header values and url passwords are not shown in messages
  "dist/redact.mjs",
  // endpoint()'s own url checks (host, dot segments), which the adapters apply too
  "dist/url.mjs",
];

describe("tree-shaking of the built package", () => {
  it("endpoint needs the builder and the engine, no adapter and no runtime dependency", async () => {
    expect(await bundledFiles("endpoint")).toEqual(
      [
        ...TEMPLATE_ENGINE,
        "dist/builder/endpoint-builder.mjs",
        "dist/callable.mjs",
        "dist/defaults.mjs",
        "dist/endpoint.mjs",
        "dist/headers.mjs",
        "dist/media-type.mjs",
        "dist/pipeline/fill.mjs",
        "dist/pipeline/merge.mjs",
        "dist/pipeline/parse.mjs",
        "dist/pipeline/plan.mjs",
        "dist/pipeline/read-options.mjs",
        "dist/request/authority.mjs",
        "dist/request/build.mjs",
        "dist/request/checks.mjs",
        "dist/request/compile-url.mjs",
        "dist/request/query.mjs",
        "dist/reserved-keys.mjs",
        "dist/route.mjs",
        "dist/uri-template/form-query.mjs",
        "dist/uri-template/cache.mjs",
        "dist/url.mjs",
      ].sort(),
    );
  });

  it("parseTemplate alone is the engine: no builder", async () => {
    expect(await bundledFiles("parseTemplate")).toEqual(
      [...TEMPLATE_ENGINE, "dist/uri-template/cache.mjs"].sort(),
    );
  });

  it("querySerializer is its file and the engine's form query: no builder, no template compiler, no deepmerge", async () => {
    expect(await bundledFiles("querySerializer")).toEqual(
      [
        "dist/ascii-set.mjs",
        "dist/errors.mjs",
        "dist/object.mjs",
        "dist/query-serializer.mjs",
        "dist/redact.mjs",
        "dist/uri-template/encode.mjs",
        "dist/uri-template/expand-varspec.mjs",
        "dist/uri-template/form-query.mjs",
        "dist/uri-template/operators.mjs",
        "dist/uri-template/values.mjs",
      ].sort(),
    );
  });

  it("an app that does not import querySerializer does not bundle it", async () => {
    expect(await bundledFiles("endpoint")).not.toContain("dist/query-serializer.mjs");
    expect(await bundledFiles("EndpointBuilder")).not.toContain("dist/query-serializer.mjs");
  });

  it.each([
    ["EndpointError", ["dist/errors.mjs"]],
    ["VERSION", ["dist/version.mjs"]],
    // callable() refuses what is not a builder with an EndpointError: it needs that class.
    ["callable", ["dist/callable.mjs", "dist/errors.mjs"]],
  ])("%s alone is its own file (and what it throws)", async (name, files) => {
    expect(await bundledFiles(name)).toEqual(files);
  });

  it.each([
    ["toFetch", "dist/adapters/to-fetch.mjs"],
    ["toCurl", "dist/adapters/to-curl.mjs"],
  ])("%s alone is the adapter and the error class", async (name, file) => {
    expect(await bundledFiles(name)).toEqual([...ADAPTER_BASE, file, "dist/errors.mjs"].sort());
  });
});
