import { readFileSync } from "node:fs";
import typescript from "@rollup/plugin-typescript";
import { dts } from "rollup-plugin-dts";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

// The user-agent carries the released version: read from package.json at build time, never hand-kept.
const injectVersion = {
  name: "inject-version",
  transform(code) {
    if (!code.includes("__SERVICE_ENDPOINT_VERSION__")) return null;
    return { code: code.replaceAll("__SERVICE_ENDPOINT_VERSION__", JSON.stringify(pkg.version)), map: null };
  },
};

const external = [...Object.keys(pkg.dependencies ?? {}), /^node:/];

export default [
  {
    input: "lib/index.ts",
    external,
    plugins: [typescript({ tsconfig: "./tsconfig.build.json" }), injectVersion],
    output: [
      { file: "dist/index.mjs", format: "es", sourcemap: true },
      { file: "dist/index.cjs", format: "cjs", exports: "named", sourcemap: true },
    ],
  },
  {
    input: "lib/index.ts",
    external,
    plugins: [dts({ tsconfig: "./tsconfig.build.json" })],
    output: [
      { file: "dist/index.d.mts", format: "es" },
      { file: "dist/index.d.cts", format: "es" },
    ],
  },
];
