// bench/size.mjs's split of a bundle into code and message text (docs/performance.md, size
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
