// The public RFC 6570 conformance suites, copied into spec/fixtures/rfc6570-suites/ with their
// licences (its README names each source). uritemplate-test must pass in full, 270 cases; the other
// public suites pass too, except for the few cases listed in DEVIATIONS, where the suite and the
// RFC disagree and the engine follows the RFC (docs/uri-templates.md, "Conformance").
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseTemplate } from "../lib/uri-template/index.js";
import { thrown } from "./helpers/thrown.js";

const SUITES = resolve(__dirname, "fixtures/rfc6570-suites");

// A missing folder is a broken checkout, not a reason to skip: the suite must run everywhere.
function readSuite(relativePath: string): unknown {
  const file = resolve(SUITES, relativePath);
  if (!existsSync(file)) {
    throw new Error(
      `RFC 6570 suite file ${relativePath} not found in ${SUITES}: the fixtures are part of the repository; restore them with git`,
    );
  }
  return JSON.parse(readFileSync(file, "utf8"));
}

/** `expected`: one expansion, a list of acceptable ones (object key order), or `false` (must fail). */
type Expected = string | string[] | false;

interface SuiteCase {
  readonly file: string;
  readonly group: string;
  readonly template: string;
  readonly variables: Record<string, unknown>;
  readonly expected: Expected;
}

interface SuiteGroup {
  variables: Record<string, unknown>;
  testcases: [string, Expected][];
}

/** Every case of a uritemplate-test style file: `{ group: { variables, testcases } }`. */
function casesOf(file: string): SuiteCase[] {
  const groups = readSuite(file) as Record<string, SuiteGroup>;
  return Object.entries(groups).flatMap(([group, { variables, testcases }]) =>
    testcases.map(([template, expected]) => ({ file, group, template, variables, expected })),
  );
}

/** `"{var}" → "value"`, the template first so that a row reads like the suite. */
function title(c: SuiteCase): string {
  const what = c.expected === false ? "fails" : `→ ${JSON.stringify(c.expected)}`;
  return `${JSON.stringify(c.template)} ${what} (${c.file}, ${c.group})`;
}

function expandCase(c: SuiteCase): string {
  return parseTemplate(c.template).expand(c.variables);
}

function expectExpansion(c: SuiteCase, expected: string | string[]): void {
  const actual = expandCase(c);
  if (typeof expected === "string") expect(actual).toBe(expected);
  else expect(expected).toContain(actual);
}

const OFFICIAL = [
  "uritemplate-test/spec-examples.json",
  "uritemplate-test/spec-examples-by-section.json",
  "uritemplate-test/extended-tests.json",
  "uritemplate-test/negative-tests.json",
];
const official = OFFICIAL.flatMap(casesOf);

// The exact error of every negative case. All are template errors: the two that fail only at
// expansion put a prefix on an object value, which RFC 6570 §2.4.1 forbids in the template.
const NEGATIVE_MESSAGES: Record<string, string> = {
  "{/id*": "unclosed expression at offset 0",
  "/id*}": 'stray "}" at offset 4',
  "{/?id}": 'invalid character "?" in variable name at offset 2',
  "{var:prefix}": "prefix length must be an integer from 1 to 9999 at offset 5",
  "{hello:2*}": "prefix and explode modifiers together at offset 8",
  "{??hello}": 'invalid character "?" in variable name at offset 2',
  "{!hello}": 'reserved operator "!" at offset 1',
  "{with space}": 'invalid character " " (U+0020) in variable name at offset 5',
  "{ leading_space}": 'invalid character " " (U+0020) in variable name at offset 1',
  "{trailing_space }": 'invalid character " " (U+0020) in variable name at offset 15',
  "{=path}": 'reserved operator "=" at offset 1',
  "{$var}": 'invalid character "$" in variable name at offset 1',
  "{|var*}": 'reserved operator "|" at offset 1',
  "{*keys?}": 'invalid character "*" in variable name at offset 1',
  "{?empty=default,var}": 'invalid character "=" in variable name at offset 7',
  "{var}{-prefix|/-/|var}": 'invalid character "-" in variable name at offset 6',
  "?q={searchTerms}&amp;c={example:color?}": "prefix length must be an integer from 1 to 9999 at offset 32",
  "x{?empty|foo=none}": 'invalid character "|" in variable name at offset 8',
  "/h{#hello+}": 'invalid character "+" in variable name at offset 9',
  "/h#{hello+}": 'invalid character "+" in variable name at offset 9',
  "{keys:1}": 'prefix modifier ":1" on the object value of "keys" at offset 1',
  "{+keys:1}": 'prefix modifier ":1" on the object value of "keys" at offset 2',
  "{;keys:1*}": "prefix and explode modifiers together at offset 8",
  "?{-join|&|var,list}": 'invalid character "-" in variable name at offset 2',
  "/people/{~thing}": 'invalid character "~" in variable name at offset 9',
  "/{default-graph-uri}": 'invalid character "-" in variable name at offset 9',
  "/sparql{?query,default-graph-uri}": 'invalid character "-" in variable name at offset 22',
  "/sparql{?query){&default-graph-uri*}": 'invalid character ")" in variable name at offset 14',
  "/resolution{?x, y}": 'invalid character " " (U+0020) in variable name at offset 15',
  "{var:0}": "prefix length must be an integer from 1 to 9999 at offset 5",
  "{var:01}": "prefix length must be an integer from 1 to 9999 at offset 5",
  "{var:10000}": "prefix length must be an integer from 1 to 9999 at offset 5",
  "{var:}": "prefix length must be an integer from 1 to 9999 at offset 5",
  "{x.}": 'invalid character "." in variable name at offset 2',
  "{x..y}": 'invalid character "." in variable name at offset 2',
  "{%2x}": "invalid percent-encoding in variable name at offset 1",
};

describe("uritemplate-test (github.com/uri-templates/uritemplate-test)", () => {
  it("has all 270 cases: 64 spec examples, 117 by section, 53 extended, 36 negative", () => {
    const count = (file: string): number => official.filter((c) => c.file === file).length;
    expect(OFFICIAL.map(count)).toEqual([64, 117, 53, 36]);
    expect(official).toHaveLength(270);
  });

  it("names one message for every negative case and no other", () => {
    const negatives = official.filter((c) => c.expected === false).map((c) => c.template);
    expect(negatives).toHaveLength(36);
    expect(new Set(negatives)).toEqual(new Set(Object.keys(NEGATIVE_MESSAGES)));
  });

  it.each(official.map((c) => [title(c), c] as const))("%s", (_title, c) => {
    if (c.expected !== false) {
      expectExpansion(c, c.expected);
      return;
    }
    const error = thrown(() => expandCase(c));
    expect(error).toMatchObject({
      code: "ERR_INVALID_TEMPLATE",
      message: `Invalid URI template ${JSON.stringify(c.template)}: ${NEGATIVE_MESSAGES[c.template]}`,
    });
  });

  // RFC 6570 erratum 6937: "'" (%x27) is a literal; the suite's two cases of it are above.
  it("expands \"'{var}'\" to \"'value'\" (erratum 6937)", () => {
    expect(parseTemplate("'{var}'").expand({ var: "value" })).toBe("'value'");
  });
});

// Further public suites of RFC 6570 implementations, in the same format (file → its case count).
const MORE: Record<string, number> = {
  "more/grzm-uri-template/extra-examples.json": 22,
  "more/guzzle-uri-template/template-provider.json": 75,
  "more/std-uritemplate/edge-cases.json": 11,
  "more/uri-template-lite/custom-examples.json": 8,
  "more/uritemplate-js/own-testcases.json": 29,
};
const more = Object.keys(MORE).flatMap(casesOf);

/**
 * Where a suite expects what RFC 6570 forbids, keyed by file and template: the engine follows the
 * RFC's grammar and §3 ("a template processor … SHOULD indicate the location and type of error")
 * and throws this ERR_INVALID_TEMPLATE message instead.
 */
const DEVIATIONS: Record<string, string> = {
  // §2.1: "%" in a literal only starts a pct-encoded triplet; the suite pct-encodes a bare one.
  "more/grzm-uri-template/extra-examples.json 50%more": "invalid percent-encoding at offset 2",
  // §2.3: varchar is ALPHA / DIGIT / "_" / pct-encoded; "-" is not one (uritemplate-test's own
  // negative cases "{default-graph-uri}" and "{var}{-prefix|/-/|var}" agree).
  "more/uri-template-lite/custom-examples.json http://example.com/item{;sub}{/da-sh}{?var}":
    'invalid character "-" in variable name at offset 33',
  "more/uri-template-lite/custom-examples.json http://example.com/{?da-sh}":
    'invalid character "-" in variable name at offset 23',
  // §2.1: "^", "|", "\\" and bare braces are not literals (the first of them is at offset 19).
  "more/uri-template-lite/custom-examples.json http://example..*+?^=!:${}()|[]/\\/{?re}":
    'invalid literal character "^" at offset 19',
};

const deviationKey = (c: SuiteCase): string => `${c.file} ${c.template}`;

// The exact error of every case these suites expect to fail (they agree with the RFC on all).
const MORE_NEGATIVE_MESSAGES: Record<string, string> = {
  "more/grzm-uri-template/extra-examples.json {foo:}":
    "prefix length must be an integer from 1 to 9999 at offset 5",
  "more/grzm-uri-template/extra-examples.json {foo:0}":
    "prefix length must be an integer from 1 to 9999 at offset 5",
  "more/grzm-uri-template/extra-examples.json {foo:10000}":
    "prefix length must be an integer from 1 to 9999 at offset 5",
  "more/uritemplate-js/own-testcases.json {?.dot}": 'invalid character "." in variable name at offset 2',
  "more/uritemplate-js/own-testcases.json {a,.b}": 'invalid character "." in variable name at offset 3',
  "more/uritemplate-js/own-testcases.json {text:0}":
    "prefix length must be an integer from 1 to 9999 at offset 6",
  "more/uritemplate-js/own-testcases.json {text:08}":
    "prefix length must be an integer from 1 to 9999 at offset 6",
  "more/uritemplate-js/own-testcases.json {text:10000}":
    "prefix length must be an integer from 1 to 9999 at offset 6",
  "more/uritemplate-js/own-testcases.json {text:1.0}": 'invalid character "." after a modifier at offset 7',
  "more/uritemplate-js/own-testcases.json {text:1e+2}": 'invalid character "e" after a modifier at offset 7',
  "more/uritemplate-js/own-testcases.json {text:9876543210987654321098765432109876543210}":
    "prefix length must be an integer from 1 to 9999 at offset 6",
  "more/uritemplate-js/own-testcases.json {filledObject:1}":
    'prefix modifier ":1" on the object value of "filledObject" at offset 1',
  "more/uritemplate-js/own-testcases.json {filledArr:1}":
    'prefix modifier ":1" on the list value of "filledArr" at offset 1',
  "more/uritemplate-js/own-testcases.json {text:1:1}": 'invalid character ":" after a modifier at offset 7',
  "more/uritemplate-js/own-testcases.json {?*}": 'invalid character "*" in variable name at offset 2',
  "more/uritemplate-js/own-testcases.json {?:1}": 'invalid character ":" in variable name at offset 2',
  "more/uritemplate-js/own-testcases.json {?a,:1}": 'invalid character ":" in variable name at offset 4',
  "more/uritemplate-js/own-testcases.json {*}": 'invalid character "*" in variable name at offset 1',
  "more/uritemplate-js/own-testcases.json {text**}": 'invalid character "*" after a modifier at offset 6',
  "more/uritemplate-js/own-testcases.json {text:1*}": "prefix and explode modifiers together at offset 7",
  "more/uritemplate-js/own-testcases.json {text*:1}": "prefix and explode modifiers together at offset 6",
};

describe("other public RFC 6570 suites", () => {
  it("has every case of every file", () => {
    for (const [file, count] of Object.entries(MORE)) {
      expect([file, more.filter((c) => c.file === file).length]).toEqual([file, count]);
    }
    expect(more).toHaveLength(145);
  });

  it("lists only deviations that are cases of the suites", () => {
    const keys = new Set(more.map(deviationKey));
    expect(Object.keys(DEVIATIONS).filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(more.filter((c) => !(deviationKey(c) in DEVIATIONS)).map((c) => [title(c), c] as const))(
    "%s",
    (_title, c) => {
      if (c.expected !== false) {
        expectExpansion(c, c.expected);
        return;
      }
      expect(thrown(() => expandCase(c))).toMatchObject({
        code: "ERR_INVALID_TEMPLATE",
        message: `Invalid URI template ${JSON.stringify(c.template)}: ${MORE_NEGATIVE_MESSAGES[deviationKey(c)]}`,
      });
    },
  );

  it("names one message for every negative case and no other", () => {
    const negatives = more.filter((c) => c.expected === false).map(deviationKey);
    expect(new Set(negatives)).toEqual(new Set(Object.keys(MORE_NEGATIVE_MESSAGES)));
  });

  it.each(more.filter((c) => deviationKey(c) in DEVIATIONS).map((c) => [title(c), c] as const))(
    "%s: RFC 6570 rejects it instead",
    (_title, c) => {
      expect(thrown(() => expandCase(c))).toMatchObject({
        code: "ERR_INVALID_TEMPLATE",
        message: `Invalid URI template ${JSON.stringify(c.template)}: ${DEVIATIONS[deviationKey(c)]}`,
      });
    },
  );
});

interface SchemaTest {
  description: string;
  data: unknown;
  valid: boolean;
}

// JSON-Schema-Test-Suite's `format: uri-template` cases say which strings are templates. Its six
// non-string rows test that a JSON Schema validator ignores non-strings, which is not a question
// for a template parser, so only the strings are used.
const schemaTests = (readSuite("more/json-schema-test-suite/uri-template.json") as { tests: SchemaTest[] }[])
  .flatMap((group) => group.tests)
  .filter((test) => typeof test.data === "string");

// Its invalid strings, by description, with the exact error.
const SCHEMA_INVALID_MESSAGES: Record<string, string> = {
  "an invalid uri-template": "unclosed expression at offset 39",
  "an empty expression is invalid": "empty expression at offset 0",
  "an empty varspec inside the variable list is invalid": "missing variable name at offset 3",
  "a zero prefix max-length is invalid": "prefix length must be an integer from 1 to 9999 at offset 3",
  "a five-digit prefix max-length is invalid": "prefix length must be an integer from 1 to 9999 at offset 3",
  "an unmatched closing brace is invalid": 'stray "}" at offset 3',
  "a double dot in a variable name is invalid": 'invalid character "." in variable name at offset 2',
  "a leading zero in the prefix max-length is invalid":
    "prefix length must be an integer from 1 to 9999 at offset 3",
  "a space in a literal is invalid": 'invalid literal character " " (U+0020) at offset 1',
  "a delete character in a literal is invalid": 'invalid literal character "\\u007F" (U+007F) at offset 1',
  "a trailing comma in the variable list is invalid": "missing variable name at offset 3",
  "a default value in a varspec is invalid": 'invalid character "=" in variable name at offset 4',
  "an operator in place of the first varspec is invalid": 'reserved operator "," at offset 1',
};

describe("JSON-Schema-Test-Suite format uri-template", () => {
  it("has 32 template strings, 13 of them invalid, each with its message", () => {
    expect(schemaTests).toHaveLength(32);
    const invalid = schemaTests.filter((test) => !test.valid).map((test) => test.description);
    expect(invalid).toHaveLength(13);
    expect(new Set(invalid)).toEqual(new Set(Object.keys(SCHEMA_INVALID_MESSAGES)));
  });

  it.each(schemaTests.map((test) => [JSON.stringify(test.data), test] as const))(
    "%s (%#)",
    (_title, test) => {
      const template = test.data as string;
      if (test.valid) {
        expect(parseTemplate(template).template).toBe(template);
      } else {
        expect(thrown(() => parseTemplate(template))).toMatchObject({
          code: "ERR_INVALID_TEMPLATE",
          // (A message escapes DEL, which JSON leaves as it is.)
          message: `Invalid URI template ${JSON.stringify(template).replaceAll("\u007f", "\\u007F")}: ${SCHEMA_INVALID_MESSAGES[test.description]}`,
        });
      }
    },
  );
});
