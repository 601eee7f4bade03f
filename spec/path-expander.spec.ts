// Issue 12: a url of literals and `{name}` expressions only is expanded by compiled-url.ts's own
// loop for strings and finite numbers, and by the engine for anything else. The law: it writes
// what parseTemplate(url).expand(variables) writes, and throws what it throws.
import fc from "fast-check";
import { endpoint, parseTemplate } from "../lib/index.js";
import { compileUrl } from "../lib/compiled-url.js";
import { outcome } from "./helpers/thrown.js";

const settings = { seed: 20261123, numRuns: 400 };

/** The slots of `url`'s variables, as the pipeline hands them to `expand`. */
function slotsOf(url: string, variables: Record<string, unknown>): unknown[] {
  return compileUrl(url).template.variableNames.map((name) => variables[name]);
}

const value = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.string({ unit: "binary", maxLength: 4 }),
  fc.constantFrom("", ".", "..", "a/b", "%2e", "é", "\uD800", "a b", "~-._", "?#[]"),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1e21, -1.5, Number.NaN, Number.POSITIVE_INFINITY),
  fc.constantFrom(undefined, null, true, false, 10n, new Date(0), new Date(Number.NaN)),
  fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null)), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 2 }), fc.string({ maxLength: 2 }), { maxKeys: 2 }),
);

// Literals with and without characters the engine encodes (RFC 6570 §3.1: pct-encoded kept).
const literal = fc.constantFrom("", "/", "/repos/", "-", "/a%20b/", "/é/", ".json", "/x/");
const name = fc.constantFrom("a", "b", "owner", "repo");
const expression = fc.oneof(
  { weight: 6, arbitrary: name.map((n) => `{${n}}`) },
  // Not a path-only url: the engine expands all of it.
  { weight: 1, arbitrary: fc.constantFrom("{+a}", "{/b}", "{a,b}", "{a:2}", "{b*}", "{?a}") },
);
const url = fc
  .array(fc.tuple(literal, expression), { minLength: 1, maxLength: 4 })
  .chain((pieces) => literal.map((tail) => pieces.map(([l, e]) => l + e).join("") + tail));

describe("the path expander of compiled urls", () => {
  it("property: expands (or throws) exactly as parseTemplate(url).expand(variables)", () => {
    fc.assert(
      fc.property(url, fc.dictionary(name, value), (template, variables) => {
        const ours = outcome(() => compileUrl(template).expand(slotsOf(template, variables)));
        const engine = outcome(() => parseTemplate(template).expand(variables));
        expect(ours).toStrictEqual(engine);
      }),
      settings,
    );
  });

  it.each([
    ["/repos/{owner}/{repo}", { owner: "octo cat", repo: "é" }, "/repos/octo%20cat/%C3%A9"],
    ["/items/{id}", { id: 1e21 }, "/items/1e%2B21"],
    ["/items/{id}", { id: -0 }, "/items/0"],
    ["/items/{id}", { id: true }, "/items/true"],
    ["/items/{id}", { id: ["a", "b"] }, "/items/a,b"],
    ["/items/{id}/x", { id: new Date(0) }, "/items/1970-01-01T00%3A00%3A00.000Z/x"],
  ])("%s with %j is %s", (template, variables, expected) => {
    expect(compileUrl(template).expand(slotsOf(template, variables))).toBe(expected);
  });

  it("a lone surrogate and a non-finite number are the engine's errors, naming the variable", () => {
    expect(outcome(() => endpoint("GET /items/{id}", { id: "\uD800" }))).toStrictEqual({
      code: "ERR_INVALID_PARAMETER",
      message: 'Invalid parameter "id": a lone surrogate (U+D800) cannot be encoded as UTF-8',
    });
    expect(outcome(() => endpoint("GET /items/{id}", { id: Number.NaN }))).toStrictEqual({
      code: "ERR_INVALID_PARAMETER",
      message: 'Invalid parameter "id": cannot expand number NaN in a URI template',
    });
  });
});
