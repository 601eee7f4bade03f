import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**", ".tmp/**", "examples/openapi/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Library sources run in browsers too: no Node globals there. typescript-eslint turns
    // no-undef off for .ts files (the type checker, whose "types" include node, would accept
    // these), so they are named here.
    files: ["lib/**/*.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...["process", "Buffer", "require", "__dirname", "__filename", "global", "module", "exports"].map(
          (name) => ({ name, message: `lib/ runs in browsers too: no Node global ${name}.` }),
        ),
      ],
    },
  },
  {
    files: ["spec/**", "bench/**", "scripts/**", "examples/**", "*.mjs", "*.cjs"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
