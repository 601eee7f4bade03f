/** A command line that cannot be understood: exit status 2, one line on stderr. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** What the command line asks for. */
export interface CommandLine {
  readonly help: boolean;
  readonly version: boolean;
  readonly curl: boolean;
  readonly baseUrl: string | undefined;
  readonly route: string | undefined;
  /** Parameters from `key=value` (a string) and `key:=json` (any JSON value), in order. */
  readonly parameters: ReadonlyArray<readonly [string, unknown]>;
  /** Headers from `Name:value`, in order. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
}

/**
 * An item is split at its first separator, httpie's rule: `:=` (JSON value), `=` (string
 * parameter) or `:` (header), whichever comes first; at the same place `:=` wins over `:`.
 * So `a:=1` is JSON, `X-Trace:a=b` a header, `q=a:b` a string. The route is always the first
 * argument that is not an option, so a `:name` route is never read as a header.
 */
function splitItem(item: string): { kind: "json" | "string" | "header"; key: string; value: string } {
  const equals = item.indexOf("=");
  const colon = item.indexOf(":");
  if (equals === -1 && colon === -1) {
    throw new UsageError(
      `Invalid item ${JSON.stringify(item)}: expected key=value, key:=json or Header:value`,
    );
  }
  let kind: "json" | "string" | "header";
  let at: number;
  let length = 1;
  if (colon !== -1 && (equals === -1 || colon < equals)) {
    kind = item.charAt(colon + 1) === "=" ? "json" : "header";
    at = colon;
    if (kind === "json") length = 2;
  } else {
    kind = "string";
    at = equals;
  }
  const key = item.slice(0, at);
  if (key === "") {
    throw new UsageError(
      `Invalid item ${JSON.stringify(item)}: the name before ${JSON.stringify(item.slice(at, at + length))} is empty`,
    );
  }
  return { kind, key, value: item.slice(at + length) };
}

/** Parses `[--base-url URL] [--curl] ROUTE [item…]`; `--` ends the options. */
export function parseArguments(argv: readonly string[]): CommandLine {
  let help = false;
  let version = false;
  let curl = false;
  let baseUrl: string | undefined;
  let route: string | undefined;
  const parameters: [string, unknown][] = [];
  const headers: [string, string][] = [];
  let optionsEnded = false;

  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i] as string;
    if (!optionsEnded && argument.startsWith("-") && argument !== "-") {
      if (argument === "--") {
        optionsEnded = true;
      } else if (argument === "--help" || argument === "-h") {
        help = true;
      } else if (argument === "--version" || argument === "-v") {
        version = true;
      } else if (argument === "--curl") {
        curl = true;
      } else if (argument === "--base-url") {
        const value = argv[i + 1];
        if (value === undefined) throw new UsageError("Option --base-url needs a value: --base-url URL");
        baseUrl = value;
        i++;
      } else if (argument.startsWith("--base-url=")) {
        baseUrl = argument.slice("--base-url=".length);
      } else {
        throw new UsageError(`Unknown option ${JSON.stringify(argument)}`);
      }
      continue;
    }
    if (route === undefined) {
      route = argument;
      continue;
    }
    const { kind, key, value } = splitItem(argument);
    if (kind === "header") {
      headers.push([key, value]);
    } else if (kind === "string") {
      parameters.push([key, value]);
    } else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        throw new UsageError(
          `Invalid JSON in ${JSON.stringify(argument)}: write key:=json for a JSON value, key=value for a string`,
        );
      }
      parameters.push([key, parsed]);
    }
  }
  return { help, version, curl, baseUrl, route, parameters, headers };
}
