import { spawn } from "node:child_process";
import { join } from "node:path";

/** The built bin, run as a user runs it (`npm test` builds first, in `pretest`). */
export const BIN = join(__dirname, "..", "..", "dist", "cli.mjs");
/** The files that the examples name (notes.txt, labels.json, body.txt). */
export const FIXTURES = join(__dirname, "..", "fixtures", "cli");

export interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Written to standard input, which is then closed. Without it, standard input is a pipe left open that nobody writes. */
  readonly input?: string | Buffer;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** The child is killed after this long (the result then has status null): a hang fails, it does not stall. */
  readonly timeoutMs?: number;
}

/** This environment without SERVICE_ENDPOINT_BASE_URL, which would change every printed url. */
const CLEAN_ENV: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name !== "SERVICE_ENDPOINT_BASE_URL"),
);

// A few children at a time: enough to overlap their start-up, not so many that a shared
// two-core machine thrashes.
const CONCURRENCY = 4;
let running = 0;
const queue: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  return () => {
    running--;
    queue.shift()?.();
  };
}

/**
 * Runs the built bin with `args`. Standard input is a pipe: written and closed when `input` is
 * given, else left open with nobody writing, as under a CI step or `execFile` without input.
 */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<Result> {
  return runProcess(process.execPath, [BIN, ...args], options);
}

/**
 * Runs `sh -c script` with $NODE (this node) and $BIN (the built bin) set, standard input as in
 * `runCli`: for pipes, FIFOs and bytes that are not UTF-8, which a shell writes as they are.
 */
export function runShell(script: string, options: RunOptions = {}): Promise<Result> {
  const env = { ...CLEAN_ENV, ...options.env, NODE: process.execPath, BIN };
  return runProcess("sh", ["-c", script], { ...options, env });
}

async function runProcess(file: string, args: readonly string[], options: RunOptions): Promise<Result> {
  const release = await slot();
  try {
    return await new Promise<Result>((resolve, reject) => {
      const child = spawn(file, args, {
        cwd: options.cwd ?? FIXTURES,
        env: options.env ?? CLEAN_ENV,
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
      child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
      child.stdin.on("error", () => {}); // a child that exits before reading all of its input: EPIPE
      if (options.input !== undefined) child.stdin.end(options.input);
      const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 15_000);
      child.on("error", reject);
      child.on("close", (status) => {
        clearTimeout(timer);
        child.stdin.destroy();
        resolve({ status, stdout, stderr });
      });
    });
  } finally {
    release();
  }
}

/** `runCli`, once per distinct command line: a table's rows can all be started in `beforeAll`. */
export function memoizedRunner(): (args: readonly string[], options?: RunOptions) => Promise<Result> {
  const started = new Map<string, Promise<Result>>();
  return (args, options = {}) => {
    const key = JSON.stringify([args, options.input === undefined ? null : String(options.input)]);
    let result = started.get(key);
    if (result === undefined) {
      result = runCli(args, options);
      started.set(key, result);
    }
    return result;
  };
}
