import { build, type BuildOptions } from "esbuild";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// A browser bundle of one export of the built package, as an app's bundler would make it
// (esbuild with bench/bundle-options.json, the options `npm run size` uses).
const root = join(__dirname, "..", "..");
const bundleOptions = JSON.parse(
  readFileSync(join(root, "bench/bundle-options.json"), "utf8"),
) as BuildOptions;

/** The files of the package that contribute code to the bundle of `export { exported }`. */
export async function bundledFiles(exported: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: `export { ${exported} } from "service-endpoint";`, resolveDir: root, loader: "js" },
    absWorkingDir: root,
    ...bundleOptions,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
  return Object.keys(inputs)
    .filter((path) => inputs[path]!.bytesInOutput > 0)
    .sort();
}
