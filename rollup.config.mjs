import { chmodSync, readFileSync } from "node:fs";
import typescript from "@rollup/plugin-typescript";
import { parse } from "acorn";
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

// The package ships no source maps (they would point at lib/, which is not shipped), and its code
// without the sources' comments: those are read in the repository. Only the annotations bundlers
// act on (/*#__PURE__*/) and the command's #! line are kept. Comments are found by parsing, so
// nothing inside a string, template or regular expression is touched.
const KEPT_COMMENT = /^[#@]__(?:PURE|NO_SIDE_EFFECTS)__$/;
const stripComments = {
  name: "strip-comments",
  renderChunk(code) {
    const comments = [];
    parse(code, { ecmaVersion: "latest", sourceType: "module", allowHashBang: true, onComment: comments });
    let stripped = "";
    let from = 0;
    for (const { type, value, start, end } of comments) {
      if (type === "Block" ? KEPT_COMMENT.test(value.trim()) : start === 0 && code.startsWith("#!")) continue;
      // The spaces and tabs before a comment lie between tokens: they go with it, and so does a
      // line that held nothing but the comment. Nothing else is touched.
      let cut = start;
      while (cut > from && (code[cut - 1] === " " || code[cut - 1] === "\t")) cut--;
      let after = end;
      while (code[after] === " " || code[after] === "\t") after++;
      const wholeLine =
        (cut === 0 || code[cut - 1] === "\n") && (after === code.length || code[after] === "\n");
      // A block comment that spans lines ends a line for automatic semicolon insertion: keep one.
      const gap = value.includes("\n") ? "\n" : " ";
      stripped += code.slice(from, cut) + (wholeLine || type === "Line" ? "" : gap);
      from = wholeLine ? Math.min(after + 1, code.length) : type === "Line" ? after : end;
    }
    return { code: stripped + code.slice(from), map: null };
  },
};

const external = [...Object.keys(pkg.dependencies ?? {}), /^node:/];

export default [
  {
    input: "lib/index.ts",
    external,
    plugins: [typescript({ tsconfig: "./tsconfig.build.json" }), injectVersion, stripComments],
    output: [
      // One ES module per source file: with "sideEffects": false, a bundler then leaves out
      // whole files an app does not reach — deepmerge's CommonJS wrapper among them, which it
      // would otherwise have to keep (docs/design/06-one-module-per-file.md).
      {
        dir: "dist",
        format: "es",
        preserveModules: true,
        preserveModulesRoot: "lib",
        entryFileNames: "[name].mjs",
      },
      { file: "dist/index.cjs", format: "cjs", exports: "named" },
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
    // finds a route's placeholders exactly as the library does; lib/errors.js and lib/redact.js
    // likewise, so that its messages quote and redact as the library's do.
    input: "cli/main.ts",
    external: (id) => id.startsWith("node:") || /\/lib\/(?:index|route|errors|redact)\.js$/.test(id),
    plugins: [
      typescript({ tsconfig: "./cli/tsconfig.json" }),
      stripComments,
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
