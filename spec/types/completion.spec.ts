import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

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

function completionsAt(source: string): string[] {
  const cursor = source.indexOf("/*|*/");
  const text = source.replace("/*|*/", "");
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => compilerOptions,
    getScriptFileNames: () => [file],
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) => {
      if (name === file) return ts.ScriptSnapshot.fromString(text);
      return ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(readFileSync(name, "utf8")) : undefined;
    },
    getCurrentDirectory: () => root,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (name) => name === file || ts.sys.fileExists(name),
    readFile: (name) => (name === file ? text : ts.sys.readFile(name)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host);
  const completions = service.getCompletionsAtPosition(file, cursor, {});
  return (completions?.entries ?? [])
    .filter((entry) => entry.kind === ts.ScriptElementKind.memberVariableElement)
    .map((entry) => entry.name);
}

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
