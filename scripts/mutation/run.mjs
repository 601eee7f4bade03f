// A sampled mutation study of the pipeline's modules: each mutant in mutants.json is one realistic
// mistake, applied alone to lib/; the core specs run with --bail and the mutant is killed when they
// fail. The files are restored after each run. Usage: node scripts/mutation/run.mjs
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const mutants = JSON.parse(readFileSync(join(root, "scripts/mutation/mutants.json"), "utf8"));
// The specs that test lib/ from source (the built package, the CLI and the wire are left out).
const specs = readdirSync(join(root, "spec"))
  .filter((file) => file.endsWith(".spec.ts"))
  .filter(
    (file) =>
      !/cli|wire|delivery|examples|readme|package|browser|match|size|tree-shaking|linear-time|doc/.test(file),
  )
  .map((file) => join("spec", file));

let killed = 0;
for (const mutant of mutants) {
  const path = join(root, mutant.file);
  const original = readFileSync(path, "utf8");
  if (original.split(mutant.from).length !== 2) {
    console.log(`not applied (the code changed): ${mutant.id}`);
    continue;
  }
  writeFileSync(path, original.replace(mutant.from, mutant.to));
  try {
    const run = spawnSync("npx", ["jest", "--bail", "--silent", ...specs], { cwd: root, encoding: "utf8" });
    const status = run.status === 0 ? "SURVIVED" : "killed";
    if (status === "killed") killed++;
    console.log(`${status} ${mutant.id}`);
  } finally {
    writeFileSync(path, original);
  }
}
console.log(`${killed} of ${mutants.length} killed`);
