import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import * as library from "../lib/index.js";

// A package that looks after itself: licence, metadata, links that work where the package is
// read, README snippets that import what they use, dist/ built once.
const root = join(__dirname, "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  license: string;
  files: string[];
  repository: { type: string; url: string };
  homepage: string;
  bugs: { url: string };
  scripts: Record<string, string>;
};
const REPOSITORY = "https://github.com/service-endpoint/service-endpoint";

describe("package metadata", () => {
  it("has an MIT LICENSE file, as package.json says", () => {
    const license = readFileSync(join(root, "LICENSE"), "utf8");
    expect(pkg.license).toBe("MIT");
    expect(license.split("\n").slice(0, 3)).toEqual([
      "MIT License",
      "",
      "Copyright (c) 2026 The service-endpoint maintainers",
    ]);
    expect(license).toContain("Permission is hereby granted, free of charge, to any person obtaining a copy");
  });

  it("names its repository, homepage and issue tracker", () => {
    expect([pkg.repository, pkg.homepage, pkg.bugs]).toEqual([
      { type: "git", url: `git+${REPOSITORY}.git` },
      `${REPOSITORY}#readme`,
      { url: `${REPOSITORY}/issues` },
    ]);
  });
});

/** The relative link targets of a markdown file, as paths from the repository root. */
function relativeLinks(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith("#"))
    .map((target) => relative(root, normalize(join(root, dirname(file), target.split("#")[0] ?? ""))));
}

/** npm packs these whatever "files" says. */
const ALWAYS_PACKED = ["package.json", "README.md", "LICENSE"];

/** Whether "files" ships a path: a directory entry ships what is under it, `docs/*.md` one level. */
function shipped(target: string): boolean {
  return (
    ALWAYS_PACKED.includes(target) ||
    pkg.files.some((entry) =>
      entry.includes("*")
        ? new RegExp(`^${entry.replace(/\./g, "\\.").replace("*", "[^/]*")}$`).test(target)
        : target === entry || target.startsWith(`${entry}/`),
    )
  );
}

describe("links in the README and docs/", () => {
  const pages = [
    "README.md",
    ...readdirSync(join(root, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ];

  it("ships the user docs and not the design records", () => {
    expect([shipped("docs/api.md"), shipped("docs/design/README.md"), shipped("dist/index.mjs")]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it.each(pages)("%s links only to files the package ships, which exist", (page) => {
    const broken = relativeLinks(page).filter(
      (target) => !existsSync(join(root, target)) || !shipped(target),
    );
    expect(broken).toEqual([]);
  });
});

describe("README and docs/ snippets", () => {
  const pages = [
    "README.md",
    ...readdirSync(join(root, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ];
  const blocks = pages.flatMap((page) =>
    [...readFileSync(join(root, page), "utf8").matchAll(/```(?:js|ts)\n([\s\S]*?)```/g)].map(
      (match) => match[1] ?? "",
    ),
  );
  const exported = Object.keys(library);

  it("has snippets to check", () => {
    expect(blocks.length).toBeGreaterThan(10);
  });

  it("import every export of service-endpoint they use", () => {
    const missing = blocks.flatMap((block) => {
      const imported = new Set(
        [...block.matchAll(/import \{([^}]*)\} from "service-endpoint"/g)].flatMap((match) =>
          (match[1] ?? "").split(",").map((name) => name.trim().replace(/^type /, "")),
        ),
      );
      const used = exported.filter((name) => new RegExp(`(?<![\\w.$"'])${name}\\b(?!["'])`).test(block));
      return used.filter((name) => !imported.has(name)).map((name) => `${name} in: ${block.slice(0, 60)}…`);
    });
    expect(missing).toEqual([]);
  });
});

describe("dist/ is built once", () => {
  it("demo and pretest build only when the sources changed; npm pack always builds; nothing builds at install", () => {
    expect([pkg.scripts.prepack, pkg.scripts.pretest, pkg.scripts.demo]).toEqual([
      "node scripts/build-if-stale.mjs --force",
      "node scripts/build-if-stale.mjs",
      "node scripts/build-if-stale.mjs && node examples/demo.mjs",
    ]);
    // An install-time script runs in every app that installs the package (npm warns about it).
    expect(Object.keys(pkg.scripts).filter((name) => /^(pre|post)?(install|prepare)$/.test(name))).toEqual(
      [],
    );
  });

  it("after pretest, the build is up to date with the sources", () => {
    // `npm test` ran pretest just before jest: a second build would have nothing to do.
    const output = execFileSync(process.execPath, [join(root, "scripts/build-if-stale.mjs"), "--check"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(output).toBe("dist/ is up to date\n");
  });
});
