// Laws of routeMatcher on random routes and values (fast-check, seeded: the same cases on every run).
import fc from "fast-check";
import { createRequire } from "node:module";
import { endpoint, routeMatcher } from "../lib/index.js";

const settings = { seed: 36, numRuns: 400 };

/** What a generated variable takes: a scalar, a list (exploded), and whether it may be missing. */
interface VariableSpec {
  readonly name: string;
  readonly list: boolean;
  readonly optional: boolean;
  /** `{+x}` and `{#x}`: "?" and "#" in a value of the path would start the query or the fragment. */
  readonly operator: string;
}

interface GeneratedRoute {
  readonly route: string;
  readonly method: string;
  readonly variables: readonly VariableSpec[];
}

const word = fc.stringMatching(/^[a-z]{1,4}$/);

/**
 * A random route over every operator: path segments (literal, `{x}`, `:x`, `{x}.ext`, `pre-{x}`,
 * `{x,y}`, `{x}{.y}`, `{x}{;y}`), then maybe an end that spans segments (`{/x*}`, `{/x}`,
 * `/{+x}`), a query (`{?a,b*}`, or `?fixed=1{&c}`) and a fragment (`{#f}`).
 */
const routes: fc.Arbitrary<GeneratedRoute> = fc
  .record({
    method: fc.constantFrom("GET", "HEAD", "POST", "DELETE"),
    // At least one: a template without a path writes the base url with "/" or without (endpoint()
    // adds one before a query only), which both read as "/".
    segments: fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), word), { minLength: 1, maxLength: 4 }),
    end: fc.integer({ min: 0, max: 3 }),
    query: fc.integer({ min: 0, max: 2 }),
    fragment: fc.boolean(),
  })
  .map(({ method, segments, end, query, fragment }) => {
    const variables: VariableSpec[] = [];
    const v = (operator: string, list = false, optional = false) => {
      const name = `v${variables.length}`;
      variables.push({ name, list, optional, operator });
      return name;
    };
    let path = "";
    for (const [kind, text] of segments) {
      path += "/";
      switch (kind) {
        case 0:
        case 1:
          path += text;
          break;
        case 2:
          path += `{${v("")}}`;
          break;
        case 3:
          path += `:${v("")}`;
          break;
        case 4:
          path += `{${v("")}}.${text}`;
          break;
        case 5:
          path += `${text}-{${v("")}}`;
          break;
        case 6:
          path += `{${v("")},${v("")}}`;
          break;
        default:
          path += `{${v("")}}{${text.length % 2 ? "." : ";"}${v(text.length % 2 ? "." : ";", false, true)}}`;
      }
    }
    if (end === 1) path += `{/${v("/", true, true)}*}`;
    if (end === 2) path += `{/${v("/", false, true)}}`;
    if (end === 3) path += `/{+${v("+")}}`;
    if (query === 1) path += `{?${v("?", false, true)},${v("?", true, true)}*}`;
    // (`{&c}` after a `{?…}` that wrote nothing writes "&c=" into the path, as RFC 6570 says.)
    if (query === 2) path += `?fixed=1{&${v("&", false, true)}}`;
    if (fragment) path += `{#${v("#", false, true)}}`;
    return { route: `${method} ${path === "" ? "/" : path}`, method, variables };
  });

const character = fc.constantFrom(
  "a",
  "Z",
  "0",
  "-",
  ".",
  "_",
  "~",
  "/",
  ",",
  "%",
  " ",
  "é",
  "✓",
  ";",
  "=",
  "&",
  "?",
  "#",
  "+",
  ":",
  "@",
  "%41",
  "%2F",
);
const text = fc.array(character, { maxLength: 5 }).map((characters) => characters.join(""));

/** Parameters endpoint() takes for a route: strings, lists of strings for exploded ones, extras for GET. */
function parametersFor({ variables, method }: GeneratedRoute): fc.Arbitrary<Record<string, unknown>> {
  const entries = variables.map((variable) => {
    let value: fc.Arbitrary<unknown> = variable.list ? fc.array(text, { maxLength: 3 }) : text;
    // A "?" or "#" that `{+x}` writes into the path starts the query or fragment of the url.
    if (variable.operator === "+") value = text.filter((t) => !/[?#]/.test(t));
    return fc.tuple(
      fc.constant(variable.name),
      variable.optional ? fc.option(value, { nil: undefined }) : value,
    );
  });
  const extras =
    method === "GET" || method === "HEAD"
      ? fc.dictionary(fc.constantFrom("e0", "e1", "q[]"), text, { maxKeys: 2 })
      : fc.constant({});
  return fc.tuple(fc.tuple(...entries), extras).map(([pairs, extra]) => {
    const parameters: Record<string, unknown> = { ...extra };
    for (const [name, value] of pairs) if (value !== undefined) parameters[name] = value;
    return parameters;
  });
}

/** The url endpoint() builds, or `undefined` when it refuses the parameters (a dot segment, an empty segment). */
function built(
  route: string,
  parameters: Record<string, unknown>,
): { method: string; url: string } | undefined {
  try {
    return endpoint(route, parameters);
  } catch {
    return undefined;
  }
}

const cases = routes.chain((route) => fc.tuple(fc.constant(route), parametersFor(route)));

describe("the round trip", () => {
  it("matching endpoint(r, p) gives r and parameters that build the same url, r the only route", () => {
    let checked = 0;
    fc.assert(
      fc.property(cases, ([{ route }, parameters]) => {
        const request = built(route, parameters);
        fc.pre(request !== undefined);
        const found = routeMatcher([route])(request.method, request.url);
        expect(found?.route).toBe(route);
        expect(endpoint(found!.route, found!.parameters).url).toBe(request.url);
        checked++;
      }),
      settings,
    );
    // Most generated cases are requests endpoint() accepts: the law is not checked on a handful.
    expect(checked).toBeGreaterThan(settings.numRuns / 2);
  });

  it("among several routes, the one found builds the same url", () => {
    let checked = 0;
    const tables = fc
      .array(routes, { minLength: 2, maxLength: 5 })
      .chain((table) =>
        fc
          .tuple(fc.constant(table), fc.integer({ min: 0, max: table.length - 1 }))
          .chain(([all, index]) =>
            fc.tuple(fc.constant(all), fc.constant(all[index]!), parametersFor(all[index]!)),
          ),
      );
    fc.assert(
      fc.property(tables, ([table, { route }, parameters]) => {
        let match;
        try {
          match = routeMatcher(table.map((r) => r.route));
        } catch {
          fc.pre(false); // two generated routes the rules cannot tell apart (ERR_AMBIGUOUS_ROUTES)
          return;
        }
        const request = built(route, parameters);
        fc.pre(request !== undefined);
        const found = match(request.method, request.url);
        expect(found).toBeDefined();
        expect(endpoint(found!.route, found!.parameters).url).toBe(request.url);
        checked++;
      }),
      settings,
    );
    expect(checked).toBeGreaterThan(settings.numRuns / 4);
  });
});

// uri-templates (its `fromUri`) as an oracle where both read a url the same way: literal segments,
// `{x}` segments and a `{?…}` query, with values of unreserved characters, spaces and non-ASCII
// letters. (They differ elsewhere: docs/matching.md.)
describe("uri-templates' fromUri as a differential oracle", () => {
  const uriTemplates = createRequire(__filename)("uri-templates") as (template: string) => {
    fromUri(uri: string): Record<string, unknown> | undefined;
  };
  const simpleValue = fc
    .array(fc.constantFrom("a", "Z", "0", "-", "_", "~", " ", "é"), { minLength: 1, maxLength: 5 })
    .map((c) => c.join(""));

  it("gives the same parameters for the same url", () => {
    const simple = fc.record({
      segments: fc.array(fc.oneof(word, fc.constant("")), { minLength: 1, maxLength: 4 }),
      query: fc.boolean(),
    });
    fc.assert(
      fc.property(
        simple.chain(({ segments, query }) => {
          const names = segments
            .map((s, i) => (s === "" ? `p${i}` : undefined))
            .filter((n): n is string => n !== undefined);
          const template =
            segments.map((s, i) => "/" + (s === "" ? `{p${i}}` : s)).join("") + (query ? "{?q,r}" : "");
          const all = query ? [...names, "q", "r"] : names;
          return fc.tuple(
            fc.constant(template),
            fc
              .tuple(...all.map(() => simpleValue))
              .map((values) => Object.fromEntries(all.map((n, i) => [n, values[i]]))),
          );
        }),
        ([template, parameters]) => {
          const { url } = endpoint(template, parameters);
          const path = url.slice("https://api.service.example".length);
          expect(routeMatcher([template])("GET", url)?.parameters).toStrictEqual(
            uriTemplates(template).fromUri(path),
          );
        },
      ),
      settings,
    );
  });
});
