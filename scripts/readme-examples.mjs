// Keeps the code of the README and docs/ honest: every ```js and ```ts block runs as written.
//   node scripts/readme-examples.mjs          rewrite example blocks and outputs from real runs
//   node scripts/readme-examples.mjs --check  exit 1 if a block fails or differs (npm test runs this)
//
// Each block is one of:
// - under `<!-- example: examples/x.mjs -->`: that file's whole source, run as it is (a .ts file
//   is type-checked where it lives, so that it may import the files beside it);
// - under `<!-- not run: why -->`: shown only (a compile error on purpose, a fragment of a
//   larger program); the reason is required;
// - any other block: run as written, as its own ES module (a ```ts block is type-checked under
//   strict settings, then run with its types stripped by esbuild).
// A ```text block under `<!-- output -->` right after a block is what the block prints.
//
// It also holds the user docs (README.md, docs/*.md) to scripts/doc-rules.mjs: no references for
// contributors, short table cells, links that work in the package, at most 120 kB in all.
//
// Snippets import "service-endpoint", which resolves to this package (built: dist/). Those that
// send requests send them to https://api.example.com: while checking, that origin is a local
// server on 127.0.0.1 (scripts/docs-server.mjs), and its address is written back in the output.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { transformSync } from "esbuild";
import { startDocsServer } from "./docs-server.mjs";
import { API_ORIGIN } from "./snippet-origin.mjs";
import { MAX_SHIPPED_DOCS_BYTES, linkProblems, textProblems, userDocs } from "./doc-rules.mjs";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const check = process.argv.includes("--check");

/** The pages whose code is checked: the README and every page under docs/. */
function pages() {
  const under = (directory) =>
    readdirSync(join(root, directory), { withFileTypes: true }).flatMap((entry) => {
      const path = `${directory}/${entry.name}`;
      if (entry.isDirectory()) return under(path);
      return path.endsWith(".md") ? [path] : [];
    });
  return ["README.md", ...under("docs")];
}

const CODE_FENCE = /^```(js|javascript|mjs|ts|typescript)$/;

/**
 * The code blocks of a page: where each starts and ends (line indexes of its fences), the markers
 * in the HTML comments above it, and the output block under it, if any.
 */
function codeBlocks(lines) {
  const blocks = [];
  for (let index = 0; index < lines.length; index++) {
    const fence = /^```(\S*)$/.exec(lines[index]);
    if (fence === null) continue;
    let end = index + 1;
    while (end < lines.length && lines[end] !== "```") end++;
    if (CODE_FENCE.test(lines[index])) {
      const markers = [];
      for (let above = index - 1; above >= 0; above--) {
        if (lines[above] === "") continue;
        const comment = /^<!-- (.*) -->$/.exec(lines[above]);
        if (comment === null) break;
        markers.push(comment[1]);
      }
      let output;
      let next = end + 1;
      while (lines[next] === "") next++;
      if (lines[next] === "<!-- output -->") {
        next++;
        while (lines[next] === "") next++;
        if (lines[next] === "```text") {
          let outputEnd = next + 1;
          while (outputEnd < lines.length && lines[outputEnd] !== "```") outputEnd++;
          output = { start: next, end: outputEnd };
        }
      }
      const typescript = /^```(ts|typescript)$/.test(lines[index]);
      blocks.push({ start: index, end, markers, output, typescript, line: index + 1 });
      if (output !== undefined) index = output.end;
      else index = end;
    } else {
      index = end;
    }
  }
  return blocks;
}

const work = join(root, ".tmp", "doc-snippets");
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
// No package.json here: the nearest one is this repository's, so "service-endpoint" resolves to it.

const problems = [];
/** Blocks or outputs that differ from what they show: fixed in place without --check. */
const stale = [];
const jobs = [];
const typeChecked = [];
const edits = new Map();
let count = 0;
let skipped = 0;

for (const page of pages()) {
  const lines = readFileSync(join(root, page), "utf8").split("\n");
  edits.set(page, { lines, replacements: [] });
  for (const block of codeBlocks(lines)) {
    const where = `${page}:${block.line}`;
    const notRun = block.markers.find((marker) => marker.startsWith("not run"));
    if (notRun !== undefined) {
      if (!/^not run: \S/.test(notRun))
        problems.push(`${where}: "not run" needs a reason (<!-- not run: why -->)`);
      skipped++;
      continue;
    }
    count++;
    let source = lines.slice(block.start + 1, block.end).join("\n");
    const example = block.markers.map((marker) => /^example: (\S+)$/.exec(marker)).find(Boolean);
    if (example) {
      const file = readFileSync(join(root, example[1]), "utf8").trimEnd();
      if (file !== source) {
        edits.get(page).replacements.push({ start: block.start + 1, end: block.end, text: file });
        stale.push(`${where}: the block is not the source of ${example[1]}`);
        source = file;
      }
    }
    const name = `${page.replace(/[/.]/g, "_")}_${block.line}`;
    let runnable = source;
    if (block.typescript) {
      // An example file is type-checked where it lives, beside the files it imports (the types
      // openapi-typescript generated, say); any other block as a file of its own.
      if (example) typeChecked.push(relative(work, join(root, example[1])));
      else {
        writeFileSync(join(work, `${name}.mts`), source);
        typeChecked.push(`${name}.mts`);
      }
      runnable = transformSync(source, { loader: "ts", format: "esm", target: "es2022" }).code;
    }
    writeFileSync(join(work, `${name}.mjs`), runnable);
    jobs.push({ page, where, block, file: join(work, `${name}.mjs`) });
  }
}

const server = await startDocsServer();
try {
  // Two at a time: CI has two cores.
  const queue = [...jobs];
  await Promise.all(
    [0, 1].map(async () => {
      for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
        const { page, where, block, file } = job;
        let printed;
        try {
          const code = readFileSync(file, "utf8").replaceAll(API_ORIGIN, server.origin);
          writeFileSync(file, code);
          const { stdout } = await run(process.execPath, [file], {
            cwd: root,
            encoding: "utf8",
            timeout: 30_000,
          });
          printed = stdout.replaceAll(server.origin, API_ORIGIN).trimEnd();
        } catch (error) {
          problems.push(`${where}: the block fails\n${error.stderr || error.message}`);
          continue;
        }
        if (block.output === undefined) continue;
        const { lines, replacements } = edits.get(page);
        const shown = lines.slice(block.output.start + 1, block.output.end).join("\n");
        if (shown !== printed) {
          stale.push(`${where}: the output shown is not what the block prints:\n${printed}`);
          replacements.push({ start: block.output.start + 1, end: block.output.end, text: printed });
        }
      }
    }),
  );
  if (typeChecked.length > 0) {
    writeFileSync(
      join(work, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2022", "DOM"],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          noImplicitOverride: true,
          noEmit: true,
          skipLibCheck: true,
          types: ["node"],
          typeRoots: [join(root, "node_modules", "@types")],
        },
        files: typeChecked,
      }),
    );
    try {
      await run(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", work], {
        cwd: root,
        encoding: "utf8",
      });
    } catch (error) {
      problems.push(`a \`\`\`ts block does not type-check:\n${error.stdout || error.message}`);
    }
  }
} finally {
  await server.close();
}

// The user docs' rules, on this checkout; check-package.mjs applies them to the tarball as well.
const shipped = (path) =>
  ["README.md", "LICENSE", "CHANGELOG.md"].includes(path) ||
  /^docs\/[^/]+\.md$/.test(path) ||
  path.startsWith("dist/");
const tracked = new Set(
  (await run("git", ["ls-files"], { cwd: root, encoding: "utf8" })).stdout.split("\n").filter(Boolean),
);
let docBytes = 0;
for (const file of userDocs(root)) {
  const text = readFileSync(join(root, file), "utf8");
  docBytes += Buffer.byteLength(text);
  problems.push(...textProblems(file, text));
  problems.push(
    ...linkProblems(file, text, {
      exists: (path) => shipped(path) && existsSync(join(root, path)),
      read: (path) => readFileSync(join(root, path), "utf8"),
      inRepository: (path) =>
        existsSync(join(root, path)) || [...tracked].some((t) => t.startsWith(`${path}/`)),
    }),
  );
}
if (docBytes > MAX_SHIPPED_DOCS_BYTES) {
  problems.push(`the user docs hold ${docBytes} bytes, over ${MAX_SHIPPED_DOCS_BYTES}`);
}

if (!check) {
  for (const [page, { lines, replacements }] of edits) {
    if (replacements.length === 0) continue;
    const updated = [...lines];
    for (const { start, end, text } of replacements.sort((a, b) => b.start - a.start)) {
      updated.splice(start, end - start, ...text.split("\n"));
    }
    writeFileSync(join(root, page), updated.join("\n"));
    console.log(`updated ${page}`);
  }
}
const reported = check ? [...problems, ...stale] : problems;
if (reported.length > 0) {
  console.error(reported.join("\n\n"));
  process.exit(1);
}
console.log(
  `${count} snippets run as written and print what they show (${skipped} marked not run); ` +
    `user docs: ${docBytes} bytes, rules kept`,
);
