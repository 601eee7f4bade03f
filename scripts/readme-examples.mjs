// Keeps the README's examples honest: each `<!-- example: examples/x.mjs -->` block shows the
// file's source and, under `<!-- output -->`, what running it really prints.
//   node scripts/readme-examples.mjs          rewrite the blocks from the files and their output
//   node scripts/readme-examples.mjs --check  exit 1 if any block differs (npm test runs this)
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const readmePath = `${root}README.md`;
const check = process.argv.includes("--check");

// A block never reaches into the next one: an empty or malformed block must not swallow the
// README sections after it (it once did, taking a whole section with it).
const INSIDE = "(?:(?!<!-- example:)[\\s\\S])*?";
const BLOCK = new RegExp(
  `<!-- example: (\\S+) -->\\n\\n\`\`\`js\\n${INSIDE}\\n?\`\`\`\\n\\n<!-- output -->\\n\\n\`\`\`text\\n${INSIDE}\\n?\`\`\``,
  "g",
);

const readme = readFileSync(readmePath, "utf8");
const stale = [];
let count = 0;
const updated = readme.replace(BLOCK, (block, file) => {
  count++;
  const source = readFileSync(`${root}${file}`, "utf8").trimEnd();
  const output = execFileSync(process.execPath, [file], { cwd: root, encoding: "utf8" }).trimEnd();
  const fresh = `<!-- example: ${file} -->\n\n\`\`\`js\n${source}\n\`\`\`\n\n<!-- output -->\n\n\`\`\`text\n${output}\n\`\`\``;
  if (fresh !== block) stale.push(file);
  return fresh;
});

if (count === 0) {
  console.error("README.md has no example blocks");
  process.exit(1);
}
if (check) {
  if (stale.length > 0) {
    console.error(
      `README.md examples out of date: ${stale.join(", ")} (run: node scripts/readme-examples.mjs)`,
    );
    process.exit(1);
  }
  console.log(`${count} README examples match their files and output`);
} else {
  writeFileSync(readmePath, updated);
  console.log(`${count} README examples written${stale.length ? `, updated: ${stale.join(", ")}` : ""}`);
}
