// colonToTemplate: `/:name` is `{name}` in the path only, outside template expressions.
import fc from "fast-check";
import { colonToTemplate } from "../lib/route.js";
import { authorityEnd, isAbsoluteUrl } from "../lib/url.js";

/** The rule as one regular expression, read match by match: the reference the scan must agree with. */
function byOneExpression(url: string): string {
  const start = isAbsoluteUrl(url) ? authorityEnd(url) : 0;
  const rewrite = (match: string, name?: string) => (name === undefined ? match : `/{${name}}`);
  return url.slice(0, start) + url.slice(start).replace(/\{[^}]*\}?|[?#][^]*|\/:(\w+)/g, rewrite);
}

describe("colonToTemplate()", () => {
  it.each([
    ["/users/:id/repos/:repo_name", "/users/{id}/repos/{repo_name}"],
    ["https://u:p@h.example:8080/:a", "https://u:p@h.example:8080/{a}"],
    ["/a/:b?c=/:d#/:e", "/a/{b}?c=/:d#/:e"],
    ["/{x}/:b{/:c}/:d-e", "/{x}/{b}{/:c}/{d}-e"],
    ["/:/:a/:-", "/:/{a}/:-"],
    ["/x/:a{/:b", "/x/{a}{/:b"],
    ["/x#a{/:b}", "/x#a{/:b}"],
    ["/x{?q}/:a", "/x{?q}/{a}"],
  ])("%s → %s", (url, template) => {
    expect(colonToTemplate(url)).toBe(template);
  });

  it("agrees with the rule read as one regular expression", () => {
    const piece = fc.constantFrom(
      "/",
      ":",
      "/:",
      "a",
      "_9",
      "{",
      "}",
      "?",
      "#",
      "-",
      "https://h",
      ":8080",
      "@",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const url = pieces.join("");
        expect(colonToTemplate(url)).toBe(byOneExpression(url));
      }),
      { seed: 37, numRuns: 2000 },
    );
  });
});
