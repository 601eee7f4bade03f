// The `service-endpoint` command (docs/cli.md). Built to dist/cli.mjs, which imports the built
// library (dist/index.mjs): the command uses nothing but the public API.
import process from "node:process";
import { run } from "./run.js";

process.exitCode = run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
