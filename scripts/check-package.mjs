// npm run check:package — the package as npm publishes it.
//
// 1. packs the tarball into a temporary directory (`npm pack`, which builds through prepare);
// 2. publint on the tarball: no error, warning or suggestion;
// 3. @arethetypeswrong/cli on the tarball: no problem in node10, node16 (CJS and ESM) or bundler;
// 4. strict TypeScript consumers of the unpacked tarball, compiled under moduleResolution node16
//    (ESM and CommonJS), bundler and node10, plus one with neither the DOM lib nor @types/node;
//    the node16 ones are then run with node, so both builds load.
// Exits non-zero on any problem. No network: the tarball is unpacked by hand and its one
// dependency (deepmerge) is linked from this repository's node_modules.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { publint } from "publint";
import { formatMessage } from "publint/utils";

const execFileAsync = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => join(root, "node_modules", ".bin", name);
const work = mkdtempSync(join(tmpdir(), "service-endpoint-package-"));
const problems = [];

/** The consumer: the public API as an app uses it, in every module mode. */
const consumerSource = `
import { endpoint, EndpointBuilder, EndpointError, toCurl, toFetch, VERSION } from "service-endpoint";
import type { EndpointOptions, FetchInit, RequestOptions } from "service-endpoint";

class AcmeEndpoint extends EndpointBuilder {
  constructor(defaults?: EndpointOptions) {
    super({ baseUrl: "https://api.acme.test", org: "acme" }, defaults);
  }
  listRepos(): RequestOptions {
    return this.endpoint("GET /orgs/{org}/repos");
  }
}

// defaults() is typed as the subclass: its own methods stay callable, and it is assignable to it.
const paged = new AcmeEndpoint().defaults({ per_page: 100 });
const acme: AcmeEndpoint = paged.defaults({ headers: { authorization: "token x" } });
const [url, init]: [string, FetchInit] = toFetch(acme.listRepos());
const send = (): Promise<Response> => fetch(url, init); // init is fetch's own RequestInit
void send;
const command: string = toCurl(endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" }));

export function typeErrors(): void {
  // @ts-expect-error toFetch takes request options, not a route string
  toFetch("GET /");
}

let code = "";
try {
  endpoint("GET /repos/{owner}", {});
} catch (error) {
  if (error instanceof EndpointError) code = error.code;
}
console.log([VERSION, acme instanceof AcmeEndpoint, url, init.method, command.split(" ")[0], code].join(" "));
`;

async function step(title, action) {
  try {
    const detail = await action();
    console.log(`✓ ${title}${detail ? `: ${detail}` : ""}`);
  } catch (error) {
    const output = [error.stdout, error.stderr].filter(Boolean).join("\n").trim();
    problems.push(title);
    console.error(`✕ ${title}\n${output || error.message}`);
  }
}

/** Runs a command and resolves to its stdout; rejects with stdout and stderr on a non-zero exit. */
async function run(command, args, options = {}) {
  const { stdout } = await execFileAsync(command, args, { cwd: root, encoding: "utf8", ...options });
  return stdout;
}

try {
  // npm pack builds dist/ itself: it runs the prepare script before packing.
  const [packed] = JSON.parse(await run("npm", ["pack", "--json", "--pack-destination", work]));
  const tarball = join(work, packed.filename);
  console.log(`packed ${packed.filename}: ${packed.entryCount} files, ${packed.size} bytes`);

  // 2. publint
  const tarballBytes = readFileSync(tarball);
  const arrayBuffer = tarballBytes.buffer.slice(
    tarballBytes.byteOffset,
    tarballBytes.byteOffset + tarballBytes.byteLength,
  );
  const { messages, pkg } = await publint({
    pack: { tarball: arrayBuffer },
    level: "suggestion",
    strict: true,
  });
  if (messages.length === 0) console.log("✓ publint: no errors, warnings or suggestions");
  for (const message of messages) {
    problems.push(`publint ${message.code}`);
    console.error(`✕ publint ${message.type}: ${formatMessage(message, pkg, { color: false })}`);
  }

  // 3. attw, every resolution mode (the default "strict" profile)
  await step("attw: node10, node16 (CJS), node16 (ESM), bundler", async () => {
    await run(bin("attw"), [tarball, "--format", "table-flipped", "--no-color", "--no-emoji"]);
    return "no problems";
  });

  // 4. consumers of the unpacked tarball
  const consumers = join(work, "consumers");
  const installed = join(consumers, "node_modules", "service-endpoint");
  mkdirSync(installed, { recursive: true });
  await run("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
  symlinkSync(join(root, "node_modules", "deepmerge"), join(consumers, "node_modules", "deepmerge"), "dir");

  const strict = {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noImplicitOverride: true,
    skipLibCheck: false,
    target: "ES2022",
    outDir: "out",
  };
  const withDom = { lib: ["ES2022", "DOM"], types: [] };
  const bareSource = [
    'import { endpoint, toCurl, toFetch, EndpointBuilder } from "service-endpoint";',
    'import type { FetchInit } from "service-endpoint";',
    'const options = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" });',
    "const command: string = toCurl(options);",
    "const init: FetchInit = toFetch(options)[1];",
    "const method: string = init.method;",
    "const builder: EndpointBuilder = new EndpointBuilder().defaults({ per_page: 1 });",
    "export { command, method, builder };",
    "",
  ].join("\n");
  // `run`: the compiled output is run with node, so the ESM and the CommonJS build both load.
  const setups = [
    {
      name: "node16-esm",
      type: "module",
      options: { ...withDom, module: "node16", moduleResolution: "node16" },
      run: true,
    },
    {
      name: "node16-cjs",
      type: "commonjs",
      options: { ...withDom, module: "node16", moduleResolution: "node16" },
      run: true,
    },
    {
      name: "bundler",
      type: "module",
      options: { ...withDom, module: "preserve", moduleResolution: "bundler", noEmit: true },
    },
    {
      name: "node10",
      type: "commonjs",
      options: { ...withDom, module: "commonjs", moduleResolution: "node10", noEmit: true },
    },
    // Neither the DOM lib nor @types/node: the types must need neither (FetchInit falls back).
    {
      name: "no DOM lib, no @types/node",
      type: "module",
      options: { lib: ["ES2022"], types: [], module: "node16", moduleResolution: "node16", noEmit: true },
      source: bareSource,
    },
  ];
  const checks = setups.map((setup, index) => {
    const directory = join(consumers, `consumer-${index}`);
    mkdirSync(directory);
    writeFileSync(
      join(directory, "package.json"),
      JSON.stringify({ name: `consumer-${index}`, private: true, type: setup.type }),
    );
    writeFileSync(
      join(directory, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { ...strict, ...setup.options }, files: ["index.ts"] }),
    );
    writeFileSync(join(directory, "index.ts"), setup.source ?? consumerSource);
    return () =>
      step(`TypeScript consumer, ${setup.name}`, async () => {
        // TypeScript 5.9 by path: typescript7 (installed beside it) has a `tsc` bin too.
        await run(process.execPath, [
          join(root, "node_modules", "typescript", "bin", "tsc"),
          "-p",
          directory,
        ]);
        if (setup.run !== true) return "compiles";
        const printed = await run(process.execPath, [join(directory, "out", "index.js")], { cwd: directory });
        return `compiles and runs (${printed.trim()})`;
      });
  });
  // Two at a time (CI has two cores): each strict compile checks the whole DOM lib as well.
  const queue = [...checks];
  await Promise.all(
    [0, 1].map(async () => {
      while (queue.length > 0) await queue.shift()();
    }),
  );
} catch (error) {
  problems.push("unexpected failure");
  console.error(error);
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s): ${problems.join(", ")}`);
  process.exitCode = 1;
} else {
  console.log("\npackage check passed");
}
