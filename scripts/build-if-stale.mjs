// Builds dist/ with rollup only when its inputs changed since the last build, so that
// `npm ci && npm run demo` and then `npm test` build once, not three times.
//   node scripts/build-if-stale.mjs           build when stale (npm run demo, pretest)
//   node scripts/build-if-stale.mjs --force   always build (npm run build; prepack: npm pack, npm publish)
//   node scripts/build-if-stale.mjs --check   only say whether dist/ is up to date (exit 1 if not)
// "Changed" is decided by a SHA-256 of every input file's path and contents (not mtimes: a
// checkout or a copy changes mtimes, not contents), kept outside dist/ so it is never packed.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const stampPath = join(root, "node_modules", ".cache", "service-endpoint", "build-inputs.sha256");

/** What rollup reads: the sources, the configurations, package.json (the version it injects). */
const INPUT_DIRECTORIES = ["lib", "cli"];
const INPUT_FILES = [
  "rollup.config.mjs",
  "tsconfig.json",
  "tsconfig.build.json",
  "package.json",
  "package-lock.json",
];
/** What the build must have left, or it is rebuilt whatever the hash says. */
const OUTPUTS = ["index.mjs", "index.cjs", "index.d.mts", "index.d.cts", "cli.mjs"].map((file) =>
  join("dist", file),
);

function filesUnder(directory) {
  return readdirSync(join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

function inputsHash() {
  const hash = createHash("sha256");
  const files = [...INPUT_DIRECTORIES.flatMap(filesUnder), ...INPUT_FILES].sort();
  for (const file of files) {
    // Path and length first, so that no two different trees give the same stream of bytes.
    const contents = readFileSync(join(root, file));
    hash.update(`${relative(root, join(root, file))}\0${contents.length}\0`).update(contents);
  }
  return hash.digest("hex");
}

const force = process.argv.includes("--force");
const hash = inputsHash();
const fresh =
  !force &&
  OUTPUTS.every((file) => existsSync(join(root, file))) &&
  existsSync(stampPath) &&
  readFileSync(stampPath, "utf8") === hash;

if (process.argv.includes("--check")) {
  console.log(fresh ? "dist/ is up to date" : "dist/ is stale");
  process.exitCode = fresh ? 0 : 1;
} else if (!fresh) {
  execFileSync(
    process.execPath,
    [join(root, "node_modules", "rollup", "dist", "bin", "rollup"), "-c", "rollup.config.mjs", "--silent"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  mkdirSync(dirname(stampPath), { recursive: true });
  // A new file renamed over the old one: never a half-written stamp.
  writeFileSync(`${stampPath}.tmp`, hash);
  renameSync(`${stampPath}.tmp`, stampPath);
}
