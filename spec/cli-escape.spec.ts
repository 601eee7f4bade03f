// The command escapes in its JSON and fetch() output exactly the characters that toCurl() escapes
// in a curl command: one rule for what a terminal would hide or act on.
import { escapeInvisible, escapeLine } from "../cli/escape.js";
import { shellArgument } from "../lib/adapters/to-curl.js";

describe("escapeInvisible", () => {
  it("escapes bidi controls, C1 controls, DEL and zero-width characters as \\u escapes", () => {
    expect(escapeInvisible('"a\u202eb\u2066c\u0085d\u007fe\u200bf\ufeffg\u{e0001}"\n')).toBe(
      '"a\\u202eb\\u2066c\\u0085d\\u007fe\\u200bf\\ufeffg\\udb40\\udc01"\n',
    );
    expect(escapeLine("a\nb\u2028")).toBe("a\\u000ab\\u2028");
  });

  it("escapes a code point exactly when toCurl() escapes it, in every plane with assigned characters", () => {
    const differ: string[] = [];
    // Planes 0–3 and 14 (tags, variation selectors); 4–13 are unassigned, 15–16 private use.
    const codePoints = function* () {
      for (let codePoint = 0; codePoint < 0x40000; codePoint++) yield codePoint;
      for (let codePoint = 0xe0000; codePoint < 0xf0000; codePoint++) yield codePoint;
    };
    for (const codePoint of codePoints()) {
      const character = String.fromCodePoint(codePoint);
      // A newline stays a line break of the output; a backslash and a quote are escaped by curl's
      // quoting of them, not as invisible characters.
      if (character === "\n" || character === "\\" || character === "'") continue;
      const byCurl = shellArgument(character, "utf-8").startsWith("$'");
      const byCommand = escapeInvisible(character) !== character;
      if (byCurl !== byCommand) differ.push(codePoint.toString(16));
    }
    expect(differ).toEqual([]);
  });

  it("keeps the meaning of JSON: the escaped output parses to the same value", () => {
    const value = { "k\u202e": ["\u0085\u007f\u2066x\u2069", "\ud800", "\u{e0020}"] };
    expect(JSON.parse(escapeInvisible(JSON.stringify(value, null, 2)))).toStrictEqual(value);
  });
});
