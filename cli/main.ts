// The `service-endpoint` command (docs/cli.md). Built to dist/cli.mjs, which imports the built
// library (dist/index.mjs): the command uses nothing but the public API.
import { readFileSync } from "node:fs";
import process from "node:process";
import { UsageError } from "./parse-arguments.js";
import { run } from "./run.js";

process.exitCode = run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => {
    try {
      return readFileSync(path, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "an error";
      throw new UsageError(`Cannot read the file ${JSON.stringify(path)} (${code})`);
    }
  },
  // httpie's rule: a body comes from standard input when it is not a terminal.
  readStdin: () => {
    if (process.stdin.isTTY) return undefined;
    try {
      return readFileSync(0, "utf8");
    } catch {
      return undefined;
    }
  },
});
