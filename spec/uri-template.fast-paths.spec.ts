// The engine's fast paths, each with the cases where it must hand over to the general one: the
// one for…in walk that reads the variables (and the key order it remembers from the last call),
// the text compiled before each varspec ("?name=", "&name="), the whole-string scalar, and the
// varspec formQuery keeps for each parameter name. Every output is exact.
import { formQuery, parseTemplate } from "../lib/uri-template/index.js";
import { compileTemplate } from "../lib/uri-template/compile.js";
import { errorOf } from "./helpers/thrown.js";

describe("reading the variables (own properties only)", () => {
  it("reads own enumerable properties in any key order, call after call", () => {
    // A fresh template: its remembered key order starts empty.
    const template = compileTemplate("/r/{a}/{b}{?c,d}");
    expect(template.expand({ a: 1, b: 2, c: 3, d: 4 })).toBe("/r/1/2?c=3&d=4");
    expect(template.expand({ d: 4, c: 3, b: 2, a: 1 })).toBe("/r/1/2?c=3&d=4");
    expect(template.expand({ a: 1, b: 2, c: 3, d: 4 })).toBe("/r/1/2?c=3&d=4");
    // Keys the template does not name, before, between and after its own.
    expect(template.expand({ x: 0, a: "A", y: 0, b: "B", z: 0 })).toBe("/r/A/B");
    expect(template.expand({ a: "A", b: "B" })).toBe("/r/A/B");
    // Fewer keys than the last call, then a key at a place another key had.
    expect(template.expand({ c: "only" })).toBe("/r//?c=only");
    expect(template.expand({ d: "d", c: "c" })).toBe("/r//?c=c&d=d");
    expect(template.expand({})).toBe("/r//");
  });

  it("never reads an inherited property", () => {
    expect(parseTemplate("{constructor}{?toString}{a}").expand({})).toBe("");
    const inherited = Object.create({ a: "proto", b: "proto" }) as Record<string, unknown>;
    inherited["b"] = "own";
    expect(parseTemplate("{a},{b}").expand(inherited)).toBe(",own");
  });

  it("reads an own property that is not enumerable (for…in does not give it)", () => {
    const variables = { b: "enumerable" };
    Object.defineProperty(variables, "a", { value: "hidden", enumerable: false });
    expect(parseTemplate("{a}-{b}").expand(variables)).toBe("hidden-enumerable");
    expect(parseTemplate("{length}/{0}").expand(["x", "y"] as unknown as Record<string, unknown>)).toBe(
      "2/x",
    );
  });

  it("reads a null-prototype object, and an own __proto__ key like any other", () => {
    const variables = Object.create(null) as Record<string, unknown>;
    variables["a"] = "x";
    expect(parseTemplate("{a}").expand(variables)).toBe("x");
    expect(
      parseTemplate("{__proto__}").expand(JSON.parse('{"__proto__":"p"}') as Record<string, unknown>),
    ).toBe("p");
  });

  it("reads each own variable once, even when its getter expands the same template", () => {
    const template = compileTemplate("{a}{b}");
    let reads = 0;
    const variables = {
      get a() {
        reads++;
        // Re-entrant, with another key order: the outer call's values stay its own.
        return template.expand({ b: "in", a: "ner" });
      },
      b: "-",
    };
    expect(template.expand(variables)).toBe("nerin-");
    expect(reads).toBe(1);
    expect(template.expand({ b: 2, a: 1 })).toBe("12");
  });
});

describe("the text compiled before each varspec", () => {
  it.each([
    // template, variables, expansion: an empty string hands over to the operator's ifemp
    ["{x}", { x: "" }, ""],
    ["{+x}", { x: "" }, ""],
    ["{#x}", { x: "" }, "#"],
    ["{.x}", { x: "" }, "."],
    ["{/x}", { x: "" }, "/"],
    ["{;x}", { x: "" }, ";x"],
    ["{?x}", { x: "" }, "?x="],
    ["{&x}", { x: "" }, "&x="],
    ["{;a,b}", { a: "1", b: "" }, ";a=1;b"],
    ["{;a,b}", { a: "", b: "2" }, ";a;b=2"],
    ["{?a,b,c}", { b: "", c: 3 }, "?b=&c=3"],
    ["{&a,b}", { a: undefined, b: null }, ""],
    ["{/a,b}", { a: "x", b: "y" }, "/x/y"],
    ["{.a,b}", { b: "y" }, ".y"],
    ["{#a,b}", { a: "x", b: "y" }, "#x,y"],
    ["{a,b}", { a: 1, b: 2 }, "1,2"],
  ])("%s with %j gives %j", (template, variables, expected) => {
    expect(parseTemplate(template).expand(variables)).toBe(expected);
  });

  it("writes first before the first defined value and sep before the others, lists included", () => {
    expect(parseTemplate("{?a,l,o,b}").expand({ l: ["x", "y"], o: { k: "v" }, b: "" })).toBe(
      "?l=x,y&o=k,v&b=",
    );
    expect(parseTemplate("{?l*,a}").expand({ l: ["x", ""], a: 1 })).toBe("?l=x&l=&a=1");
    expect(parseTemplate("{;l*,a}").expand({ l: ["x", ""], a: 1 })).toBe(";l=x;l;a=1");
    expect(parseTemplate("{;o*}").expand({ o: { k: "", j: "v" } })).toBe(";k;j=v");
    expect(parseTemplate("{/o*}").expand({ o: { k: "", j: "v" } })).toBe("/k=/j=v");
    expect(parseTemplate("{?l}").expand({ l: [] })).toBe("");
    expect(parseTemplate("{?e,l,a}").expand({ e: {}, l: [null], a: "x" })).toBe("?a=x");
  });
  it.each([
    // A non-empty string is written by the loop itself, any other value by expandVarspec: both
    // give first, then sep, whatever came before, and the operator's encoding.
    ["{?a,b,c,d}", { a: 1, b: "x y", c: ["l"], d: "z" }, "?a=1&b=x%20y&c=l&d=z"],
    ["{?a,b:2}", { a: "x", b: "yyy" }, "?a=x&b=yy"],
    ["{/a,b}", { a: "", b: "x" }, "//x"],
    ["{;a,b}", { a: "", b: "x" }, ";a;b=x"],
    ["{#a,b}", { a: [], b: "x/y" }, "#x/y"],
    ["{.a,b}", { a: null, b: "é" }, ".%C3%A9"],
    ["{+a,b}", { a: "x", b: "%zz/" }, "x,%25zz/"],
    ["{&a,b}", { a: "1", b: "2" }, "&a=1&b=2"],
    ["{a,b}", { a: 0, b: "v" }, "0,v"],
    ["{a}{b}", { a: "x", b: "y" }, "xy"],
    // A number below 1e21 in size has nothing to encode; 1e21 and beyond are written "1e+21".
    [
      "{?a,b,c,d}",
      { a: 1e-7, b: -0, c: -999999999999999900000, d: 1e21 },
      "?a=1e-7&b=0&c=-999999999999999900000&d=1e%2B21",
    ],
    ["{+a,b}", { a: -1e21, b: 0.5 }, "-1e+21,0.5"],
    ["{;a,b:2}", { a: 12, b: 345 }, ";a=12;b=34"],
    // Integers are written as they are in every operator, past 2^53 - 1 too.
    [
      "{?a,b,c}{/d}{.e}{#f}{;g}",
      { a: -42, b: Number.MAX_SAFE_INTEGER, c: 2 ** 53, d: 7, e: -0, f: 3, g: 0 },
      "?a=-42&b=9007199254740991&c=9007199254740992/7.0#3;g=0",
    ],
    ["{&a:1,b}{x,y}", { a: 987, b: 10, x: 1, y: "" }, "&a=9&b=101,"],
  ])("%s with %j gives %j (strings and other values in one expression)", (template, variables, expected) => {
    expect(parseTemplate(template).expand(variables)).toBe(expected);
  });
});

describe("scalar values", () => {
  it.each([
    // value, "{x}" (unreserved), "{+x}" (reserved)
    ["plain-._~09AZaz", "plain-._~09AZaz", "plain-._~09AZaz"],
    ["!'()*", "%21%27%28%29%2A", "!'()*"],
    ["a b/c?d", "a%20b%2Fc%3Fd", "a%20b/c?d"],
    ["50%", "50%25", "50%25"],
    ["%41%zz", "%2541%25zz", "%41%25zz"],
    ["[x]", "%5Bx%5D", "[x]"],
    ["é€𝄞", "%C3%A9%E2%82%AC%F0%9D%84%9E", "%C3%A9%E2%82%AC%F0%9D%84%9E"],
    [30, "30", "30"],
    [-1.5, "-1.5", "-1.5"],
    [1e21, "1e%2B21", "1e+21"],
    [0, "0", "0"],
    [false, "false", "false"],
  ])("%j expands as %j and, reserved, %j", (value, unreserved, reserved) => {
    expect(parseTemplate("{x}").expand({ x: value })).toBe(unreserved);
    expect(parseTemplate("{+x}").expand({ x: value })).toBe(reserved);
  });

  it("encodes every ASCII character by the table as encodeURIComponent does, the marks !'()* too", () => {
    for (let code = 0; code < 128; code++) {
      const value = `a${String.fromCharCode(code)}b`;
      const expected = /[\w.~-]/.test(String.fromCharCode(code))
        ? value
        : `a%${code.toString(16).toUpperCase().padStart(2, "0")}b`;
      expect(parseTemplate("{x}").expand({ x: value })).toBe(expected);
    }
  });

  it("hands a value to the UTF-8 encoder when a non-ASCII character follows ASCII ones it escaped", () => {
    expect(parseTemplate("{x}").expand({ x: "a b!é c" })).toBe("a%20b%21%C3%A9%20c");
    // Escapes side by side, and after a surrogate pair the copy resumes past both of its halves.
    expect(parseTemplate("{x}").expand({ x: "𝄞 :𝄞a%" })).toBe("%F0%9D%84%9E%20%3A%F0%9D%84%9Ea%25");
    expect(parseTemplate("{+x}").expand({ x: "%41𝄞 /é" })).toBe("%41%F0%9D%84%9E%20/%C3%A9");
    expect(errorOf(() => parseTemplate("{x}").expand({ x: "a b\udc00" }))).toEqual({
      code: "ERR_INVALID_PARAMETER",
      message: 'Invalid parameter "x": a lone surrogate (U+DC00) cannot be encoded as UTF-8',
    });
  });

  it("refuses a lone surrogate and a number without a text, naming the variable", () => {
    expect(errorOf(() => parseTemplate("{?x}").expand({ x: "a\ud800" }))).toEqual({
      code: "ERR_INVALID_PARAMETER",
      message: 'Invalid parameter "x": a lone surrogate (U+D800) cannot be encoded as UTF-8',
    });
    expect(errorOf(() => parseTemplate("{x}").expand({ x: NaN }))).toEqual({
      code: "ERR_INVALID_PARAMETER",
      message: 'Invalid parameter "x": cannot expand number NaN in a URI template',
    });
    expect(errorOf(() => parseTemplate("{?a,x}").expand({ a: 1, x: -Infinity }))).toEqual({
      code: "ERR_INVALID_PARAMETER",
      message: 'Invalid parameter "x": cannot expand number -Infinity in a URI template',
    });
  });

  it.each([
    ["{x:3}", "abcdef", "abc"],
    ["{x:3}", "ab", "ab"],
    ["{x:1}", "𝄞𝄞", "%F0%9D%84%9E"],
    ["{x:2}", "a𝄞b", "a%F0%9D%84%9E"],
    ["{x:2}", "a\udc00b", undefined],
    ["{x:2}", 12345, "12"],
    ["{;x:2}", "", ";x"],
    ["{?x:2}", "", "?x="],
    ["{+x:9999}", "a/b", "a/b"],
  ])("%s with %j gives %j (prefixes count code points)", (template, value, expected) => {
    const expand = (): string => parseTemplate(template).expand({ x: value });
    if (expected === undefined) {
      expect(errorOf(expand)).toEqual({
        code: "ERR_INVALID_PARAMETER",
        message: 'Invalid parameter "x": a lone surrogate (U+DC00) cannot be encoded as UTF-8',
      });
    } else {
      expect(expand()).toBe(expected);
    }
  });
});

describe("formQuery() keeps each name's varspec", () => {
  it("writes the same pairs for a name the second time, and for names that need encoding", () => {
    const pairs: [string, unknown][] = [
      ["filter[x]", "a b"],
      ["ü", 1],
      ["", ""],
      ["l", ["x", "y"]],
      ["o", { k: "v" }],
      ["d", new Date(0)],
      ["b", true],
    ];
    const expected = "filter%5Bx%5D=a%20b&%C3%BC=1&=&l=x,y&o=k,v&d=1970-01-01T00%3A00%3A00.000Z&b=true";
    expect(formQuery(pairs, "")).toBe(expected);
    expect(formQuery(pairs, "")).toBe(expected);
    expect(formQuery(pairs, "?")).toBe("?" + expected);
    expect(formQuery(pairs, "&")).toBe("&" + expected);
  });

  it("gives first to the first defined pair, whatever comes before it", () => {
    expect(
      formQuery(
        [
          ["a", []],
          ["b", null],
          ["c", ""],
          ["d", "x"],
        ],
        "?",
      ),
    ).toBe("?c=&d=x");
  });

  it("stays right past 1000 names and for names longer than 100 characters", () => {
    for (let i = 0; i < 1100; i++) expect(formQuery([[`n${i}`, i]], "?")).toBe(`?n${i}=${i}`);
    const long = "k".repeat(101);
    expect(formQuery([[long, "v"]], "")).toBe(`${long}=v`);
    expect(formQuery([[long, "w"]], "&")).toBe(`&${long}=w`);
    expect(formQuery([["n0", "again"]], "")).toBe("n0=again");
  });

  it("refuses a name with a lone surrogate every time, and a value it cannot expand", () => {
    for (let i = 0; i < 2; i++) {
      expect(errorOf(() => formQuery([["a\udfff", "v"]], "?"))).toEqual({
        code: "ERR_INVALID_PARAMETER",
        message: 'Invalid parameter "a\\udfff": a lone surrogate (U+DFFF) cannot be encoded as UTF-8',
      });
    }
    expect(errorOf(() => formQuery([["s", [[1]]]], "?"))).toEqual({
      code: "ERR_INVALID_PARAMETER",
      message: 'Invalid parameter "s": cannot expand an array at index 0 of a list in a URI template',
    });
  });
});
