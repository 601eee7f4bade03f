// The `service-endpoint` command (docs/cli.md). Built to dist/cli.mjs, which imports the built
// library (dist/index.mjs): the command uses the public API, and the library's own :name rule
// (dist/route.mjs) to know a route's placeholders as the library does.
import { close, fstat, open, read, readFileSync } from "node:fs";
import type { Stats } from "node:fs";
import process from "node:process";
import { isatty } from "node:tty";
import { promisify } from "node:util";
import { quote } from "../lib/errors.js";
import { UsageError } from "./parse-arguments.js";
import { run } from "./run.js";
import type { BoundedRead } from "./run.js";

const openFile = promisify(open);
const statFile = promisify(fstat);
const readFd = promisify(read);
const closeFile = promisify(close);
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** How long a read may wait with nothing read before the command says it is waiting. */
const WAITING_NOTICE_MS = 2000;

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
 * At most `limit` bytes of the open file `fd`, and whether there was more: reading stops at
 * `limit + 1` bytes, so `/dev/zero` or `yes |` never fill the memory. Through `fs.read` (a libuv
 * thread), never process.stdin: touching it makes Node set a pipe non-blocking, and a read before
 * the writer has written then fails with EAGAIN. An EAGAIN (a non-blocking fd left by a parent)
 * is waited out. With nothing read after 2 s, `waiting` is written to stderr, once.
 */
async function readBounded(fd: number, limit: number, waiting: string, what: string): Promise<BoundedRead> {
  const chunks: Buffer[] = [];
  let total = 0;
  const buffer = Buffer.alloc(256 * 1024);
  const notice = setTimeout(() => process.stderr.write(`service-endpoint: ${waiting}\n`), WAITING_NOTICE_MS);
  try {
    for (;;) {
      let length: number;
      try {
        ({ bytesRead: length } = await readFd(
          fd,
          buffer,
          0,
          Math.min(buffer.length, limit - total + 1),
          null,
        ));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? "an error";
        if (code === "EAGAIN") {
          await pause(10);
          continue;
        }
        if (code === "EOF") break; // a closed pipe on Windows
        throw new UsageError(`Cannot read ${what} (${code})`);
      }
      if (length === 0) break;
      clearTimeout(notice);
      total += length;
      if (total > limit) return { bytes: new Uint8Array(), overLimit: true };
      chunks.push(Buffer.from(buffer.subarray(0, length)));
    }
  } finally {
    clearTimeout(notice);
  }
  return { bytes: Buffer.concat(chunks), overLimit: false };
}

/** The arguments of this process as bytes, from /proc/self/cmdline (Linux), else undefined. */
function rawArguments(): readonly Uint8Array[] | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync("/proc/self/cmdline");
  } catch {
    return undefined;
  }
  const parts: Uint8Array[] = [];
  for (let start = 0; start < bytes.length;) {
    const end = bytes.indexOf(0, start);
    parts.push(bytes.subarray(start, end === -1 ? bytes.length : end));
    start = end === -1 ? bytes.length : end + 1;
  }
  return parts;
}

const environmentBaseUrl = process.env.SERVICE_ENDPOINT_BASE_URL;

process.exitCode = await run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  environmentBaseUrl: environmentBaseUrl === "" ? undefined : environmentBaseUrl,
  rawArguments,
  async readFile(path, limit) {
    const what = `the file ${quote(path)}`;
    let fd: number;
    let stats: Stats;
    const notice = setTimeout(
      () => process.stderr.write(`service-endpoint: waiting to open ${what} (a FIFO that nobody writes?)\n`),
      WAITING_NOTICE_MS,
    );
    try {
      fd = await openFile(path, "r");
      stats = await statFile(fd);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "an error";
      throw new UsageError(`Cannot read the file ${quote(path)} (${code})`);
    } finally {
      clearTimeout(notice);
    }
    try {
      // A file that says it is larger than the limit is refused unread (`/dev/zero` says 0).
      if (stats.isFile() && stats.size > limit) return { bytes: new Uint8Array(), overLimit: true };
      return await readBounded(fd, limit, `waiting to read ${what} (a FIFO that nobody writes?)`, what);
    } finally {
      await closeFile(fd);
    }
  },
  // httpie's rule: a body comes from standard input when it is not a terminal.
  async readStdin(limit) {
    if (isatty(0)) return undefined;
    return readBounded(
      0,
      limit,
      "waiting for the request body on standard input; give --ignore-stdin to send none",
      "standard input",
    );
  },
});
