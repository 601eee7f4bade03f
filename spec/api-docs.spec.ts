import { readFileSync } from "node:fs";
import { join } from "node:path";
import { endpoint } from "../lib/index.js";
import { errorOf } from "./helpers/thrown.js";

// docs/api.md lists every error code with an example input and its message: run each example.
const doc = readFileSync(join(__dirname, "..", "docs", "api.md"), "utf8");
const rows = [...doc.matchAll(/^- `(ERR_[A-Z_]+)`: `(endpoint[^`]*)`\n {2}→ `([^`]*)`$/gm)].map(
  ([, code, input, message]) => [code, input, message] as [string, string, string],
);

describe("docs/api.md error list", () => {
  it("has an example for every code an endpoint() call can produce", () => {
    // ERR_ABSOLUTE_URL needs a subclass and ERR_UNSUPPORTED_BODY an adapter: tested in their own specs.
    expect([...new Set(rows.map(([code]) => code))].sort()).toEqual([
      "ERR_INVALID_BASE_URL",
      "ERR_INVALID_HEADER",
      "ERR_INVALID_MEDIA_TYPE",
      "ERR_INVALID_METHOD",
      "ERR_INVALID_OPTIONS",
      "ERR_INVALID_PARAMETER",
      "ERR_INVALID_ROUTE",
      "ERR_INVALID_TEMPLATE",
      "ERR_INVALID_URL",
      "ERR_MISSING_PARAMETER",
      "ERR_MISSING_URL",
    ]);
  });

  it.each(rows)("%s: %s", (code, input, message) => {
    const run = new Function("endpoint", `return ${input};`) as (fn: typeof endpoint) => unknown;
    // errorOf() fails the test unless an EndpointError is thrown.
    expect(errorOf(() => run(endpoint))).toStrictEqual({ code, message });
  });
});
