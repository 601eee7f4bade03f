// Our engine agrees with url-template (the devDependency baseline) on valid templates where
// url-template is right. url-template is ESM only and jest runs CommonJS, so a child Node process
// computes its expansions.
import { execFileSync } from "node:child_process";
import { parseTemplate } from "../lib/uri-template/index.js";
import { RFC_VARIABLES } from "./helpers/rfc6570-variables.js";

const variables: Record<string, unknown> = {
  ...RFC_VARIABLES,
  unicode: "Grüße, 東京 & ü",
  n: 42,
  flag: true,
  // Values where url-template and RFC 6570 part (see urlTemplateWrong)
  empty_list: [],
  nulls: [null, null],
  blank_items: ["", "x"],
  blank_member: { a: "", b: "x" },
  empty_key: { "": "v" },
  slash_key: { "a/b": "c" },
};

const operators = ["", "+", "#", ".", "/", ";", "?", "&"];
const varspecs = [
  "var",
  "hello",
  "half",
  "dub",
  "empty",
  "undef",
  "list",
  "list*",
  "keys",
  "keys*",
  "unicode",
  "n",
  "flag",
  "var:3",
  "unicode:4",
  "x,y",
  "x,empty,undef,y",
  "empty_keys",
  "count*,dub",
  "empty_list",
  "nulls",
  "blank_items*",
  "blank_member*",
  "empty_key*",
  "slash_key",
  "slash_key*",
];
const templates = [
  ...operators.flatMap((operator) => varspecs.map((varspec) => `X{${operator}${varspec}}`)),
  "/repos/{owner}/{repo}/issues{?state,labels,per_page}",
  "{+base}{/count*}{?keys*}{#hello}",
];

// Where url-template is wrong (docs/uri-templates.md, "Where url-template differs"):
const urlTemplateWrong = new Map([
  // RFC 6570 §2.3: an empty list or object, or one whose members are all null, is undefined, so
  // named operators write nothing; url-template writes the name.
  ["X{;empty_keys}", "X"],
  ["X{?empty_keys}", "X"],
  ["X{&empty_keys}", "X"],
  ["X{;empty_list}", "X"],
  ["X{?empty_list}", "X"],
  ["X{&empty_list}", "X"],
  ["X{;nulls}", "X"],
  ["X{?nulls}", "X"],
  ["X{&nulls}", "X"],
  // Appendix A, explode with a named operator: an empty member is written with ifemp, which is ""
  // for ";"; url-template writes "=".
  ["X{;blank_items*}", "X;blank_items;blank_items=x"],
  ["X{;blank_member*}", "X;a;b=x"],
  // Appendix A, an exploded pair is written "name=value" whatever its name; url-template leaves out
  // "=" after an empty name.
  ["X{empty_key*}", "X=v"],
  ["X{+empty_key*}", "X=v"],
  ["X{#empty_key*}", "X#=v"],
  ["X{.empty_key*}", "X.=v"],
  ["X{/empty_key*}", "X/=v"],
  ["X{;empty_key*}", "X;=v"],
  ["X{?empty_key*}", "X?=v"],
  ["X{&empty_key*}", "X&=v"],
  // §3.2.3, §3.2.4: "+" and "#" keep reserved characters in a pair's name as in its value;
  // url-template encodes names with the unreserved set.
  ["X{+slash_key}", "Xa/b,c"],
  ["X{+slash_key*}", "Xa/b=c"],
  ["X{#slash_key}", "X#a/b,c"],
  ["X{#slash_key*}", "X#a/b=c"],
]);

const script = `
import { parseTemplate } from "url-template";
const [templates, variables] = JSON.parse(process.argv[1]);
process.stdout.write(JSON.stringify(templates.map((t) => parseTemplate(t).expand(variables))));
`;

describe("comparison with url-template", () => {
  const expected = JSON.parse(
    execFileSync(
      process.execPath,
      ["--input-type=module", "-e", script, JSON.stringify([templates, variables])],
      {
        cwd: process.cwd(),
        encoding: "utf8",
      },
    ),
  ) as string[];

  const rows = templates.map((template, index) => [template, expected[index]!] as const);

  it.each(rows.filter(([template]) => !urlTemplateWrong.has(template)))("%s → %s", (template, output) => {
    expect(parseTemplate(template).expand(variables)).toBe(output);
  });

  it.each(rows.filter(([template]) => urlTemplateWrong.has(template)))(
    "%s: url-template gives %s, RFC 6570 says otherwise",
    (template, output) => {
      const ours = parseTemplate(template).expand(variables);
      expect(ours).toBe(urlTemplateWrong.get(template));
      expect(ours).not.toBe(output);
    },
  );
});
