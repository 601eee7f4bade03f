import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The type tests (spec/types/*.types.ts and examples/openapi/issues.ts, with their
// `// @ts-expect-error` lines) under TypeScript 5.9 and TypeScript 7 (installed beside it as
// "typescript7"), for "node16" and "bundler" resolution. An unused `@ts-expect-error` is itself
// an error (TS2578), so a clean compile proves every rejected line is rejected.
const root = join(__dirname, "..", "..");
const COMPILERS = [
  ["TypeScript 5.9", join(root, "node_modules", "typescript", "bin", "tsc")],
  ["TypeScript 7", join(root, "node_modules", "typescript7", "bin", "tsc")],
] as const;

function tsc(compiler: string, ...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [compiler, "--pretty", "false", ...args], {
    cwd: root,
    encoding: "utf8",
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

/**
 * `tsc` on one file of `lines` in a fresh folder, with the options of a strict node16 project;
 * the folder is removed after.
 */
function compileFile(
  compiler: string,
  file: string,
  lines: string[],
  options: Record<string, unknown> = {},
): { status: number | null; output: string } {
  const directory = mkdtempSync(join(tmpdir(), "service-endpoint-types-"));
  try {
    writeFileSync(join(directory, file), lines.join("\n") + "\n");
    const compilerOptions = {
      target: "ES2022",
      lib: ["ES2022", "DOM"],
      module: "node16",
      strict: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: true,
      types: [],
      noEmit: true,
      ...options,
    };
    writeFileSync(join(directory, "tsconfig.json"), JSON.stringify({ compilerOptions, files: [file] }));
    return tsc(compiler, "-p", directory);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe.each(COMPILERS)("the type tests under %s", (name, compiler) => {
  it("reports its version", () => {
    const { output } = tsc(compiler, "--version");
    expect(output).toMatch(name === "TypeScript 7" ? /^Version 7\.\d+\.\d+/ : /^Version 5\.9\.\d+/);
  });

  it.each([["node16"], ["bundler"]])('compile with "moduleResolution": "%s"', (resolution) => {
    expect(tsc(compiler, "-p", join("spec", "types", `tsconfig.${resolution}.json`))).toStrictEqual({
      status: 0,
      output: "",
    });
  });

  // A large route map: a call's options were worked out for a generic route by pairing every
  // route's placeholders with every route's parameters, a cross product that failed with TS2590
  // ("union type that is too complex to represent") from some 250 routes; then the table's keyof,
  // worked out again for each route, made a call's work grow with the square of the map, and from
  // about 1,200 routes calls stopped with TS2589 (1,500 here). The generic wrappers
  // meet it too when the per-route table is read through a generic route (route-types.ts,
  // `KnownRoutesOptions`).
  it("compiles calls on a route map of 1,500 routes", () => {
    const lib = JSON.stringify(join(root, "lib", "index.js"));
    const routes: string[] = [];
    for (let i = 0; i < 750; i++) {
      routes.push(
        `"GET /r${i}/{owner}/{repo}/items": { parameters: { owner: string; repo: string; per_page?: number }; response: { id: number }[] };`,
        `"POST /r${i}/{owner}/{repo}/items": { parameters: { owner: string; repo: string }; body: { title: string } };`,
      );
    }
    const lines = [
      `import { EndpointBuilder, callable } from ${lib};`,
      `import type { EndpointCallOptions, RequestOptions } from ${lib};`,
      `interface Routes {`,
      ...routes,
      `}`,
      `const api = new EndpointBuilder<Routes>().defaults({ owner: "o" });`,
      `const plain = new EndpointBuilder<Routes>();`,
      `function call<R extends keyof Routes & string>(route: R, options: EndpointCallOptions<Routes, R>): RequestOptions {`,
      `  return plain.endpoint(route, options);`,
      `}`,
      `call("GET /r6/{owner}/{repo}/items", { owner: "o", repo: "r" });`,
      `api.endpoint("GET /r1/{owner}/{repo}/items", { repo: "r", per_page: 1 });`,
      `api.endpoint("POST /r2/{owner}/{repo}/items", { repo: "r", title: "t" });`,
      `callable(api)("GET /r3/{owner}/{repo}/items", { repo: "r" });`,
      `api.merge("POST /r4/{owner}/{repo}/items", { title: "t" });`,
      `// @ts-expect-error: "repo" is missing`,
      `api.endpoint("GET /r5/{owner}/{repo}/items", { per_page: 1 });`,
    ];
    expect(compileFile(compiler, "large.mts", lines)).toStrictEqual({ status: 0, output: "" });
  });

  // The declarations users get (package.json "exports" → dist/index.d.mts, .d.cts), checked with
  // `skipLibCheck` off by a project whose lib is older than ES2022: they named the lib's
  // `ErrorOptions` (TS2304 "Cannot find name 'ErrorOptions'"), which only ES2022 declares. Node 18
  // runs ES2022, but a project may target an older lib.
  it.each([["index.d.mts"], ["index.d.cts"]])(
    "declarations of dist/%s compile with lib ES2020 and skipLibCheck off",
    (declarations) => {
      const dist = JSON.stringify(join(root, "dist", declarations));
      const lines = [
        `import type { EndpointError, RoutesFromOpenApi } from ${dist};`,
        `export type Code = EndpointError["code"];`,
        `export type Routes = RoutesFromOpenApi<{ "/a/{id}": { get: { parameters: { path: { id: number } } } } }>;`,
      ];
      expect(
        compileFile(compiler, "consumer.mts", lines, { lib: ["ES2020", "DOM"], skipLibCheck: false }),
      ).toStrictEqual({ status: 0, output: "" });
    },
  );

  // Without `strictNullChecks` (`strict: false`), where `undefined extends string` holds, typed
  // defaults provided nothing: `.defaults({ owner })` and a subclass's declared defaults left
  // "owner" required (TS2345 "Property 'owner' is missing").
  // (The built package, whose declarations a loose project compiles: not the sources, which are
  // written for a strict one.)
  it("keeps typed defaults without strictNullChecks", () => {
    const lib = JSON.stringify(join(root, "dist", "index.mjs"));
    const lines = [
      `import { EndpointBuilder, callable } from ${lib};`,
      `interface Routes { "GET /repos/{owner}/{repo}": { parameters: { owner: string; repo: string } } }`,
      `const acme = new EndpointBuilder<Routes>().defaults({ owner: "o" });`,
      `acme.endpoint("GET /repos/{owner}/{repo}", { repo: "r" });`,
      `callable(acme)("GET /repos/{owner}/{repo}", { repo: "r" });`,
      `acme.defaults({ repo: "r" }).endpoint("GET /repos/{owner}/{repo}");`,
      `class Octo extends EndpointBuilder<Routes, { owner: string }> {}`,
      `new Octo().endpoint("GET /repos/{owner}/{repo}", { repo: "r" });`,
      `// @ts-expect-error: "repo" is still required`,
      `acme.endpoint("GET /repos/{owner}/{repo}", {});`,
    ];
    expect(
      compileFile(compiler, "loose.mts", lines, { strict: false, exactOptionalPropertyTypes: false }),
    ).toStrictEqual({ status: 0, output: "" });
  });

  // What the compiler says about a mistake: the route, the key or the parameter by its name.
  it("names the mistake in its errors", () => {
    const lib = JSON.stringify(join(root, "lib", "index.js"));
    const paths = JSON.stringify(join(root, "examples", "openapi", "acme.js"));
    const lines = [
      `import { EndpointBuilder } from ${lib};`,
      `import type { RoutesFromOpenApi, StrictRoutes } from ${lib};`,
      `import type { paths } from ${paths};`,
      `const acme = new EndpointBuilder<StrictRoutes<RoutesFromOpenApi<paths>>>().defaults({ owner: "acme" });`,
      `acme.endpoint("GET /repo/{owner}/{repo}/issues", { repo: "rockets" });`,
      `acme.endpoint("get /repos/{owner}/{repo}/issues", { repo: "rockets" });`,
      `acme.endpoint("POST /repos/{owner}/{repo}/issues", { repo: "rockets" });`,
      `acme.endpoint("GET /repos/{owner}/{repo}/issues", { per_page: 2 });`,
      `acme.endpoint("GET /repos/{owner}/{repo}/issues", { repo: "rockets", per_page: "2" });`,
      `acme.endpoint("PUT /repos/{owner}/{repo}/releases/{release_id}/assets", { repo: "r", release_id: 1, data: 42 });`,
      `acme.endpoint("POST /repos/{owner}/{repo}/issues", { repo: "rockets", labels: ["bug"] });`,
      `acme.endpoint("GET /repos/{owner}/{repo}/issues");`,
    ];
    const { status, output } = compileFile(compiler, "mistakes.mts", lines);
    // Errors: exit status 2 from TypeScript 5.9, 1 from TypeScript 7 (both mean "diagnostics").
    expect([1, 2]).toContain(status);
    const errorsOn = (line: number) =>
      output
        .split(/\n(?=\S)/)
        .filter((entry) => entry.includes(`mistakes.mts(${line},`))
        .join("\n");
    expect(errorsOn(5)).toContain(`Argument of type '"GET /repo/{owner}/{repo}/issues"' is not assignable`);
    // The error lists the map's routes (in an order of the compiler's choosing).
    expect(errorsOn(5)).toMatch(/parameter of type '[^']*"GET \/repos\/\{owner\}\/\{repo\}\/issues"[^']*'/);
    expect(errorsOn(5)).toContain('"PATCH /repos/{owner}/{repo}/issues/{issue_number}"');
    expect(errorsOn(6)).toContain(`Argument of type '"get /repos/{owner}/{repo}/issues"' is not assignable`);
    // A required body with none of its keys given: the missing key is named, not `data`.
    expect(errorsOn(7)).toContain("Property 'title' is missing");
    expect(errorsOn(7)).not.toContain("'data'");
    // With one body key given, both name the missing one.
    expect(errorsOn(11)).toContain("Property 'title' is missing");
    expect(errorsOn(8)).toContain("Property 'repo' is missing");
    expect(errorsOn(9)).toMatch(
      /mistakes\.mts\(9,70\): error TS2322: Type 'string' is not assignable to type 'number'/,
    );
    expect(errorsOn(10)).toMatch(
      /mistakes\.mts\(10,\d+\): error TS2322: Type 'number' is not assignable to type/,
    );
    // No options at all where some are required: each missing one is named.
    expect(errorsOn(12)).toContain('"missing option \\"repo\\"": true');
    expect(output.match(/^\S.*error TS/gm)).toHaveLength(8);
  });
});
