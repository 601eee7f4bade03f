import { quote } from "../lib/errors.js";
import { quoteUrl } from "../lib/redact.js";

/** A command line that cannot be understood: exit status 2, one line on stderr. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** How the request options are printed. */
export type OutputFormat = "json" | "curl" | "fetch";

/** A raw body: the text of `@file`, or of standard input. */
export interface RawBody {
  readonly text: string;
  /** `@file` or `stdin`, for messages. */
  readonly source: string;
}

/** What the command line asks for. */
export interface CommandLine {
  readonly help: boolean;
  readonly version: boolean;
  readonly format: OutputFormat;
  /** `--fail`: the curl command fails on an HTTP error status. */
  readonly fail: boolean;
  readonly ignoreStdin: boolean;
  readonly baseUrl: string | undefined;
  readonly contentType: string | undefined;
  /** `"METHOD url"`, `url`, or undefined when none was given. */
  readonly route: string | undefined;
  /** Parameters from `key=value` (a string) and `key:=json` (any JSON value), in order. */
  readonly parameters: ReadonlyArray<readonly [string, unknown]>;
  /** Query parameters from `name==value`, in order. */
  readonly query: ReadonlyArray<readonly [string, string]>;
  /** Headers from `Name:value`, in order. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** The raw body of an `@file` item. */
  readonly rawBody: RawBody | undefined;
}

/** Reads a file named by an item; a missing or unreadable file is bad usage. */
export type ReadFile = (path: string) => string;

type ItemKind = "json" | "query" | "string" | "header";

// httpie's separators, longest first at the same place: "==" before "=", ":=" before ":".
const SEPARATORS: ReadonlyArray<readonly [string, ItemKind]> = [
  [":=", "json"],
  ["==", "query"],
  ["=", "string"],
  [":", "header"],
];

/** Characters that a backslash makes literal in a name: the separators' and itself (httpie's). */
const ESCAPABLE = new Set(["=", ":", "@", "\\"]);

/**
 * An item is split at its first separator, httpie's rule: whichever of `:=`, `==`, `=` and `:`
 * starts first; at the same place the longer one wins. So `a:=1` is JSON, `q==x` a query
 * parameter, `X-Trace:a=b` a header, `q=a:b` a string. As in httpie, a backslash before `=`,
 * `:`, `@` or `\` makes that character part of the name (`a\:b=1` is the parameter `a:b`,
 * `foo\==bar` the parameter `foo=`); the value after the separator is kept as typed.
 */
function splitItem(item: string): { kind: ItemKind; key: string; value: string } {
  let key = "";
  for (let at = 0; at < item.length; at++) {
    const next = item[at + 1] as string;
    if (item[at] === "\\" && ESCAPABLE.has(next)) {
      key += next;
      at++;
      continue;
    }
    const found = SEPARATORS.find(([separator]) => item.startsWith(separator, at));
    if (found === undefined) {
      key += item[at];
      continue;
    }
    const [separator, kind] = found;
    if (key === "") {
      // A header value may be a secret: not shown.
      const shown = kind === "header" ? `":…" (the value is not shown)` : quote(item);
      throw new UsageError(`Invalid item ${shown}: the name before ${quote(separator)} is empty`);
    }
    return { kind, key, value: item.slice(at + separator.length) };
  }
  throw new UsageError(
    `Invalid item ${quote(item)}: expected key=value, key:=json, name==value, Header:value or @file`,
  );
}

/** A JSON number's decimal value written one way (`-` digits `e` exponent): 1.50, 15e-1 → 15e-1. */
function decimal(number: string): string {
  const [, sign, whole, fraction = "", exponent = "0"] = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(
    number,
  ) as string[];
  const digits = `${whole}${fraction}`.replace(/^0+/, "");
  const significant = digits.replace(/0+$/, "");
  if (significant === "") return "0";
  const scale = Number(exponent) - fraction.length + digits.length - significant.length;
  return `${sign}${significant}e${scale}`;
}

/**
 * The first number of a JSON text that a JavaScript number cannot hold exactly: JSON.parse would
 * turn 12345678901234567890 into 12345678901234567000 and 1e400 into Infinity (null in a JSON
 * body), a different request sent without a word (RFC 8259 §6 leaves the range and precision of
 * numbers to the implementation; the command refuses rather than round).
 */
function inexactNumber(json: string): string | undefined {
  // Strings are skipped whole; every other run of digits is a number token of the (valid) text.
  for (const [token] of json.matchAll(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g)) {
    if (token.startsWith('"')) continue;
    const value = Number(token);
    if (!Number.isFinite(value) || decimal(String(value)) !== decimal(token)) return token;
  }
  return undefined;
}

/** An HTTP method written as its own argument (`GET /users/{id}`): letters only, as httpie reads it. */
const METHOD = /^[A-Za-z]+$/;

/** Takes a value from a file for `@path`; `\@` escapes a literal leading `@`. */
function fileOrText(value: string, readFile: ReadFile): { text: string; fromFile: string | undefined } {
  if (value.startsWith("\\@")) return { text: value.slice(1), fromFile: undefined };
  if (!value.startsWith("@")) return { text: value, fromFile: undefined };
  const path = value.slice(1);
  if (path === "") throw new UsageError(`Missing file name after "@" in ${quote(value)}`);
  return { text: readFile(path), fromFile: path };
}

/** Parses `[options] [METHOD] URL [item…]` (or `"METHOD URL"`); `--` ends the options. */
export function parseArguments(argv: readonly string[], readFile: ReadFile): CommandLine {
  let help = false;
  let version = false;
  let format: OutputFormat = "json";
  let fail = false;
  let ignoreStdin = false;
  let baseUrl: string | undefined;
  let contentType: string | undefined;
  const positional: string[] = [];
  let optionsEnded = false;

  const valueOf = (name: "--base-url" | "--content-type", i: number): string => {
    const value = argv[i + 1];
    if (value === undefined) {
      throw new UsageError(`Option ${name} needs a value: ${name} ${name === "--base-url" ? "URL" : "TYPE"}`);
    }
    return value;
  };
  // Options that contradict each other are said after --help and --version have had their turn.
  let conflict: UsageError | undefined;
  const setFormat = (next: OutputFormat) => {
    if (format !== "json" && format !== next)
      conflict ??= new UsageError("Give one output format: --curl or --fetch, not both");
    format = next;
  };

  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i] as string;
    if (optionsEnded || !argument.startsWith("-") || argument === "-") {
      positional.push(argument);
      continue;
    }
    const [name, inline] =
      argument.startsWith("--") && argument.includes("=")
        ? [argument.slice(0, argument.indexOf("=")), argument.slice(argument.indexOf("=") + 1)]
        : [argument, undefined];
    if (name === "--") optionsEnded = true;
    else if (name === "--help" || name === "-h") help = true;
    else if (name === "--version" || name === "-v") version = true;
    else if (name === "--curl") setFormat("curl");
    else if (name === "--fetch") setFormat("fetch");
    else if (name === "--fail") fail = true;
    else if (name === "--ignore-stdin") ignoreStdin = true;
    else if (name === "--base-url" || name === "--content-type") {
      const value = inline ?? valueOf(name, i);
      if (inline === undefined) i++;
      // Given twice with two values, which one was meant? Refused, like the same item twice.
      const before = name === "--base-url" ? baseUrl : contentType;
      if (before !== undefined && before !== value) {
        conflict ??= new UsageError(
          `Give ${name} once, not twice: ${quoteUrl(before)} and ${quoteUrl(value)}`,
        );
      }
      if (name === "--base-url") baseUrl = value;
      else contentType = value;
    } else throw new UsageError(`Unknown option ${quote(argument)}`);
    if (inline !== undefined && name !== "--base-url" && name !== "--content-type") {
      throw new UsageError(`Unknown option ${quote(argument)}`);
    }
  }
  // --help and --version answer whatever else the line holds (a `--help` added to a line that
  // failed gets the help, not the same error again), and read no file for it.
  if (help || version) {
    const none = { route: undefined, parameters: [], query: [], headers: [], rawBody: undefined };
    return { help, version, format, fail, ignoreStdin, baseUrl, contentType, ...none };
  }
  if (conflict !== undefined) throw conflict;
  if (fail && (format as OutputFormat) !== "curl")
    throw new UsageError("Option --fail belongs to --curl: --curl --fail");

  // The route: one argument "METHOD url" (or a bare url), or a method and a url as two arguments.
  let route: string | undefined;
  let items = positional;
  const first = positional[0];
  if (first !== undefined) {
    if (METHOD.test(first)) {
      const url = positional[1];
      if (url === undefined) {
        throw new UsageError(`Missing url after the method ${quote(first)}: expected ${first} /path`);
      }
      route = `${first} ${url}`;
      items = positional.slice(2);
    } else {
      route = first;
      items = positional.slice(1);
    }
  }

  const parameters: [string, unknown][] = [];
  const query: [string, string][] = [];
  const headers: [string, string][] = [];
  let rawBody: RawBody | undefined;
  // Names seen so far, in Sets: a search of the lists made 80,000 header items take a minute.
  const parameterNames = new Set<string>();
  const headerNames = new Set<string>();
  for (const item of items) {
    if (item.startsWith("@")) {
      if (rawBody !== undefined) throw new UsageError(`Give one raw body, not ${rawBody.source} and ${item}`);
      rawBody = { text: fileOrText(item, readFile).text, source: item };
      continue;
    }
    const { kind, key, value } = splitItem(item);
    // The same name twice is ambiguous (a later item would replace the earlier): refused.
    if (kind === "header") {
      if (headerNames.has(key.toLowerCase())) {
        throw new UsageError(`Give the header ${quote(key)} once, not twice: header names ignore case`);
      }
      headerNames.add(key.toLowerCase());
      headers.push([key, value]);
      continue;
    }
    if (kind === "query") {
      query.push([key, value]); // compared once decoded (run.ts): q%41 is qA
      continue;
    }
    if (parameterNames.has(key)) {
      throw new UsageError(`Give the parameter ${quote(key)} once, not twice`);
    }
    parameterNames.add(key);
    if (kind === "string") parameters.push([key, fileOrText(value, readFile).text]);
    else {
      const { text, fromFile } = fileOrText(value, readFile);
      const where = fromFile === undefined ? "" : ` the file ${quote(fromFile)} of`;
      // A headers:= item holds header values, which may be secrets: never shown.
      const shown = key === "headers" ? `"headers:=…" (header values are not shown)` : quote(item);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new UsageError(
          fromFile === undefined
            ? `Invalid JSON in ${shown}: write key:=json for a JSON value, key=value for a string`
            : `Invalid JSON in${where} ${shown}`,
        );
      }
      const inexact = inexactNumber(text);
      if (inexact !== undefined) {
        throw new UsageError(
          `The number ${inexact} in${where} ${shown} would become ${String(Number(inexact))}: a JavaScript number cannot hold it exactly; write it as a string`,
        );
      }
      parameters.push([key, json]);
    }
  }
  return {
    help,
    version,
    format,
    fail,
    ignoreStdin,
    baseUrl,
    contentType,
    route,
    parameters,
    query,
    headers,
    rawBody,
  };
}
