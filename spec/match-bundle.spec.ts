import { bundledFiles } from "./helpers/bundled-files.js";

// Tree-shaking of the built package, bundled as an app's bundler would (esbuild with
// bench/bundle-options.json, the options `npm run size` uses): routeMatcher is a bundle of its
// own, and `endpoint` does not carry it.

it("routeMatcher needs the engine's tokenizer and the url checks, not the builder", async () => {
  expect(await bundledFiles("routeMatcher")).toEqual([
    "dist/ascii-set.mjs",
    "dist/bounded-cache.mjs",
    "dist/defaults.mjs",
    "dist/errors.mjs",
    "dist/headers.mjs",
    "dist/match/decode.mjs",
    "dist/match/query.mjs",
    "dist/match/route-matcher.mjs",
    "dist/match/route-pattern.mjs",
    "dist/match/specificity.mjs",
    "dist/object.mjs",
    // the redaction of urls in messages (a route is a url)
    "dist/redact.mjs",
    "dist/route.mjs",
    "dist/uri-template/encode.mjs",
    "dist/uri-template/operators.mjs",
    "dist/uri-template/tokenize.mjs",
    "dist/uri-template/values.mjs",
    "dist/url.mjs",
  ]);
});

it("endpoint does not carry routeMatcher", async () => {
  expect((await bundledFiles("endpoint")).filter((path) => path.includes("/match/"))).toEqual([]);
});
