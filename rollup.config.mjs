import { chmodSync, readFileSync } from "node:fs";
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
      // One ES module per source file: with "sideEffects": false, a bundler then leaves out
      // whole files an app does not reach — deepmerge's CommonJS wrapper among them, which it
      // would otherwise have to keep (docs/decisions.md §6).
      {
        dir: "dist",
        format: "es",
        preserveModules: true,
        preserveModulesRoot: "lib",
        entryFileNames: "[name].mjs",
        sourcemap: true,
      },
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
  {
    // The `service-endpoint` command. It imports the library's public API, which stays external:
    // dist/cli.mjs loads dist/index.mjs, the very bundle users import; and lib/route.js's
    // colonToTemplate from dist/route.mjs, the same module index.mjs loads, so that the command
    // finds a route's placeholders exactly as the library does.
    input: "cli/main.ts",
    external: (id) => id.startsWith("node:") || /\/lib\/(?:index|route|errors|redact)\.js$/.test(id),
    plugins: [
      typescript({ tsconfig: "./cli/tsconfig.json" }),
      // A bin must be executable to run from a clone as ./dist/cli.mjs (npm sets it on install).
      { name: "executable", writeBundle: ({ file }) => chmodSync(file, 0o755) },
    ],
    output: {
      file: "dist/cli.mjs",
      format: "es",
      banner: "#!/usr/bin/env node",
      paths: (id) => id.replace(/^.*\/lib\/(index|route|errors|redact)\.js$/, "./$1.mjs"),
    },
  },
];
