// What the user docs (README.md and docs/*.md, not docs/design/) must keep to, checked by
// spec/readme.spec.ts on the repository and by scripts/check-package.mjs on the packed tarball.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** The shipped docs of the whole package, in bytes (README plus docs/*.md). */
export const MAX_SHIPPED_DOCS_BYTES = 120_000;
/** The longest table cell a user doc may have, in characters. */
export const MAX_TABLE_CELL = 300;
export const REPOSITORY = "https://github.com/service-endpoint/service-endpoint";

/** References for contributors, not users: the specification's sections, issues, test files. */
const CONTRIBUTOR_REFERENCES = [
  [/\b(?:spec|specification|contract)\s*§/i, "a section of the specification"],
  [/\bdecisions(?:\.md)?\s*§/i, "a decisions section"],
  [/\bdecisions\.md\b|\bCONTRACT\.md\b/, "a design file"],
  [/(?<![/\w])issues?\s+#?\d+/i, "an issue number"],
  [/[\w.-]+\.(?:spec|types)\.ts\b/, "a test file"],
  [/(?<![\w@/-])spec\/[\w./-]+/, "a file of the tests"],
];

/** The user docs of a repository checkout: README.md and docs/*.md. */
export function userDocs(root) {
  return [
    "README.md",
    ...readdirSync(join(root, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ].filter((file) => existsSync(join(root, file)));
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a markdown page's headings. */
export function anchorsOf(text) {
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1])));
}

/** Problems of one user doc's text: contributor references and over-long table cells. */
export function textProblems(file, text) {
  const problems = [];
  const lines = text.split("\n");
  let inCode = false;
  lines.forEach((line, index) => {
    if (line.startsWith("```")) inCode = !inCode;
    const where = `${file}:${index + 1}`;
    for (const [pattern, what] of CONTRIBUTOR_REFERENCES) {
      const match = pattern.exec(line);
      if (match) problems.push(`${where}: ${what} (${match[0]})`);
    }
    if (!inCode && line.startsWith("|")) {
      for (const cell of line.split(/(?<!\\)\|/).slice(1, -1)) {
        if (cell.trim().length > MAX_TABLE_CELL) {
          problems.push(
            `${where}: a table cell of ${cell.trim().length} characters (at most ${MAX_TABLE_CELL})`,
          );
        }
      }
    }
  });
  return problems;
}

/**
 * Problems of the links of one user doc: a relative link must name a file that `exists(path)`
 * (shipped), and its anchor a heading there; a link into this repository on GitHub must name a
 * file of the repository (`inRepository(path)`).
 */
export function linkProblems(file, text, { exists, read, inRepository }) {
  const problems = [];
  const directory = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const [path, anchor] = target.split("#");
    const repositoryLink = new RegExp(`^${REPOSITORY}/(?:blob|tree)/main/(.+)$`).exec(path);
    if (repositoryLink) {
      if (!inRepository(repositoryLink[1].replace(/\/$/, "")))
        problems.push(`${file}: ${target} is not in the repository`);
      continue;
    }
    if (/^[a-z]+:/i.test(target)) continue;
    const resolved = path === "" ? file : normalize(directory + path);
    if (!exists(resolved)) {
      problems.push(`${file}: ${target} is not shipped (link to ${REPOSITORY}/blob/main/… instead)`);
      continue;
    }
    if (anchor !== undefined && resolved.endsWith(".md") && !anchorsOf(read(resolved)).has(anchor)) {
      problems.push(`${file}: ${target} names no heading of ${resolved}`);
    }
  }
  return problems;
}

function normalize(path) {
  const parts = [];
  for (const part of path.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}
