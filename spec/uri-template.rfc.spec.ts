// Every example of RFC 6570, written out from the RFC text, one table per section.
import { parseTemplate } from "../lib/uri-template/index.js";
import { RFC_VARIABLES } from "./helpers/rfc6570-variables.js";

const variables = RFC_VARIABLES;

function table(rows: [string, string][]): [string, string][] {
  const templates = rows.map(([template]) => template);
  if (new Set(templates).size !== templates.length) throw new Error("duplicate row in a table");
  return rows;
}

function expand(template: string, values: Record<string, unknown> = variables): string {
  return parseTemplate(template).expand(values);
}

describe("RFC 6570 §1.1 Overview", () => {
  it.each(
    table([
      ["http://example.com/~{username}/", "http://example.com/~fred/"],
      ["http://example.com/dictionary/{term:1}/{term}", "http://example.com/dictionary/c/cat"],
      ["http://example.com/search{?q,lang}", "http://example.com/search?q=cat&lang=en"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template, { username: "fred", term: "cat", q: "cat", lang: "en" })).toBe(expected);
  });

  it.each([
    [{ query: "mycelium", number: 100 }, "http://www.example.com/foo?query=mycelium&number=100"],
    [{ number: 100 }, "http://www.example.com/foo?number=100"],
    [{}, "http://www.example.com/foo"],
  ])("http://www.example.com/foo{?query,number} with %j → %s", (values, expected) => {
    expect(expand("http://www.example.com/foo{?query,number}", values)).toBe(expected);
  });
});

describe("RFC 6570 §1.2 Level 1", () => {
  it.each(
    table([
      ["{var}", "value"],
      ["{hello}", "Hello%20World%21"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});

describe("RFC 6570 §1.2 Level 2", () => {
  it.each(
    table([
      ["{+var}", "value"],
      ["{+hello}", "Hello%20World!"],
      ["{+path}/here", "/foo/bar/here"],
      ["here?ref={+path}", "here?ref=/foo/bar"],
      ["X{#var}", "X#value"],
      ["X{#hello}", "X#Hello%20World!"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});

describe("RFC 6570 §1.2 Level 3", () => {
  it.each(
    table([
      ["map?{x,y}", "map?1024,768"],
      ["{x,hello,y}", "1024,Hello%20World%21,768"],
      ["{+x,hello,y}", "1024,Hello%20World!,768"],
      ["{+path,x}/here", "/foo/bar,1024/here"],
      ["{#x,hello,y}", "#1024,Hello%20World!,768"],
      ["{#path,x}/here", "#/foo/bar,1024/here"],
      ["X{.var}", "X.value"],
      ["X{.x,y}", "X.1024.768"],
      ["{/var}", "/value"],
      ["{/var,x}/here", "/value/1024/here"],
      ["{;x,y}", ";x=1024;y=768"],
      ["{;x,y,empty}", ";x=1024;y=768;empty"],
      ["{?x,y}", "?x=1024&y=768"],
      ["{?x,y,empty}", "?x=1024&y=768&empty="],
      ["?fixed=yes{&x}", "?fixed=yes&x=1024"],
      ["{&x,y,empty}", "&x=1024&y=768&empty="],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});

describe("RFC 6570 §1.2 Level 4", () => {
  it.each(
    table([
      ["{var:3}", "val"],
      ["{var:30}", "value"],
      ["{list}", "red,green,blue"],
      ["{list*}", "red,green,blue"],
      ["{keys}", "semi,%3B,dot,.,comma,%2C"],
      ["{keys*}", "semi=%3B,dot=.,comma=%2C"],
      ["{+path:6}/here", "/foo/b/here"],
      ["{+list}", "red,green,blue"],
      ["{+list*}", "red,green,blue"],
      ["{+keys}", "semi,;,dot,.,comma,,"],
      ["{+keys*}", "semi=;,dot=.,comma=,"],
      ["{#path:6}/here", "#/foo/b/here"],
      ["{#list}", "#red,green,blue"],
      ["{#list*}", "#red,green,blue"],
      ["{#keys}", "#semi,;,dot,.,comma,,"],
      ["{#keys*}", "#semi=;,dot=.,comma=,"],
      ["X{.var:3}", "X.val"],
      ["X{.list}", "X.red,green,blue"],
      ["X{.list*}", "X.red.green.blue"],
      ["X{.keys}", "X.semi,%3B,dot,.,comma,%2C"],
      ["X{.keys*}", "X.semi=%3B.dot=..comma=%2C"],
      ["{/var:1,var}", "/v/value"],
      ["{/list}", "/red,green,blue"],
      ["{/list*}", "/red/green/blue"],
      ["{/list*,path:4}", "/red/green/blue/%2Ffoo"],
      ["{/keys}", "/semi,%3B,dot,.,comma,%2C"],
      ["{/keys*}", "/semi=%3B/dot=./comma=%2C"],
      ["{;hello:5}", ";hello=Hello"],
      ["{;list}", ";list=red,green,blue"],
      ["{;list*}", ";list=red;list=green;list=blue"],
      ["{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"],
      ["{;keys*}", ";semi=%3B;dot=.;comma=%2C"],
      ["{?var:3}", "?var=val"],
      ["{?list}", "?list=red,green,blue"],
      ["{?list*}", "?list=red&list=green&list=blue"],
      ["{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"],
      ["{?keys*}", "?semi=%3B&dot=.&comma=%2C"],
      ["{&var:3}", "&var=val"],
      ["{&list}", "&list=red,green,blue"],
      ["{&list*}", "&list=red&list=green&list=blue"],
      ["{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"],
      ["{&keys*}", "&semi=%3B&dot=.&comma=%2C"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});

describe("RFC 6570 §2.4.1 Prefix Values", () => {
  it.each(
    table([
      ["{var}", "value"],
      ["{var:20}", "value"],
      ["{var:3}", "val"],
      ["{semi}", "%3B"],
      ["{semi:2}", "%3B"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template, { var: "value", semi: ";" })).toBe(expected);
  });
});

describe("RFC 6570 §2.4.2 Composite Values", () => {
  const composite = {
    address: { city: "Newport Beach", state: "CA" },
    year: ["1965", "2000", "2012"],
    dom: ["example", "com"],
  };
  it.each(
    table([
      ["/mapper{?address*}", "/mapper?city=Newport%20Beach&state=CA"],
      ["find{?year*}", "find?year=1965&year=2000&year=2012"],
      ["www{.dom*}", "www.example.com"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template, composite)).toBe(expected);
  });
});

describe("RFC 6570 §3.2.1 Variable Expansion", () => {
  it.each(
    table([
      ["{count}", "one,two,three"],
      ["{count*}", "one,two,three"],
      ["{/count}", "/one,two,three"],
      ["{/count*}", "/one/two/three"],
      ["{;count}", ";count=one,two,three"],
      ["{;count*}", ";count=one;count=two;count=three"],
      ["{?count}", "?count=one,two,three"],
      ["{?count*}", "?count=one&count=two&count=three"],
      ["{&count*}", "&count=one&count=two&count=three"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});

describe("RFC 6570 §3.2.2 Simple String Expansion: {var}", () => {
  it.each(
    table([
      ["{var}", "value"],
      ["{hello}", "Hello%20World%21"],
      ["{half}", "50%25"],
      ["O{empty}X", "OX"],
      ["O{undef}X", "OX"],
      ["{x,y}", "1024,768"],
      ["{x,hello,y}", "1024,Hello%20World%21,768"],
      ["?{x,empty}", "?1024,"],
      ["?{x,undef}", "?1024"],
      ["?{undef,y}", "?768"],
      ["{var:3}", "val"],
      ["{var:30}", "value"],
      ["{list}", "red,green,blue"],
      ["{list*}", "red,green,blue"],
      ["{keys}", "semi,%3B,dot,.,comma,%2C"],
      ["{keys*}", "semi=%3B,dot=.,comma=%2C"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});

describe("RFC 6570 §3.2.3 Reserved Expansion: {+var}", () => {
  it.each(
    table([
      ["{+var}", "value"],
      ["{+hello}", "Hello%20World!"],
      ["{+half}", "50%25"],
      ["{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"],
      ["{+base}index", "http://example.com/home/index"],
      ["O{+empty}X", "OX"],
      ["O{+undef}X", "OX"],
      ["{+path}/here", "/foo/bar/here"],
      ["here?ref={+path}", "here?ref=/foo/bar"],
      ["up{+path}{var}/here", "up/foo/barvalue/here"],
      ["{+x,hello,y}", "1024,Hello%20World!,768"],
      ["{+path,x}/here", "/foo/bar,1024/here"],
      ["{+path:6}/here", "/foo/b/here"],
      ["{+list}", "red,green,blue"],
      ["{+list*}", "red,green,blue"],
      ["{+keys}", "semi,;,dot,.,comma,,"],
      ["{+keys*}", "semi=;,dot=.,comma=,"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});

describe("RFC 6570 §3.2.4 Fragment Expansion: {#var}", () => {
  it.each(
    table([
      ["{#var}", "#value"],
      ["{#hello}", "#Hello%20World!"],
      ["{#half}", "#50%25"],
      ["foo{#empty}", "foo#"],
      ["foo{#undef}", "foo"],
      ["{#x,hello,y}", "#1024,Hello%20World!,768"],
      ["{#path,x}/here", "#/foo/bar,1024/here"],
      ["{#path:6}/here", "#/foo/b/here"],
      ["{#list}", "#red,green,blue"],
      ["{#list*}", "#red,green,blue"],
      ["{#keys}", "#semi,;,dot,.,comma,,"],
      ["{#keys*}", "#semi=;,dot=.,comma=,"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});

describe("RFC 6570 §3.2.5 Label Expansion with Dot-Prefix: {.var}", () => {
  it.each(
    table([
      ["{.who}", ".fred"],
      ["{.who,who}", ".fred.fred"],
      ["{.half,who}", ".50%25.fred"],
      ["www{.dom*}", "www.example.com"],
      ["X{.var}", "X.value"],
      ["X{.empty}", "X."],
      ["X{.undef}", "X"],
      ["X{.var:3}", "X.val"],
      ["X{.list}", "X.red,green,blue"],
      ["X{.list*}", "X.red.green.blue"],
      ["X{.keys}", "X.semi,%3B,dot,.,comma,%2C"],
      ["X{.keys*}", "X.semi=%3B.dot=..comma=%2C"],
      ["X{.empty_keys}", "X"],
      ["X{.empty_keys*}", "X"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});

describe("RFC 6570 §3.2.6 Path Segment Expansion: {/var}", () => {
  it.each(
    table([
      ["{/who}", "/fred"],
      ["{/who,who}", "/fred/fred"],
      ["{/half,who}", "/50%25/fred"],
      ["{/who,dub}", "/fred/me%2Ftoo"],
      ["{/var}", "/value"],
      ["{/var,empty}", "/value/"],
      ["{/var,undef}", "/value"],
      ["{/var,x}/here", "/value/1024/here"],
      ["{/var:1,var}", "/v/value"],
      ["{/list}", "/red,green,blue"],
      ["{/list*}", "/red/green/blue"],
      ["{/list*,path:4}", "/red/green/blue/%2Ffoo"],
      ["{/keys}", "/semi,%3B,dot,.,comma,%2C"],
      ["{/keys*}", "/semi=%3B/dot=./comma=%2C"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});

describe("RFC 6570 §3.2.7 Path-Style Parameter Expansion: {;var}", () => {
  it.each(
    table([
      ["{;who}", ";who=fred"],
      ["{;half}", ";half=50%25"],
      ["{;empty}", ";empty"],
      ["{;v,empty,who}", ";v=6;empty;who=fred"],
      ["{;v,bar,who}", ";v=6;who=fred"],
      ["{;x,y}", ";x=1024;y=768"],
      ["{;x,y,empty}", ";x=1024;y=768;empty"],
      ["{;x,y,undef}", ";x=1024;y=768"],
      ["{;hello:5}", ";hello=Hello"],
      ["{;list}", ";list=red,green,blue"],
      ["{;list*}", ";list=red;list=green;list=blue"],
      ["{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"],
      ["{;keys*}", ";semi=%3B;dot=.;comma=%2C"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});

describe("RFC 6570 §3.2.8 Form-Style Query Expansion: {?var}", () => {
  it.each(
    table([
      ["{?who}", "?who=fred"],
      ["{?half}", "?half=50%25"],
      ["{?x,y}", "?x=1024&y=768"],
      ["{?x,y,empty}", "?x=1024&y=768&empty="],
      ["{?x,y,undef}", "?x=1024&y=768"],
      ["{?var:3}", "?var=val"],
      ["{?list}", "?list=red,green,blue"],
      ["{?list*}", "?list=red&list=green&list=blue"],
      ["{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"],
      ["{?keys*}", "?semi=%3B&dot=.&comma=%2C"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});

describe("RFC 6570 §3.2.9 Form-Style Query Continuation: {&var}", () => {
  it.each(
    table([
      ["{&who}", "&who=fred"],
      ["{&half}", "&half=50%25"],
      ["?fixed=yes{&x}", "?fixed=yes&x=1024"],
      ["{&x,y,empty}", "&x=1024&y=768&empty="],
      ["{&x,y,undef}", "&x=1024&y=768"],
      ["{&var:3}", "&var=val"],
      ["{&list}", "&list=red,green,blue"],
      ["{&list*}", "&list=red&list=green&list=blue"],
      ["{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"],
      ["{&keys*}", "&semi=%3B&dot=.&comma=%2C"],
    ]),
  )("%s → %s", (template, expected) => {
    expect(expand(template)).toBe(expected);
  });
});
