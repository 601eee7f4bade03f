// The `service-endpoint` command (docs/cli.md). Built to dist/cli.mjs, which imports the built
// library (dist/index.mjs): the command uses nothing but the public API.
import { readFileSync } from "node:fs";
import process from "node:process";
import { UsageError } from "./parse-arguments.js";
import { run } from "./run.js";

// Files and standard input must be UTF-8: the request options carry text, and a byte that is not
// UTF-8 would otherwise turn into U+FFFD, a different body sent without a word. (A BOM is kept.)
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function text(bytes: Uint8Array, what: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new UsageError(`${what} is not UTF-8 text; send bytes with curl --data-binary @file instead`);
  }
}

process.exitCode = run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "an error";
      throw new UsageError(`Cannot read the file ${JSON.stringify(path)} (${code})`);
    }
    return text(bytes, `The file ${JSON.stringify(path)}`);
  },
  // httpie's rule: a body comes from standard input when it is not a terminal.
  readStdin: () => {
    if (process.stdin.isTTY) return undefined;
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(0);
    } catch {
      return undefined;
    }
    return text(bytes, "Standard input");
  },
});
