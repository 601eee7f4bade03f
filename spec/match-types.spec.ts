import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Type tests of routeMatcher under TypeScript 5.9 and TypeScript 7 (installed beside it as
// "typescript7"): the lines below compile in a strict node16 project, and every line after
// `// @ts-expect-error` must fail (an unused one is itself an error, TS2578), so a clean compile
// proves both what is accepted and what is refused.
const root = join(__dirname, "..");
const COMPILERS = [
  ["TypeScript 5.9", join(root, "node_modules", "typescript", "bin", "tsc")],
  ["TypeScript 7", join(root, "node_modules", "typescript7", "bin", "tsc")],
] as const;

const lib = JSON.stringify(join(root, "lib", "index.js"));
const acme = JSON.stringify(join(root, "examples", "openapi", "acme.js"));

const TYPE_TESTS = [
  `import { routeMatcher } from ${lib};`,
  `import type { RouteMatch, RoutesFromOpenApi, StrictRoutes } from ${lib};`,
  `import type { paths } from ${acme};`,
  `type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;`,
  `function expectType<T extends true>(): T | undefined { return undefined; }`,
  ``,
  `// A list of route literals: a union discriminated by route, parameters from each template.`,
  `const fromList = routeMatcher(["GET /repos/{owner}/{repo}", "GET /search{?q,labels*}", "/users/:id"]);`,
  `const a = fromList("GET", "/repos/o/r");`,
  `if (a?.route === "GET /repos/{owner}/{repo}") expectType<Equal<typeof a.parameters, { owner: string; repo: string }>>();`,
  `if (a?.route === "/users/:id") expectType<Equal<typeof a.parameters, { id: string }>>();`,
  `if (a?.route === "GET /search{?q,labels*}") {`,
  `  expectType<Equal<typeof a.parameters, { q?: string | string[]; labels?: string | string[] }>>();`,
  `  // @ts-expect-error: the search route has no "owner"`,
  `  a.parameters.owner;`,
  `}`,
  `// @ts-expect-error: not a route of this matcher`,
  `if (a?.route === "GET /nope") a;`,
  `// @ts-expect-error: the result may be undefined`,
  `a.route;`,
  ``,
  `// A hand-written route map: the map's parameter names and optionality, values as text.`,
  `interface Routes {`,
  `  "GET /repos/{owner}/{repo}/issues": { parameters: { owner: string; repo: string; state?: "open" | "closed"; per_page?: number }; response: { id: number }[] };`,
  `  "POST /repos/{owner}/{repo}/issues": { parameters: { owner: string; repo: string }; body: { title: string } };`,
  `}`,
  `const fromMap = routeMatcher<Routes>(["GET /repos/{owner}/{repo}/issues", "POST /repos/{owner}/{repo}/issues"]);`,
  `const b = fromMap("GET", "/repos/o/r/issues");`,
  `if (b !== undefined) {`,
  `  switch (b.route) {`,
  `    case "GET /repos/{owner}/{repo}/issues":`,
  `      expectType<Equal<typeof b.parameters, { owner: string; repo: string; state?: "open" | "closed"; per_page?: string }>>();`,
  `      break;`,
  `    case "POST /repos/{owner}/{repo}/issues":`,
  `      expectType<Equal<typeof b.parameters, { owner: string; repo: string }>>();`,
  `      break;`,
  `    default:`,
  `      expectType<Equal<typeof b, never>>();`,
  `  }`,
  `}`,
  `// @ts-expect-error: a route the map does not have`,
  `routeMatcher<Routes>(["GET /repos/{owner}/{repo}/pulls"]);`,
  `expectType<Equal<RouteMatch<{ "GET /u/{id}": { parameters: { id: number } } }>, { readonly route: "GET /u/{id}"; readonly parameters: { id: string } }>>();`,
  ``,
  `// A strict map, and one from an OpenAPI document.`,
  `const strict = routeMatcher<StrictRoutes<Routes>>(["GET /repos/{owner}/{repo}/issues"]);`,
  `const c = strict("GET", "/repos/o/r/issues");`,
  `if (c?.route === "GET /repos/{owner}/{repo}/issues") expectType<Equal<typeof c.parameters.state, "open" | "closed" | undefined>>();`,
  `// @ts-expect-error: strict: a lowercase method is not a route of the map`,
  `routeMatcher<StrictRoutes<Routes>>(["get /repos/{owner}/{repo}/issues"]);`,
  `const openApi = routeMatcher<RoutesFromOpenApi<paths>>(["GET /repos/{owner}/{repo}/issues/{issue_number}"]);`,
  `const d = openApi("GET", "/repos/o/r/issues/1");`,
  `if (d?.route === "GET /repos/{owner}/{repo}/issues/{issue_number}") {`,
  `  expectType<Equal<typeof d.parameters.issue_number, string>>();`,
  `  expectType<Equal<typeof d.parameters.owner, string>>();`,
  `}`,
];

function compile(compiler: string): { status: number | null; output: string } {
  const directory = mkdtempSync(join(tmpdir(), "service-endpoint-match-types-"));
  try {
    writeFileSync(join(directory, "match.mts"), TYPE_TESTS.join("\n") + "\n");
    const compilerOptions = {
      target: "ES2022",
      lib: ["ES2022", "DOM"],
      module: "node16",
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      allowImportingTsExtensions: false,
      types: [],
      noEmit: true,
    };
    writeFileSync(
      join(directory, "tsconfig.json"),
      JSON.stringify({ compilerOptions, files: ["match.mts"] }),
    );
    const result = spawnSync(process.execPath, [compiler, "--pretty", "false", "-p", directory], {
      cwd: root,
      encoding: "utf8",
    });
    return { status: result.status, output: (result.stdout + result.stderr).split(directory).join("<dir>") };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe.each(COMPILERS)("routeMatcher's types under %s", (_name, compiler) => {
  it("compile, and refuse every line marked @ts-expect-error", () => {
    expect(compile(compiler)).toStrictEqual({ status: 0, output: "" });
  });
});
