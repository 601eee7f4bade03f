// The engine beyond the RFC's own examples: values, encoding, undefined values, parts, cache.
import {
  MAX_CACHED_TEMPLATE_LENGTH,
  TEMPLATE_CACHE_SIZE,
  formQuery,
  parseTemplate,
} from "../lib/uri-template/index.js";
import { compileTemplate } from "../lib/uri-template/compile.js";
import { templateWeight } from "../lib/uri-template/cache.js";
import { errorOf } from "./helpers/thrown.js";

describe("parseTemplate()", () => {
  it("runs the opening example of docs/uri-templates.md", () => {
    const template = parseTemplate("/repos/{owner}/{repo}/issues{?state,labels}");
    expect(template.variableNames).toEqual(["owner", "repo", "state", "labels"]);
    expect(template.expand({ owner: "octo", repo: "hello", labels: ["bug", "ui"] })).toBe(
      "/repos/octo/hello/issues?labels=bug,ui",
    );
  });

  it("describes the template as parts: raw literals and expressions with offsets", () => {
    const template = parseTemplate("/a%20é/{+path:6}{?q,list*}{foo%20bar.x}");
    expect(template.template).toBe("/a%20é/{+path:6}{?q,list*}{foo%20bar.x}");
    expect(template.parts).toEqual([
      "/a%20é/",
      { operator: "+", variables: [{ name: "path", explode: false, maxLength: 6 }], offset: 7 },
      {
        operator: "?",
        variables: [
          { name: "q", explode: false, maxLength: undefined },
          { name: "list", explode: true, maxLength: undefined },
        ],
        offset: 16,
      },
      {
        operator: "",
        variables: [{ name: "foo%20bar.x", explode: false, maxLength: undefined }],
        offset: 26,
      },
    ]);
    expect(template.variableNames).toEqual(["path", "q", "list", "foo%20bar.x"]);
  });

  it("lists each variable name once, first occurrence first", () => {
    expect(parseTemplate("{b}{a,b}{/a*}{c:2}{b}").variableNames).toEqual(["b", "a", "c"]);
  });

  it("an empty template has no parts", () => {
    const template = parseTemplate("");
    expect(template.parts).toEqual([]);
    expect(template.expand({})).toBe("");
  });

  it("returns frozen objects", () => {
    const template = parseTemplate("/x{?a}");
    expect(Object.isFrozen(template)).toBe(true);
    expect(Object.isFrozen(template.parts)).toBe(true);
    expect(Object.isFrozen(template.parts[1])).toBe(true);
    expect(Object.isFrozen(template.variableNames)).toBe(true);
  });

  it("accepts every literal character RFC 6570 §2.1 allows, pct-encoding non-ASCII as UTF-8", () => {
    const ascii = "!#$&()*+,-./0123456789:;=?@ABCXYZ[]_abcxyz~";
    expect(parseTemplate(ascii).expand({})).toBe(ascii);
    expect(parseTemplate("/caf%C3%A9/é/\u00a0/\ue000/\u{1d11e}/\u{10fffd}").expand({})).toBe(
      "/caf%C3%A9/%C3%A9/%C2%A0/%EE%80%80/%F0%9D%84%9E/%F4%8F%BF%BD",
    );
  });

  it("looks up pct-encoded variable names as written (RFC 6570 §2.3)", () => {
    expect(parseTemplate("{foo%20bar}{;a.b}").expand({ "foo%20bar": "x", "a.b": "y" })).toBe("x;a.b=y");
  });
});

describe("the cache", () => {
  it(`gives the same object for the same template, keeps ${TEMPLATE_CACHE_SIZE}, evicts the oldest`, () => {
    const first = parseTemplate("/cache-test/{first}");
    expect(parseTemplate("/cache-test/{first}")).toBe(first);
    for (let i = 0; i < TEMPLATE_CACHE_SIZE; i++) parseTemplate(`/cache-test/${i}/{x}`);
    const again = parseTemplate("/cache-test/{first}");
    expect(again).not.toBe(first);
    expect(again.expand({ first: 1 })).toBe(first.expand({ first: 1 }));
    // The most recent ones are still there.
    const last = `/cache-test/${TEMPLATE_CACHE_SIZE - 1}/{x}`;
    expect(parseTemplate(last)).toBe(parseTemplate(last));
  });

  it(`does not keep templates longer than ${MAX_CACHED_TEMPLATE_LENGTH} characters`, () => {
    const long = "/" + "a".repeat(MAX_CACHED_TEMPLATE_LENGTH);
    expect(parseTemplate(long)).not.toBe(parseTemplate(long));
    const longest = "a".repeat(MAX_CACHED_TEMPLATE_LENGTH);
    expect(parseTemplate(longest)).toBe(parseTemplate(longest));
  });
});

describe("values", () => {
  it.each([
    ["a string", "abc", "abc"],
    ["an empty string (defined)", "", ""],
    ["an integer", 42, "42"],
    ["a negative float", -1.5, "-1.5"],
    ["negative zero", -0, "0"],
    ["a large number", 1e21, "1e%2B21"],
    ["a bigint", 12345678901234567890n, "12345678901234567890"],
    ["true", true, "true"],
    ["false", false, "false"],
    ["a Date", new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)), "2024-01-02T03%3A04%3A05.006Z"],
  ])("%s", (_, value, expected) => {
    expect(parseTemplate("{x}").expand({ x: value })).toBe(expected);
  });

  it("ignores an overridden toISOString on a Date", () => {
    const date = new Date(0);
    date.toISOString = () => "hacked";
    expect(parseTemplate("{+x}").expand({ x: date })).toBe("1970-01-01T00:00:00.000Z");
  });

  it("reads a Date's own time value: no getTime override, no subclass method", () => {
    const date = new Date(0);
    date.getTime = () => 86_400_000;
    class Stamp extends Date {
      override toISOString(): string {
        return "hacked";
      }
    }
    expect(parseTemplate("{+x,y}").expand({ x: date, y: new Stamp(1000) })).toBe(
      "1970-01-01T00:00:00.000Z,1970-01-01T00:00:01.000Z",
    );
  });

  it("expands scalars inside lists and objects", () => {
    expect(parseTemplate("{?l,o*}").expand({ l: [1, true, 2n, new Date(0)], o: { n: 0, b: false } })).toBe(
      "?l=1,true,2,1970-01-01T00%3A00%3A00.000Z&n=0&b=false",
    );
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["an empty list", []],
    ["a list of undefined and null", [undefined, null]],
    ["an empty object", {}],
    ["an object whose members are all undefined or null", { a: undefined, b: null }],
  ])("%s is undefined (RFC 6570 §2.3) for every operator", (_, value) => {
    for (const operator of ["", "+", "#", ".", "/", ";", "?", "&"]) {
      expect(parseTemplate(`X{${operator}x}Y{${operator}x*}Z`).expand({ x: value })).toBe("XYZ");
      expect(parseTemplate(`{${operator}x,y}`).expand({ x: value, y: "1" })).toBe(
        parseTemplate(`{${operator}y}`).expand({ y: "1" }),
      );
    }
  });

  it("skips undefined and null list items and object members", () => {
    expect(
      parseTemplate("{/l*}{?o*}{&l}").expand({ l: ["a", null, undefined, "b"], o: { a: null, b: "2" } }),
    ).toBe("/a/b?b=2&l=a,b");
  });

  it("writes ifemp for empty members of named operators (RFC 6570 §3.2.7–§3.2.9)", () => {
    const variables = { l: ["", "a"], o: { e: "", f: "1" } };
    expect(parseTemplate("{;l*}{;o*}").expand(variables)).toBe(";l;l=a;e;f=1");
    expect(parseTemplate("{?l*}{&o*}").expand(variables)).toBe("?l=&l=a&e=&f=1");
    expect(parseTemplate("{l*}/{o*}").expand(variables)).toBe(",a/e=,f=1");
  });

  it("reads own properties only, never the prototype", () => {
    expect(parseTemplate("{constructor}{toString}{__proto__}{hasOwnProperty}").expand({})).toBe("");
    const inherited = Object.create({ x: "from-prototype" }) as Record<string, unknown>;
    expect(parseTemplate("{x}").expand(inherited)).toBe("");
    expect(parseTemplate("{x}").expand(Object.assign(Object.create(null), { x: "own" }))).toBe("own");
  });

  it("treats an own __proto__ key of an object as an ordinary key", () => {
    const o = JSON.parse('{"__proto__": "p", "a": "1"}') as Record<string, unknown>;
    expect(parseTemplate("{?o*}").expand({ o })).toBe("?__proto__=p&a=1");
    expect(parseTemplate("{o}").expand({ o })).toBe("__proto__,p,a,1");
    const variables = JSON.parse('{"__proto__": "v"}') as Record<string, unknown>;
    expect(parseTemplate("{__proto__}").expand(variables)).toBe("v");
  });

  it("accepts null-prototype objects as associative arrays", () => {
    const o = Object.assign(Object.create(null), { k: "v" }) as Record<string, unknown>;
    expect(parseTemplate("{?o*}").expand({ o })).toBe("?k=v");
  });

  it("leaves variables and values untouched", () => {
    const variables = Object.freeze({ l: Object.freeze(["a", "b"]), o: Object.freeze({ k: "v" }) });
    expect(parseTemplate("{/l*}{?o*}").expand(variables)).toBe("/a/b?k=v");
  });
});

describe("encoding (RFC 6570 §3.2.1)", () => {
  it("U: everything but unreserved, as UTF-8 with uppercase hex", () => {
    expect(parseTemplate("{x}").expand({ x: "a-b._~ :/?#[]@!$&'()*+,;=%é€𝄞" })).toBe(
      "a-b._~%20%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%25%C3%A9%E2%82%AC%F0%9D%84%9E",
    );
  });

  it("non-ASCII runs between ASCII, under U and U+R, each code point as its UTF-8 octets", () => {
    expect(parseTemplate("{x}").expand({ x: "a名前 b😀c" })).toBe("a%E5%90%8D%E5%89%8D%20b%F0%9F%98%80c");
    expect(parseTemplate("{?x}").expand({ x: "名前 location:東京" })).toBe(
      "?x=%E5%90%8D%E5%89%8D%20location%3A%E6%9D%B1%E4%BA%AC",
    );
    expect(parseTemplate("{+x}").expand({ x: "ü/%41ß" })).toBe("%C3%BC/%41%C3%9F");
  });

  it("after non-ASCII text, U still encodes the five characters encodeURIComponent leaves: !'()*", () => {
    expect(parseTemplate("{x}").expand({ x: "é!'()*~-._ %/" })).toBe("%C3%A9%21%27%28%29%2A~-._%20%25%2F");
    expect(parseTemplate("{?x,y}").expand({ x: "(a)", y: "ü(a)*" })).toBe("?x=%28a%29&y=%C3%BC%28a%29%2A");
    expect(parseTemplate("{/x*}").expand({ x: ["it's", "ça!"] })).toBe("/it%27s/%C3%A7a%21");
    expect(parseTemplate("{+x}").expand({ x: "é!'()*" })).toBe("%C3%A9!'()*");
  });

  it("U+R: keeps reserved characters and pct-encoded triplets as written, encodes a lone %", () => {
    expect(parseTemplate("{+x}").expand({ x: ":/?#[]@!$&'()*+,;= %41%e9%zz%4%" })).toBe(
      ":/?#[]@!$&'()*+,;=%20%41%e9%25zz%254%25",
    );
    expect(parseTemplate("{#x}").expand({ x: "50% é" })).toBe("#50%25%20%C3%A9");
  });

  it("encodes names of exploded objects with the operator's set", () => {
    expect(parseTemplate("{?o*}").expand({ o: { "a b": "c/d" } })).toBe("?a%20b=c%2Fd");
    // (Not "as for literals", Appendix A's words for these names: "&" would add a parameter.)
    expect(parseTemplate("{?o*}").expand({ o: { "a&b": "1" } })).toBe("?a%26b=1");
    expect(parseTemplate("{+o*}").expand({ o: { "a/b": "c/d" } })).toBe("a/b=c/d");
  });

  it.each([
    ["{clef:1}", "𝄞", "%F0%9D%84%9E"],
    ["{clef:2}", "𝄞x𝄞", "%F0%9D%84%9Ex"],
    ["{+clef:1}", "𝄞𝄞", "%F0%9D%84%9E"],
    ["{x:3}", "aé😀b", "a%C3%A9%F0%9F%98%80"],
    ["{x:9999}", "short", "short"],
    ["{x:2}", 12345, "12"],
    ["{x:1}", true, "t"],
  ])("prefixes count code points, never splitting a pair: %s of %j", (template, value, expected) => {
    expect(parseTemplate(template).expand({ x: value, clef: value })).toBe(expected);
  });

  // RFC 6570 Appendix A: "take the first max-length characters of the value, taking care not to
  // split multi-octet or pct-encoded triplet characters". Under {+…} and {#…}, which keep
  // triplets, a triplet is one character.
  it.each([
    ["{+x:1}", "%41bc", "%41"],
    ["{#x:1}", "%41bc", "#%41"],
    ["{+x:2}", "%41bc", "%41b"],
    ["{+x:3}", "a%2Fb%2Fc", "a%2Fb"],
    ["{+x:2}", "%41%42%43", "%41%42"],
    ["{+x:1}", "%e2%82%acx", "%e2"],
    ["{+x:3}", "%C3%A9t%C3%A9", "%C3%A9t"],
    ["{+x:2}", "é%41", "%C3%A9%41"],
    // A "%" that starts no triplet is a character of its own, written %25.
    ["{+x:2}", "%4%41", "%254"],
    ["{+x:1}", "%", "%25"],
    ["{+x:2}", "%%41", "%25%41"],
    // Only {+…} and {#…} keep triplets: the others encode "%" and count it as one character.
    ["{x:1}", "%41bc", "%25"],
    ["{/x:3}", "%41bc", "/%2541"],
    ["{?x:1}", "%C3%A9", "?x=%25"],
  ])("%s of %j keeps pct-encoded triplets whole: %j", (template, value, expected) => {
    expect(parseTemplate(template).expand({ x: value })).toBe(expected);
  });

  it("reads a long prefix of pct-encoded triplets in linear time, whatever the value", () => {
    expect(parseTemplate("{+x:9999}").expand({ x: "%C3%A9".repeat(20_000) })).toBe(
      "%C3%A9".repeat(4999) + "%C3",
    );
    expect(parseTemplate("{+x:9999}").expand({ x: "%80".repeat(30_000) })).toBe("%80".repeat(9999));
  });
});

describe("encoding through encodeURIComponent / encodeURI, corrected to RFC 6570's sets", () => {
  it.each([
    // U: encodeURIComponent leaves the marks !'()* as they are; RFC 3986 unreserved has none of them.
    ["{x}", "!'()*-._~", "%21%27%28%29%2A-._~"],
    ["{/x}", "a[b]", "/a%5Bb%5D"],
    // U+R: encodeURI encodes brackets and every "%"; the engine keeps brackets and triplets.
    ["{+x}", "[a]", "[a]"],
    ["{+x}", "%%41", "%25%41"],
    ["{+x}", "%2541", "%2541"],
    ["{+x}", "%5B%5d[]", "%5B%5d[]"],
    ["{+x}", "100%", "100%25"],
    ["{+x}", "%4", "%254"],
    ["{#x}", "é[%]|", "#%C3%A9[%25]%7C"],
    ["{+x}", "\u007f\u0000^`{}", "%7F%00%5E%60%7B%7D"],
  ])("%s of %j is %s", (template, value, expected) => {
    expect(parseTemplate(template).expand({ x: value })).toBe(expected);
  });

  it.each([
    ["{+x}", "a\ud800", "U+D800"],
    ["{#x}", "\udfff", "U+DFFF"],
    ["{x}", "\ud83d\ud83d\udca9", "U+D83D"],
    ["{x:1}", "\ud800b", "U+D800"],
    // Among other non-ASCII text, which is encoded a run at a time.
    ["{x}", "名\ud800前", "U+D800"],
    ["{?x}", "東京\udc00", "U+DC00"],
    ["{x}", "\ud83d\ude00\ud83d", "U+D83D"],
    ["{x}", "é(!)\udc01 \ud801", "U+DC01"],
  ])("%s refuses a lone surrogate in %j", (template, value, label) => {
    expect(errorOf(() => parseTemplate(template).expand({ x: value }))).toEqual({
      code: "ERR_INVALID_PARAMETER",
      message: `Invalid parameter "x": a lone surrogate (${label}) cannot be encoded as UTF-8`,
    });
  });
});

describe("templateWeight()", () => {
  it.each([
    // template, its characters, its literals and varspecs
    ["", 0, 0],
    ["/repos", 6, 1],
    ["{a}", 3, 1],
    ["/repos/{owner}/{repo}/issues{?state,labels}", 43, 7],
    ["{a}{b}{c,d}x{/e*}", 17, 6],
  ])("%j: two per character and 256 per literal or varspec", (template, characters, steps) => {
    expect(templateWeight(compileTemplate(template))).toBe(2 * characters + 256 * steps);
  });
});

describe("formQuery()", () => {
  it("serialises names and values as a form-style query", () => {
    expect(
      formQuery(
        [
          ["per-page", 30],
          ["filter[x]", "a b"],
          ["q", undefined],
          ["ü", ["a", null, "b"]],
          ["o", { k: "v" }],
          ["e", ""],
        ],
        "?",
      ),
    ).toBe("?per-page=30&filter%5Bx%5D=a%20b&%C3%BC=a,b&o=k,v&e=");
  });

  it("starts with & for a continuation", () => {
    expect(formQuery([["a", 1]], "&")).toBe("&a=1");
    expect(
      formQuery(
        new Map([
          ["a", "x"],
          ["b", "y"],
        ]),
        "&",
      ),
    ).toBe("&a=x&b=y");
  });

  it("returns an empty string when no value is defined", () => {
    expect(formQuery([], "?")).toBe("");
    expect(
      formQuery(
        [
          ["a", undefined],
          ["b", null],
          ["c", []],
          ["d", {}],
        ],
        "?",
      ),
    ).toBe("");
  });

  it("keeps duplicate names", () => {
    expect(
      formQuery(
        [
          ["a", 1],
          ["a", 2],
        ],
        "?",
      ),
    ).toBe("?a=1&a=2");
  });
});
