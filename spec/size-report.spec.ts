// bench/size.mjs's split of a bundle into code and message text (docs/design/performance.md, size
// section): which literals count as message text, pinned to exact outputs. The module is ES, so
// it runs in a child process.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const root = join(__dirname, "..");

/** withoutMessageText() of each input, from bench/size.mjs in a child process. */
function withoutMessageText(inputs: readonly string[]): string[] {
  const script = `
    import { withoutMessageText } from "./bench/size.mjs";
    const inputs = JSON.parse(process.argv[1]);
    process.stdout.write(JSON.stringify(inputs.map(withoutMessageText)));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script, JSON.stringify(inputs)], {
    cwd: root,
    encoding: "utf8",
  });
  return JSON.parse(out) as string[];
}

describe("bench/size.mjs: withoutMessageText", () => {
  it.each<[string, string, string]>([
    [
      "empties a string that holds a space and keeps its quotes",
      `throw new E("ERR_X","Invalid url: expected a string")`,
      `throw new E("ERR_X","")`,
    ],
    [
      "keeps words without whitespace: codes, keys, media types",
      `a["content-type"]="ERR_INVALID_URL"`,
      `a["content-type"]="ERR_INVALID_URL"`,
    ],
    [
      "empties the literal pieces of a template and keeps its expressions",
      "m(`Invalid url ${f(e)}: it ${s} names a host`)",
      "m(`${f(e)}${s}`)",
    ],
    ["keeps a template piece without whitespace", "x=`${a}.${b}`", "x=`${a}.${b}`"],
    [
      "reads a quote inside a regular expression as part of it, not as a string",
      `let r=/[!$&'()]/,s="a b",t='c'`,
      `let r=/[!$&'()]/,s="",t='c'`,
    ],
    ["tells a division from a regular expression", `x=a/2,y="one two"/b`, `x=a/2,y=""/b`],
  ])("%s", (_, input, expected) => {
    expect(withoutMessageText([input])).toEqual([expected]);
  });
});

// bench/feature-weights.mjs (npm run size:features, docs/design/19-option-bytes.md): it finds every
// feature's code in the bundle it measures (a renamed function stops it rather than weighing
// 0 B), and each feature weighs something.
describe("bench/feature-weights.mjs", () => {
  it("weighs each of its eight features in the endpoint bundle, each above 0 B", () => {
    const out = execFileSync(process.execPath, [join(root, "bench", "feature-weights.mjs")], {
      cwd: root,
      encoding: "utf8",
    });
    const total = Number(/^import \{ endpoint \}: ([\d,]+) B gzip -9$/m.exec(out)![1]!.replace(/,/g, ""));
    const weights = [...out.matchAll(/^\| (.+) \| ([\d,]+) B \|$/gm)].map((m) =>
      Number(m[2]!.replace(/,/g, "")),
    );
    expect(weights).toHaveLength(8);
    for (const weight of weights) {
      expect(weight).toBeGreaterThan(0);
      expect(weight).toBeLessThan(total);
    }
    const [, rest, bare] = /All of them removed: ([\d,]+) B; with the message text emptied too: ([\d,]+) B/
      .exec(out)!
      .map((figure) => Number(figure.replace(/,/g, "")));
    expect(rest).toBeLessThan(total);
    expect(bare).toBeLessThan(rest!);
  });
});
