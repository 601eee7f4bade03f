import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { inMemoryLanguageService } from "../helpers/language-service.js";

// What an editor offers in the options of endpoint(route, { … }): asked of the TypeScript
// language service, over the library's sources, as an editor would ask it.
const root = join(__dirname, "..", "..");
const file = join(root, "spec", "types", "__completion__.ts");
const compilerOptions: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2020,
  types: [],
  noEmit: true,
};

function serviceFor(source: string): { service: ts.LanguageService; cursor: number } {
  const cursor = source.indexOf("/*|*/");
  const text = source.replace("/*|*/", "");
  return { service: inMemoryLanguageService(file, text, root, compilerOptions), cursor };
}

function completionsAt(source: string, kind = ts.ScriptElementKind.memberVariableElement): string[] {
  const { service, cursor } = serviceFor(source);
  const completions = service.getCompletionsAtPosition(file, cursor, {});
  return (completions?.entries ?? []).filter((entry) => entry.kind === kind).map((entry) => entry.name);
}

/** The hover text at the cursor. */
function hoverAt(source: string): string {
  const { service, cursor } = serviceFor(source);
  return ts.displayPartsToString(service.getQuickInfoAtPosition(file, cursor)?.displayParts);
}

const ROUTE_MAP = `
  import { EndpointBuilder, callable } from "../../lib/index.js";
  import type { StrictRoutes } from "../../lib/index.js";
  interface Routes {
    "GET /repos/{owner}/{repo}/issues": { parameters: { owner: string; repo: string } };
    "POST /repos/{owner}/{repo}/issues": { parameters: { owner: string; repo: string }; body: { title: string } };
  }
`;
const ROUTES = ["GET /repos/{owner}/{repo}/issues", "POST /repos/{owner}/{repo}/issues"];

describe("editor completion in the options of a route", () => {
  it("offers the placeholders of a route literal", () => {
    const names = completionsAt(`
      import { endpoint } from "../../lib/index.js";
      endpoint("GET /repos/{owner}/{repo}/issues{?state,labels*}", { /*|*/ });
    `);
    expect(names).toEqual(expect.arrayContaining(["owner", "repo", "state", "labels"]));
  });

  it("offers the parameters and body keys of a route-map route", () => {
    const names = completionsAt(`
      import { EndpointBuilder } from "../../lib/index.js";
      interface Routes {
        "POST /repos/{owner}/{repo}/issues": {
          parameters: { owner: string; repo: string };
          body: { title: string; labels?: string[] };
        };
      }
      new EndpointBuilder<Routes>().endpoint("POST /repos/{owner}/{repo}/issues", { /*|*/ });
    `);
    expect(names).toEqual(expect.arrayContaining(["owner", "repo", "title", "labels", "data", "headers"]));
  });
});

describe('editor completion of the route at endpoint("', () => {
  it.each([
    ["a builder", 'new EndpointBuilder<Routes>().endpoint("/*|*/");'],
    ["a strict builder", 'new EndpointBuilder<StrictRoutes<Routes>>().endpoint("/*|*/");'],
    ["merge() of a builder", 'new EndpointBuilder<Routes>().merge("/*|*/");'],
    [
      "a builder after defaults()",
      'new EndpointBuilder<Routes>().defaults({ owner: "o" }).endpoint("/*|*/");',
    ],
    ["the function interface", 'callable(new EndpointBuilder<Routes>())("/*|*/");'],
    ["a strict function interface", 'callable(new EndpointBuilder<StrictRoutes<Routes>>())("/*|*/");'],
    [
      "merge() of a strict function interface",
      'callable(new EndpointBuilder<StrictRoutes<Routes>>()).merge("/*|*/");',
    ],
  ])("offers the map's routes on %s", (_where, call) => {
    // An open route argument also lists the text typed so far (here ""), as for any string.
    const names = completionsAt(ROUTE_MAP + call, ts.ScriptElementKind.string).filter((name) => name !== "");
    expect(names.sort()).toEqual(ROUTES);
  });

  it("offers nothing on a builder without a route map", () => {
    const call = 'new EndpointBuilder().endpoint("/*|*/");';
    expect(
      completionsAt(ROUTE_MAP + call, ts.ScriptElementKind.string).filter((name) => name !== ""),
    ).toEqual([]);
  });
});

// Exact hover texts: hover.spec.ts.
describe("hover text", () => {
  it("shows the route map and the builder's own names, not type-only keys", () => {
    const hover = hoverAt(
      ROUTE_MAP +
        'const strict = new EndpointBuilder<StrictRoutes<Routes>>().defaults({ owner: "o" });\n' +
        'strict./*|*/endpoint("GET /repos/{owner}/{repo}/issues", { repo: "r" });',
    );
    expect(hover).toContain("EndpointBuilder<StrictRoutes<Routes>, NoDefaults>.endpoint<");
    expect(hover).toContain('this: ProvidedParameters<"owner">');
    expect(hover).toContain('route: "GET /repos/{owner}/{repo}/issues"');
    expect(hover).not.toContain("[providedKey]");
    expect(hover).not.toContain("[routeMapKey]");
  });
});

describe("the published declarations (dist/index.d.mts, built by npm test)", () => {
  it("hold no names renamed by the bundler (EmptyObject$1) and no exported Headers", () => {
    const declarations = readFileSync(join(root, "dist", "index.d.mts"), "utf8");
    expect(declarations.match(/\w\$\d/g)).toBeNull();
    expect(declarations).toMatch(/\bRequestHeaders\b/);
    expect(declarations).not.toMatch(/export \{[^}]*\bHeaders\b/);
  });
});
