import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

// What stays short: one page per decision in docs/design/, and the 0.1.0 summary of the CHANGELOG
// (the history is in git).
const root = join(__dirname, "..");
const lines = (text: string): number => text.trimEnd().split("\n").length;

describe("design records and the CHANGELOG stay short", () => {
  const records = readdirSync(join(root, "docs", "design")).filter((file) => /^\d+-.+\.md$/.test(file));

  it("finds the decision pages", () => {
    expect(records.length).toBeGreaterThanOrEqual(20);
  });

  it.each(records)("docs/design/%s is at most 45 lines", (file) => {
    expect(lines(readFileSync(join(root, "docs", "design", file), "utf8"))).toBeLessThanOrEqual(45);
  });

  it("the CHANGELOG's 0.1.0 section is a summary of at most 80 lines", () => {
    const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
    const section = changelog.slice(changelog.indexOf("## [0.1.0]"));
    expect(section.startsWith("## [0.1.0]")).toBe(true);
    expect(lines(section)).toBeLessThanOrEqual(80);
  });
});
