import { readFileSync, readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import ts from "typescript";

// lib/ runs unchanged in browsers: no Node built-in module, no Node-only global.
const libDirectory = join(__dirname, "..", "lib");
const NODE_GLOBALS = new Set([
  "Buffer",
  "process",
  "global",
  "require",
  "module",
  "__dirname",
  "__filename",
  "setImmediate",
]);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0] ?? "");
}

/** Identifiers that name one of `NODE_GLOBALS` as a value, not as a property or a declaration of its own. */
function nodeGlobalsUsed(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && NODE_GLOBALS.has(node.text)) {
      const parent = node.parent;
      const isPropertyName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        ((ts.isPropertySignature(parent) ||
          ts.isPropertyDeclaration(parent) ||
          ts.isMethodDeclaration(parent)) &&
          parent.name === node);
      if (!isPropertyName)
        found.push(`${node.text} at ${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const files = sourceFiles(libDirectory);

describe("lib/ is browser-safe", () => {
  it("has source files to check", () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it.each(files.map((path) => [relative(libDirectory, path), path]))(
    "%s imports no Node built-in",
    (_name, path) => {
      const imports = ts
        .preProcessFile(readFileSync(path, "utf8"), true, true)
        .importedFiles.map((file) => file.fileName);
      expect(imports.filter(isNodeBuiltin)).toEqual([]);
    },
  );

  it.each(files.map((path) => [relative(libDirectory, path), path]))(
    "%s uses no Node-only global",
    (_name, path) => {
      const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
      expect(nodeGlobalsUsed(source)).toEqual([]);
    },
  );

  it("the checks catch what they look for", () => {
    const text =
      'import { x } from "node:fs"; import "path"; const b = Buffer.from("a"); const o = { process: 1 };';
    const imports = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
    expect(imports.filter(isNodeBuiltin)).toEqual(["node:fs", "path"]);
    expect(nodeGlobalsUsed(ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest, true))).toEqual([
      "Buffer at 1",
    ]);
  });
});
