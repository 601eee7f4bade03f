// Malformed templates and values the engine refuses: exact code, exact message.
import { formQuery, parseTemplate } from "../lib/uri-template/index.js";
import { thrown } from "./helpers/thrown.js";

describe("parseTemplate() rejects malformed templates with ERR_INVALID_TEMPLATE", () => {
  it.each([
    // braces
    ["/a{b", 'Invalid URI template "/a{b": unclosed expression at offset 2'],
    ["{", 'Invalid URI template "{": unclosed expression at offset 0'],
    ["/x/{a,", 'Invalid URI template "/x/{a,": unclosed expression at offset 3'],
    ["{a{b}", 'Invalid URI template "{a{b}": unclosed expression at offset 0'],
    ["/a}b", 'Invalid URI template "/a}b": stray "}" at offset 2'],
    ["{a}}", 'Invalid URI template "{a}}": stray "}" at offset 3'],
    ["{}", 'Invalid URI template "{}": empty expression at offset 0'],
    ["x{+}", 'Invalid URI template "x{+}": empty expression at offset 1'],
    ["{a,}", 'Invalid URI template "{a,}": missing variable name at offset 3'],
    ["{a,,b}", 'Invalid URI template "{a,,b}": missing variable name at offset 3'],
    // RFC 6570 §2.2 op-reserve
    ["{=a}", 'Invalid URI template "{=a}": reserved operator "=" at offset 1'],
    ["{,a}", 'Invalid URI template "{,a}": reserved operator "," at offset 1'],
    ["{!a}", 'Invalid URI template "{!a}": reserved operator "!" at offset 1'],
    ["{@a}", 'Invalid URI template "{@a}": reserved operator "@" at offset 1'],
    ["{|a}", 'Invalid URI template "{|a}": reserved operator "|" at offset 1'],
    // RFC 6570 §2.3 varname
    ["{a b}", 'Invalid URI template "{a b}": invalid character " " (U+0020) in variable name at offset 2'],
    ["{ a}", 'Invalid URI template "{ a}": invalid character " " (U+0020) in variable name at offset 1'],
    ["{a-b}", 'Invalid URI template "{a-b}": invalid character "-" in variable name at offset 2'],
    ["{ä}", 'Invalid URI template "{ä}": invalid character "ä" (U+00E4) in variable name at offset 1'],
    ["{a.}", 'Invalid URI template "{a.}": invalid character "." in variable name at offset 2'],
    ["{a..b}", 'Invalid URI template "{a..b}": invalid character "." in variable name at offset 2'],
    ["{..a}", 'Invalid URI template "{..a}": invalid character "." in variable name at offset 2'],
    ["{foo%2}", 'Invalid URI template "{foo%2}": invalid percent-encoding in variable name at offset 4'],
    ["{foo%zz}", 'Invalid URI template "{foo%zz}": invalid percent-encoding in variable name at offset 4'],
    // RFC 6570 §2.4 modifiers
    ["{a:0}", 'Invalid URI template "{a:0}": prefix length must be an integer from 1 to 9999 at offset 3'],
    ["{a:01}", 'Invalid URI template "{a:01}": prefix length must be an integer from 1 to 9999 at offset 3'],
    [
      "{a:10000}",
      'Invalid URI template "{a:10000}": prefix length must be an integer from 1 to 9999 at offset 3',
    ],
    ["{a:}", 'Invalid URI template "{a:}": prefix length must be an integer from 1 to 9999 at offset 3'],
    ["{a:-1}", 'Invalid URI template "{a:-1}": prefix length must be an integer from 1 to 9999 at offset 3'],
    ["{a:3*}", 'Invalid URI template "{a:3*}": prefix and explode modifiers together at offset 4'],
    ["{a*:3}", 'Invalid URI template "{a*:3}": prefix and explode modifiers together at offset 3'],
    ["{a:3x}", 'Invalid URI template "{a:3x}": invalid character "x" after a modifier at offset 4'],
    ["{a**}", 'Invalid URI template "{a**}": invalid character "*" after a modifier at offset 3'],
    // RFC 6570 §2.1 literals
    ["/a b", 'Invalid URI template "/a b": invalid literal character " " (U+0020) at offset 2'],
    ['/a"b', 'Invalid URI template "/a\\"b": invalid literal character "\\"" at offset 2'],
    ["/a<b", 'Invalid URI template "/a<b": invalid literal character "<" at offset 2'],
    ["/a>b", 'Invalid URI template "/a>b": invalid literal character ">" at offset 2'],
    ["/a\\b", 'Invalid URI template "/a\\\\b": invalid literal character "\\\\" at offset 2'],
    ["/a^b", 'Invalid URI template "/a^b": invalid literal character "^" at offset 2'],
    ["/a`b", 'Invalid URI template "/a`b": invalid literal character "`" at offset 2'],
    ["/a|b", 'Invalid URI template "/a|b": invalid literal character "|" at offset 2'],
    ["/a\nb", 'Invalid URI template "/a\\nb": invalid literal character "\\n" (U+000A) at offset 2'],
    [
      "/a\u0000b",
      'Invalid URI template "/a\\u0000b": invalid literal character "\\u0000" (U+0000) at offset 2',
    ],
    [
      "/a\u007fb",
      'Invalid URI template "/a\\u007Fb": invalid literal character "\\u007F" (U+007F) at offset 2',
    ],
    [
      "/a\u0085b",
      'Invalid URI template "/a\\u0085b": invalid literal character "\\u0085" (U+0085) at offset 2',
    ],
    [
      "/a\ufdd0b",
      'Invalid URI template "/a\ufdd0b": invalid literal character "\ufdd0" (U+FDD0) at offset 2',
    ],
    [
      "/a\uffffb",
      'Invalid URI template "/a\uffffb": invalid literal character "\uffff" (U+FFFF) at offset 2',
    ],
    [
      "/a\u{1fffe}b",
      'Invalid URI template "/a\u{1fffe}b": invalid literal character "\u{1fffe}" (U+1FFFE) at offset 2',
    ],
    [
      "/a\u{e0001}b",
      'Invalid URI template "/a\u{e0001}b": invalid literal character "\u{e0001}" (U+E0001) at offset 2',
    ],
    [
      "/a\ud800b",
      'Invalid URI template "/a\\ud800b": invalid literal character "\\ud800" (U+D800) at offset 2',
    ],
    [
      "/a\udc00",
      'Invalid URI template "/a\\udc00": invalid literal character "\\udc00" (U+DC00) at offset 2',
    ],
    ["/a%", 'Invalid URI template "/a%": invalid percent-encoding at offset 2'],
    ["/a%4", 'Invalid URI template "/a%4": invalid percent-encoding at offset 2'],
    ["/a%g0", 'Invalid URI template "/a%g0": invalid percent-encoding at offset 2'],
  ])("%j", (template, message) => {
    const error = thrown(() => parseTemplate(template));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("EndpointError");
    expect(error.code).toBe("ERR_INVALID_TEMPLATE");
    expect(error.message).toBe(message);
  });

  it("rejects a template that is not a string", () => {
    const error = thrown(() => parseTemplate(42 as unknown as string));
    expect(error.code).toBe("ERR_INVALID_TEMPLATE");
    expect(error.message).toBe("Invalid URI template: expected a string, got number 42");
  });

  it("throws again for the same malformed template (errors are not cached)", () => {
    expect(thrown(() => parseTemplate("{x")).code).toBe("ERR_INVALID_TEMPLATE");
    expect(thrown(() => parseTemplate("{x")).code).toBe("ERR_INVALID_TEMPLATE");
  });
});

// RFC 6570 §1.5 ucschar and iprivate at each end of each range: the tokenizer describes them by the
// code points it refuses, so both sides of every boundary are checked.
describe("parseTemplate() accepts exactly the non-ASCII literals of RFC 6570 §2.1", () => {
  it.each([
    [0x9f, false],
    [0xa0, true],
    [0xd7ff, true],
    [0xe000, true],
    [0xfdcf, true],
    [0xfdd0, false],
    [0xfdef, false],
    [0xfdf0, true],
    [0xffef, true],
    [0xfff0, false],
    [0xfffd, false],
    [0x10000, true],
    [0x1fffd, true],
    [0x1fffe, false],
    [0xdfffd, true],
    [0xdffff, false],
    [0xe0000, false],
    [0xe0fff, false],
    [0xe1000, true],
    [0x10fffd, true],
    [0x10ffff, false],
  ])("code point %d as a literal: allowed %s", (codePoint, allowed) => {
    const character = String.fromCodePoint(codePoint);
    const label = "U+" + codePoint.toString(16).toUpperCase().padStart(4, "0");
    if (allowed) {
      // pct-encoded as its UTF-8 octets (§3.1)
      expect(parseTemplate(`/${character}/`).expand({})).toBe(`/${encodeURIComponent(character)}/`);
    } else {
      const error = thrown(() => parseTemplate(`/${character}/`));
      expect(error.code).toBe("ERR_INVALID_TEMPLATE");
      // (Controls show escaped: DEL and C1 as JSON would write them, had it escaped them.)
      const shown = codePoint <= 0x9f ? `\\u${label.slice(2)}` : character;
      expect(error.message).toBe(
        `Invalid URI template "/${shown}/": invalid literal character "${shown}" (${label}) at offset 1`,
      );
    }
  });
});

describe("expand() rejects a prefix modifier on a composite value with ERR_INVALID_TEMPLATE", () => {
  it.each([
    [
      "{list:3}",
      { list: ["a"] },
      'Invalid URI template "{list:3}": prefix modifier ":3" on the list value of "list" at offset 1',
    ],
    [
      "/x{?o:2}",
      { o: { a: 1 } },
      'Invalid URI template "/x{?o:2}": prefix modifier ":2" on the object value of "o" at offset 4',
    ],
  ])("%s with %j", (template, variables, message) => {
    const error = thrown(() => parseTemplate(template).expand(variables));
    expect(error.code).toBe("ERR_INVALID_TEMPLATE");
    expect(error.message).toBe(message);
  });

  it.each([[{ list: [] }], [{ list: [null] }], [{ list: {} }], [{ list: { a: undefined } }]])(
    "{list:3} with the undefined composite %j expands to nothing",
    (variables) => {
      expect(parseTemplate("{list:3}").expand(variables)).toBe("");
    },
  );
});

describe("expand() rejects values that cannot be expanded with ERR_INVALID_PARAMETER", () => {
  class Point {}
  it.each([
    ["a symbol", Symbol("s"), 'Invalid parameter "x": cannot expand a symbol in a URI template'],
    ["a function", () => 1, 'Invalid parameter "x": cannot expand a function in a URI template'],
    ["a Map", new Map(), 'Invalid parameter "x": cannot expand an instance of Map in a URI template'],
    [
      "a class instance",
      new Point(),
      'Invalid parameter "x": cannot expand an instance of Point in a URI template',
    ],
    [
      "an invalid Date",
      new Date(NaN),
      'Invalid parameter "x": cannot expand an invalid Date in a URI template',
    ],
    [
      "a fake Date",
      Object.create(Date.prototype),
      'Invalid parameter "x": cannot expand an invalid Date in a URI template',
    ],
    ["NaN", NaN, 'Invalid parameter "x": cannot expand number NaN in a URI template'],
    ["Infinity", Infinity, 'Invalid parameter "x": cannot expand number Infinity in a URI template'],
    ["-Infinity", -Infinity, 'Invalid parameter "x": cannot expand number -Infinity in a URI template'],
    [
      "a list in a list",
      ["a", ["b"]],
      'Invalid parameter "x": cannot expand an array at index 1 of a list in a URI template',
    ],
    [
      "an object in a list",
      [{ a: 1 }],
      'Invalid parameter "x": cannot expand an object at index 0 of a list in a URI template',
    ],
    [
      "a symbol in a list",
      [Symbol()],
      'Invalid parameter "x": cannot expand a symbol at index 0 of a list in a URI template',
    ],
    [
      "a list in an object",
      { a: [1] },
      'Invalid parameter "x": cannot expand an array at key "a" of an object in a URI template',
    ],
    [
      "an object in an object",
      { a: {} },
      'Invalid parameter "x": cannot expand an object at key "a" of an object in a URI template',
    ],
    [
      "NaN in an object",
      { a: NaN },
      'Invalid parameter "x": cannot expand number NaN at key "a" of an object in a URI template',
    ],
  ])("%s", (_, value, message) => {
    for (const template of ["{x}", "{?x*}"]) {
      const error = thrown(() => parseTemplate(template).expand({ x: value }));
      expect(error.code).toBe("ERR_INVALID_PARAMETER");
      expect(error.message).toBe(message);
    }
  });

  it.each([
    ["a lone high surrogate", "a\ud800b"],
    ["a lone low surrogate", "\udc00"],
    ["a high surrogate at the end", "ab\ud83d"],
    ["two high surrogates", "\ud83d\ud83d\udca9"],
  ])("%s in a value", (_, value) => {
    for (const template of ["{x}", "{+x}", "{#x:3}", "{?x}", "{/x*}"]) {
      const error = thrown(() => parseTemplate(template).expand({ x: value }));
      expect(error.code).toBe("ERR_INVALID_PARAMETER");
      expect(error.message).toMatch(
        /^Invalid parameter "x": a lone surrogate \(U\+D[89A-F][0-9A-F]{2}\) cannot be encoded as UTF-8$/,
      );
    }
  });

  it("a lone surrogate in an object key", () => {
    const error = thrown(() => parseTemplate("{?x*}").expand({ x: { "k\udfff": "v" } }));
    expect(error.message).toBe('Invalid parameter "x": a lone surrogate (U+DFFF) cannot be encoded as UTF-8');
  });

  it.each([[null], [undefined], ["x"], [42]])("variables that are not an object: %j", (variables) => {
    const error = thrown(() => parseTemplate("{x}").expand(variables as unknown as Record<string, unknown>));
    expect(error.code).toBe("ERR_INVALID_PARAMETER");
    expect(error.message).toMatch(/^Invalid variables for URI template "\{x\}": expected an object, got /);
  });
});

describe("formQuery() errors", () => {
  it("rejects a value that cannot be expanded, naming the parameter", () => {
    const error = thrown(() => formQuery([["per-page", Symbol("s")]], "?"));
    expect(error.code).toBe("ERR_INVALID_PARAMETER");
    expect(error.message).toBe('Invalid parameter "per-page": cannot expand a symbol in a URI template');
  });

  it("rejects a lone surrogate in a name", () => {
    const error = thrown(() => formQuery([["a\ud800", "v"]], "?"));
    expect(error.code).toBe("ERR_INVALID_PARAMETER");
    expect(error.message).toBe(
      'Invalid parameter "a\\ud800": a lone surrogate (U+D800) cannot be encoded as UTF-8',
    );
  });

  it("rejects a name that is not a string", () => {
    const error = thrown(() => formQuery([[1 as unknown as string, "v"]], "&"));
    expect(error.code).toBe("ERR_INVALID_PARAMETER");
    expect(error.message).toBe("Invalid query parameter name: expected a string, got number 1");
  });
});

describe("hostile inputs answer in linear time", () => {
  const N = 100_000;

  it.each([
    ["100,000 '{'", "{".repeat(N), "unclosed expression at offset 0"],
    ["100,000 '}'", "}".repeat(N), 'stray "}" at offset 0'],
    ["'{' and 100,000 name characters", "{" + "a".repeat(N), "unclosed expression at offset 0"],
    ["100,000 '{a' pairs", "{a".repeat(N), "unclosed expression at offset 0"],
    [
      "a 100,000-digit prefix",
      "{a:" + "9".repeat(N) + "}",
      "prefix length must be an integer from 1 to 9999 at offset 3",
    ],
    [
      "100,000 names then a bad character",
      "{" + "a,".repeat(N) + "-}",
      `invalid character "-" in variable name at offset ${2 * N + 1}`,
    ],
    [
      "100,000 literal characters then a space",
      "a".repeat(N) + " ",
      `invalid literal character " " (U+0020) at offset ${N}`,
    ],
    ["100,000 '%'", "%".repeat(N), "invalid percent-encoding at offset 0"],
  ])("%s", (_, template, problem) => {
    const error = thrown(() => parseTemplate(template));
    expect(error.code).toBe("ERR_INVALID_TEMPLATE");
    // The quoted template is cut to 200 characters, so the message stays short.
    expect(error.message).toBe(
      `Invalid URI template ${JSON.stringify(template.slice(0, 200) + "…")}: ${problem}`,
    );
  });

  it("a 100,000-character literal", () => {
    const template = "/" + "a".repeat(N);
    expect(parseTemplate(template).expand({})).toBe(template);
  });

  it("100,000 expressions", () => {
    const result = parseTemplate("{a}".repeat(N)).expand({ a: "x" });
    expect(result).toBe("x".repeat(N));
  });

  it("an expression of 100,000 variables", () => {
    const names = Array.from({ length: N }, (_, i) => `v${i}`);
    const compiled = parseTemplate("{?" + names.join(",") + "}");
    expect(compiled.variableNames).toHaveLength(N);
    expect(compiled.variableNames).toEqual(names);
    expect(compiled.expand({ v7: "7" })).toBe("?v7=7");
  });

  it("a 1,000,000-character value that needs encoding", () => {
    expect(parseTemplate("{x}").expand({ x: " ".repeat(1_000_000) })).toBe("%20".repeat(1_000_000));
  });
});
