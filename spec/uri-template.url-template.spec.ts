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
];
const templates = [
  ...operators.flatMap((operator) => varspecs.map((varspec) => `X{${operator}${varspec}}`)),
  "/repos/{owner}/{repo}/issues{?state,labels,per_page}",
  "{+base}{/count*}{?keys*}{#hello}",
];

// Where url-template is wrong: RFC 6570 §2.3 makes an empty object undefined, so named operators
// write nothing; url-template writes the name.
const urlTemplateWrong = new Map([
  ["X{;empty_keys}", "X"],
  ["X{?empty_keys}", "X"],
  ["X{&empty_keys}", "X"],
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
    "%s: url-template gives %s, RFC 6570 §2.3 says otherwise",
    (template, output) => {
      const ours = parseTemplate(template).expand(variables);
      expect(ours).toBe(urlTemplateWrong.get(template));
      expect(ours).not.toBe(output);
    },
  );
});
