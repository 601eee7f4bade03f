// The `service-endpoint` command (docs/cli.md). Built to dist/cli.mjs, which imports the built
// library (dist/index.mjs): the command uses the public API, and the library's own :name rule
// (dist/route.mjs) to know a route's placeholders as the library does.
import { readFileSync, readSync } from "node:fs";
import process from "node:process";
import { isatty } from "node:tty";
import { quote } from "../lib/errors.js";
import { UsageError } from "./parse-arguments.js";
import { run } from "./run.js";

// Files and standard input must be UTF-8: the request options carry text, and a byte that is not
// UTF-8 would otherwise turn into U+FFFD, a different body sent without a word. (A BOM is kept.)
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function text(bytes: Uint8Array, what: string): string {
  try {
    return utf8.decode(bytes);
  } catch (error) {
    // Only the decoder's TypeError means "not UTF-8"; text longer than the longest string Node
    // can hold fails with ERR_STRING_TOO_LONG (a RangeError in other versions).
    if (error instanceof TypeError) {
      throw new UsageError(`${what} is not UTF-8 text; send bytes with curl --data-binary @file instead`);
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof RangeError || code === "ERR_STRING_TOO_LONG") {
      throw new UsageError(
        `${what} is too large to be text here; send it with curl --data-binary @file instead`,
      );
    }
    throw error;
  }
}

// A reader that stops early (`| head`) closes the pipe: EPIPE ends the command quietly, with
// the status it already has, instead of Node's stack trace for an unhandled 'error' event.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") {
      process.exitCode = 1;
      if (stream === process.stdout) {
        process.stderr.write(
          `service-endpoint: Cannot write standard output (${error.code ?? error.message})\n`,
        );
      }
    }
    process.exit();
  });
}

/**
 * All of standard input, read from fd 0 synchronously. Never through process.stdin: touching it
 * (even its isTTY) makes Node set a pipe non-blocking, and a read before the writer has written
 * then fails with EAGAIN — a body lost without a word. EAGAIN is waited out here instead.
 */
function readStandardInput(): Uint8Array {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(64 * 1024);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    let length: number;
    try {
      length = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "an error";
      if (code === "EAGAIN") {
        Atomics.wait(pause, 0, 0, 10); // a non-blocking fd 0 left by a parent: wait for the writer
        continue;
      }
      if (code === "EOF") break; // a closed pipe on Windows
      throw new UsageError(`Cannot read standard input (${code})`);
    }
    if (length === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, length)));
  }
  return Buffer.concat(chunks);
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
      throw new UsageError(`Cannot read the file ${quote(path)} (${code})`);
    }
    return text(bytes, `The file ${quote(path)}`);
  },
  // httpie's rule: a body comes from standard input when it is not a terminal.
  readStdin: () => {
    if (isatty(0)) return undefined;
    return text(readStandardInput(), "Standard input");
  },
});
