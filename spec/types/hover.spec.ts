import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { inMemoryLanguageService } from "../helpers/language-service.js";

// What an editor shows over a builder's calls (hovers), and what a compiler says first about a
// call that lacks a required option: TypeScript 5.9 through its language service, as an editor
// asks it, and TypeScript 7 (installed as "typescript7") through its `tsc`.
const root = join(__dirname, "..", "..");
const file = join(root, "spec", "types", "__hover__.ts");
const compilerOptions: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  types: [],
  noEmit: true,
};

/** The source, importing the library and the example OpenAPI document from `from` (a folder). */
function source(from: string): string {
  const lib = JSON.stringify(join(from, "lib", "index.js"));
  const acme = JSON.stringify(join(from, "examples", "openapi", "acme.js"));
  return `
import { EndpointBuilder, OpenApiEndpointBuilder, callable } from ${lib};
import type { RoutesFromOpenApi } from ${lib};
import type { paths } from ${acme};
interface Routes {
  "GET /repos/{owner}/{repo}/issues": { parameters: { owner: string; repo: string; state?: "open" | "closed" } };
  "POST /repos/{owner}/{repo}/issues": { parameters: { owner: string; repo: string }; body: { title: string } };
}
const plain = new EndpointBuilder<Routes>();
const acme = plain.defaults({ owner: "acme" });
const api = callable(acme);
const openapi = new OpenApiEndpointBuilder<RoutesFromOpenApi<paths>>();
const /*issues*/issues = acme./*endpoint*/endpoint("GET /repos/{owner}/{repo}/issues", { repo: "r" });
acme./*post*/endpoint("POST /repos/{owner}/{repo}/issues", { repo: "r", title: "t" });
plain./*plain*/endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
plain./*options*/endpoint({ url: "/rate_limit" });
/*callable*/api("GET /repos/{owner}/{repo}/issues", { repo: "r" });
acme./*merge*/merge("GET /repos/{owner}/{repo}/issues", { repo: "r" });
openapi./*openapi*/endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", labels: ["bug"] });
acme.endpoint("GET /repos/{owner}/{repo}/issues");
plain.endpoint("GET /repos/{owner}/{repo}/issues");
api("GET /repos/{owner}/{repo}/issues");
openapi.defaults({ owner: "acme", repo: "rockets" }).endpoint("GET /repos/{owner}/{repo}/issues/{issue_number}");
acme.endpoint("POST /repos/{owner}/{repo}/issues", { repo: "r" });
void issues;
`;
}

/** `text` without its `/*name*\/` markers, and the offset of each marker. */
function markers(text: string): { text: string; at: Map<string, number> } {
  const at = new Map<string, number>();
  const clean = text.replace(/\/\*(\w+)\*\//g, (_marker, name: string, offset: number) => {
    at.set(name, offset - [...at.keys()].reduce((sum, key) => sum + key.length + 4, 0));
    return "";
  });
  return { text: clean, at };
}

const { text, at } = markers(source(root));

function languageService(): ts.LanguageService {
  return inMemoryLanguageService(file, text, root, compilerOptions);
}

let service: ts.LanguageService;
beforeAll(() => {
  service = languageService();
});

function hover(marker: string): string {
  return ts.displayPartsToString(service.getQuickInfoAtPosition(file, at.get(marker)!)?.displayParts);
}

describe("hover text (TypeScript 5.9 language service)", () => {
  it("shows a route's parameters and the options every route takes, and RequestOptions", () => {
    expect(hover("endpoint")).toBe(
      [
        '(method) EndpointBuilder<Routes, NoDefaults>.endpoint<"GET /repos/{owner}/{repo}/issues", "owner">(this: ProvidedParameters<"owner">, route: "GET /repos/{owner}/{repo}/issues", options: {',
        "    repo: string;",
        '    state?: "open" | "closed";',
        "    owner?: string;",
        "} & KnownRouteOptions): RequestOptions (+1 overload)",
      ].join("\n"),
    );
  });

  it("shows a body route's two forms: the body as data, or its keys", () => {
    expect(hover("post")).toBe(
      [
        '(method) EndpointBuilder<Routes, NoDefaults>.endpoint<"POST /repos/{owner}/{repo}/issues", "owner">(this: ProvidedParameters<"owner">, route: "POST /repos/{owner}/{repo}/issues", options: ({',
        "    data: {",
        "        title: string;",
        "    };",
        "    repo: string;",
        "    owner?: string;",
        "} | {",
        "    data?: never;",
        "    repo: string;",
        "    title: string;",
        "    owner?: string;",
        "}) & KnownRouteOptions): RequestOptions (+1 overload)",
      ].join("\n"),
    );
  });

  it("shows every placeholder required on a builder without defaults", () => {
    expect(hover("plain")).toBe(
      [
        '(method) EndpointBuilder<Routes, NoDefaults>.endpoint<"GET /repos/{owner}/{repo}/issues", never>(this: ProvidedParameters<never>, route: "GET /repos/{owner}/{repo}/issues", options: {',
        "    owner: string;",
        "    repo: string;",
        '    state?: "open" | "closed";',
        "} & KnownRouteOptions): RequestOptions (+1 overload)",
      ].join("\n"),
    );
  });

  it("shows the options form as EndpointOptions", () => {
    expect(hover("options")).toBe(
      "(method) EndpointBuilder<Routes, NoDefaults>.endpoint<never, never>(this: ProvidedParameters<never>, options: EndpointOptions): RequestOptions (+1 overload)",
    );
  });

  it("shows the result as RequestOptions", () => {
    expect(hover("issues")).toBe("const issues: RequestOptions");
  });

  it("shows the same through callable()", () => {
    expect(hover("callable")).toBe(
      [
        "const api: EndpointInterface",
        '<"GET /repos/{owner}/{repo}/issues">(route: "GET /repos/{owner}/{repo}/issues", options: {',
        "    repo: string;",
        '    state?: "open" | "closed";',
        "    owner?: string;",
        "} & KnownRouteOptions) => RequestOptions (+1 overload)",
      ].join("\n"),
    );
  });

  it("shows merge()'s options, none required yet", () => {
    expect(hover("merge")).toBe(
      [
        '(method) EndpointBuilder<Routes, NoDefaults>.merge<"GET /repos/{owner}/{repo}/issues">(route: "GET /repos/{owner}/{repo}/issues", options?: ({',
        "    owner?: string;",
        "    repo?: string;",
        '    state?: "open" | "closed";',
        "} & KnownRouteOptions) | undefined): MergedOptions (+1 overload)",
      ].join("\n"),
    );
  });

  it("shows an OpenAPI route's parameters with the document's own names", () => {
    expect(hover("openapi")).toBe(
      [
        '(method) EndpointBuilder<RoutesFromOpenApi<paths>, NoDefaults>.endpoint<"GET /repos/{owner}/{repo}/issues", never>(this: ProvidedParameters<...>, route: "GET /repos/{owner}/{repo}/issues", options: {',
        '    owner: components["parameters"]["owner"];',
        '    repo: components["parameters"]["repo"];',
        '    state?: "open" | "closed" | "all";',
        "    labels?: string[];",
        "    created?: {",
        "        after?: string;",
        "        before?: string;",
        "    };",
        "    per_page?: number;",
        "} & KnownRouteOptions): RequestOptions (+1 overload)",
      ].join("\n"),
    );
  });
});

/** The first diagnostic's message on each line of the source (1-based), one text line each, trimmed. */
type FirstMessages = Record<number, string[]>;

function languageServiceDiagnostics(): FirstMessages {
  const messages: FirstMessages = {};
  const source = service.getProgram()!.getSourceFile(file)!;
  for (const diagnostic of service.getSemanticDiagnostics(file)) {
    const line = source.getLineAndCharacterOfPosition(diagnostic.start!).line + 1;
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    messages[line] ??= message.split("\n").map((part) => part.trim());
  }
  return messages;
}

function typescript7Diagnostics(): FirstMessages {
  const directory = mkdtempSync(join(tmpdir(), "service-endpoint-hover-"));
  try {
    writeFileSync(join(directory, "hover.mts"), text);
    const options = {
      strict: true,
      exactOptionalPropertyTypes: true,
      module: "node16",
      target: "ES2022",
      lib: ["ES2022", "DOM"],
      types: [],
      noEmit: true,
    };
    writeFileSync(
      join(directory, "tsconfig.json"),
      JSON.stringify({ compilerOptions: options, files: ["hover.mts"] }),
    );
    const tsc = join(root, "node_modules", "typescript7", "bin", "tsc");
    const result = spawnSync(process.execPath, [tsc, "--pretty", "false", "-p", directory], {
      encoding: "utf8",
    });
    // One diagnostic per entry: "file(line,column): error TSnnnn: message", its chain indented below.
    const messages: FirstMessages = {};
    for (const entry of result.stdout.split(/\n(?=\S)/)) {
      const match = /^\S*hover\.mts\((\d+),\d+\): error TS\d+: ([^]*)$/.exec(entry.trimEnd());
      if (match !== null) messages[Number(match[1])] ??= match[2]!.split("\n").map((part) => part.trim());
    }
    return messages;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const MISSING_TITLE = 'acme.endpoint("POST /repos/{owner}/{repo}/issues", { repo: "r" });';
const lineOf = (call: string): number => text.slice(0, text.indexOf(call)).split("\n").length;

// The message names what is missing in its first line, on both compilers, rather than an
// overload the call never meant (`Overload 1 of 3, '(options: EndpointOptions)' …`).
const MISSING = [
  [
    'acme.endpoint("GET /repos/{owner}/{repo}/issues");',
    `Argument of type '"GET /repos/{owner}/{repo}/issues"' is not assignable to parameter of type 'EndpointOptions | ("GET /repos/{owner}/{repo}/issues" & { readonly "missing option \\"repo\\"": true; })'.`,
  ],
  [
    'plain.endpoint("GET /repos/{owner}/{repo}/issues");',
    `Argument of type '"GET /repos/{owner}/{repo}/issues"' is not assignable to parameter of type 'EndpointOptions | ("GET /repos/{owner}/{repo}/issues" & { readonly "missing option \\"owner\\"": true; readonly "missing option \\"repo\\"": true; })'.`,
  ],
  [
    'api("GET /repos/{owner}/{repo}/issues");',
    `Argument of type '"GET /repos/{owner}/{repo}/issues"' is not assignable to parameter of type 'EndpointOptions | ("GET /repos/{owner}/{repo}/issues" & { readonly "missing option \\"repo\\"": true; })'.`,
  ],
  [
    'openapi.defaults({ owner: "acme", repo: "rockets" }).endpoint("GET /repos/{owner}/{repo}/issues/{issue_number}");',
    `Argument of type '"GET /repos/{owner}/{repo}/issues/{issue_number}"' is not assignable to parameter of type 'EndpointOptions | ("GET /repos/{owner}/{repo}/issues/{issue_number}" & { readonly "missing option \\"issue_number\\"": true; })'.`,
  ],
] as const;

describe.each([
  ["TypeScript 5.9 (language service)", languageServiceDiagnostics],
  ["TypeScript 7 (tsc)", typescript7Diagnostics],
])("the first error of a call without a required option, on %s", (_compiler, diagnostics) => {
  let messages: FirstMessages;
  beforeAll(() => {
    messages = diagnostics();
  });

  it.each(MISSING)("%s", (call, message) => {
    expect(messages[lineOf(call)]).toEqual([message]);
  });

  // (The two compilers list an object type's properties in different orders.)
  it("names a missing body key, against the form of the body's keys", () => {
    const [argument, form, missing, ...more] = messages[lineOf(MISSING_TITLE)]!;
    expect(argument).toMatch(
      /^Argument of type '\{ repo: string; \}' is not assignable to parameter of type /,
    );
    expect(form).toMatch(
      /^Type '\{ repo: string; \}' is not assignable to type '\{ data\?: never; .*\} & KnownRouteOptions'\.$/,
    );
    expect(missing).toMatch(
      /^Property 'title' is missing in type '\{ repo: string; \}' but required in type /,
    );
    expect(more).toEqual([]);
  });

  it("reports nothing else", () => {
    expect(Object.keys(messages).map(Number)).toEqual(
      [...MISSING.map(([call]) => lineOf(call)), lineOf(MISSING_TITLE)].sort((a, b) => a - b),
    );
  });
});
