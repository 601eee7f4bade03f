import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

/** @type {import('jest').Config} */
export default {
  testEnvironment: "node",
  roots: ["<rootDir>/spec"],
  testMatch: ["**/*.spec.ts"],
  transform: {
    "^.+\\.ts$": [
      "ts-jest",
      {
        // Type-checking is `npm run typecheck`; here ts-jest only transpiles, to CommonJS for jest:
        // `isolatedModules` in the tsconfig makes it transpile file by file (ts-jest 29.4 deprecates
        // its own option of that name).
        tsconfig: {
          isolatedModules: true,
          module: "commonjs",
          moduleResolution: "node",
          verbatimModuleSyntax: false,
          esModuleInterop: true,
        },
      },
    ],
  },
  // Sources import siblings as "./x.js" (NodeNext); jest resolves them to the .ts files.
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  // The built bundles get the version injected by rollup; the sources read the same global here.
  globals: { __SERVICE_ENDPOINT_VERSION__: pkg.version },
  maxWorkers: 2,
};
