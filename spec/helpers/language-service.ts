import { readFileSync } from "node:fs";
import ts from "typescript";

/**
 * A TypeScript language service over one in-memory file, `file` holding `text`, with every other
 * file read from disk: what an editor asks when a user hovers or completes in that file.
 */
export function inMemoryLanguageService(
  file: string,
  text: string,
  root: string,
  compilerOptions: ts.CompilerOptions,
): ts.LanguageService {
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
  return ts.createLanguageService(host);
}
