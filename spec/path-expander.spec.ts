// Issue 12: a compiled url expands from slots what parseTemplate(url).expand(variables) writes,
// and throws what it throws. A url of literals and `{name}` expressions only has compile-url.ts's
// own loop for strings and finite numbers (`expandChecked`), which lets buildRequest skip its
// checks: it answers only where they all pass, with the url they write (and it runs their
// dot-segment check itself when a value may make one).
import fc from "fast-check";
import { endpoint, parseTemplate } from "../lib/index.js";
import { checkedExpansion } from "../lib/request/checks.js";
import { compileUrl, emptySlots } from "../lib/request/compile-url.js";
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

// Mostly the values the checked expansion answers for, and now and then any other.
const usual = fc.oneof(
  { weight: 5, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 3, arbitrary: fc.oneof(fc.integer(), fc.constantFrom("", ".", "..", "\uD800", "a\uDC00")) },
  { weight: 1, arbitrary: value },
);
const usualVariables = fc.record(
  { a: usual, b: usual, owner: usual, repo: usual },
  { requiredKeys: ["a", "b", "owner", "repo"] },
);

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
    ["/items/{id}/{n}", { id: -1.5e-7, n: 999999999999999900000 }, "/items/-1.5e-7/999999999999999900000"],
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
  it("property: where the checked expansion answers, buildRequest's checks pass and write the same url", () => {
    let answered = 0;
    let declined = 0;
    fc.assert(
      fc.property(url, usualVariables, (template, variables) => {
        const compiled = compileUrl(template);
        const slots = slotsOf(template, variables);
        const fast = outcome(() => compiled.expandChecked?.(slots));
        if ("value" in fast && fast.value === undefined) {
          declined++;
          return;
        }
        answered++;
        expect(outcome(() => checkedExpansion(compiled, slots))).toStrictEqual(fast);
      }),
      settings,
    );
    // Neither side of the law is vacuous with this seed.
    expect(answered).toBeGreaterThan(25);
    expect(declined).toBeGreaterThan(25);
  });

  it.each([
    ["/repos/{owner}", { owner: "octo" }, "/repos/octo"],
    ["/repos/{owner}/{n}", { owner: "a b", n: 7 }, "/repos/a%20b/7"],
    // "." with "/" may make a dot segment with a neighbour: the url is scanned, and passes.
    ["/repos/{owner}/{n}", { owner: "docs/read me.md", n: "v1.2/x" }, "/repos/docs%2Fread%20me.md/v1.2%2Fx"],
    // A value the checks would refuse, or that the engine writes: no answer.
    ["/repos/{owner}", { owner: "" }, undefined],
    ["/repos/{owner}", { owner: "." }, undefined],
    ["/repos/{owner}", { owner: ".." }, undefined],
    ["/repos/{owner}", { owner: ["a"] }, undefined],
    ["/repos/{owner}", {}, undefined],
    // The checks come first: a later placeholder without a value, not the lone surrogate before it.
    ["/repos/{owner}/{repo}", { owner: "\uD800", repo: "" }, undefined],
  ])("the checked expansion of %s with %j is %s", (template, variables, expected) => {
    expect(compileUrl(template).expandChecked?.(slotsOf(template, variables))).toBe(expected);
  });

  it("has no checked expansion for a url whose literals hold a dot or a percent sign, or that the engine expands", () => {
    expect(compileUrl("/files/{name}.json").expandChecked).toBeUndefined();
    expect(compileUrl("/a%20b/{name}").expandChecked).toBeUndefined();
    expect(compileUrl("/items{/id}").expandChecked).toBeUndefined();
    expect(compileUrl("https://api.acme.test/items/{id}").expandChecked).toBeDefined();
  });

  it("refuses through the full checks what the checked expansion leaves to them", () => {
    expect(outcome(() => endpoint("GET /repos/{owner}/{repo}", { owner: "\uD800", repo: "" }))).toStrictEqual(
      {
        code: "ERR_MISSING_PARAMETER",
        message:
          'Missing parameter "repo" for url "/repos/{owner}/{repo}": an empty value would leave its path segment empty, and many servers would read a shorter path',
      },
    );
    expect(outcome(() => endpoint("GET /items/{id}", { id: ".." }))).toStrictEqual({
      code: "ERR_INVALID_PARAMETER",
      message:
        'Invalid parameter "id" for url "/items/{id}": it makes the path segment "..", which clients resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
    });
    // "a/.." is written "a%2F..": the fast path runs the dot-segment check.
    expect(outcome(() => compileUrl("/items/{id}").expandChecked?.(["a/.."]))).toStrictEqual({
      code: "ERR_INVALID_PARAMETER",
      message:
        'Invalid parameter "id" for url "/items/{id}": it makes the path segment "..", which servers that decode "%2F" and "%5C" resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)',
    });
    expect(endpoint("GET /repos/{o}/contents/{path}", { o: "o", path: "docs/read me.md" }).url).toBe(
      "https://api.service.example/repos/o/contents/docs%2Fread%20me.md",
    );
    expect(outcome(() => endpoint("GET /items/{id}/x", { id: "" }))).toStrictEqual({
      code: "ERR_MISSING_PARAMETER",
      message:
        'Missing parameter "id" for url "/items/{id}/x": an empty value would leave its path segment empty, and many servers would read a shorter path',
    });
  });
});

describe("a call's empty slots", () => {
  it("are one undefined per variable of the compiled url, never a hole, a new array each call", () => {
    const compiled = compileUrl("/repos/{owner}/{repo}/issues{?state,labels}");
    const first = emptySlots(compiled);
    const second = emptySlots(compiled);
    // Own members, not holes: a hole would read Object.prototype (docs/security.md item 12).
    expect([first, Object.keys(first)]).toEqual([
      [undefined, undefined, undefined, undefined],
      ["0", "1", "2", "3"],
    ]);
    expect(second).not.toBe(first);
    first[0] = "octo";
    expect(second[0]).toBeUndefined();
  });

  it("are an empty array for a url without variables", () => {
    expect(emptySlots(compileUrl("/meta")).length).toBe(0);
  });
});
