import { quote } from "../lib/errors.js";
import { quoteUrl } from "../lib/redact.js";
import { urlFromArgument } from "./url-argument.js";

/** A command line that cannot be understood: exit status 2, one line on stderr. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** How the request options are printed. */
export type OutputFormat = "json" | "curl" | "fetch";

/** A raw body item: `@file`, read once every argument has been checked. */
export interface RawBodyFile {
  readonly path: string;
  /** The item as typed (`@notes.txt`), for messages. */
  readonly source: string;
}

/**
 * The value of a `key=…` or `key:=…` item: typed on the line, or the text (`key=@file`) or the
 * JSON (`key:=@file.json`) of a file, read once every argument has been checked.
 */
export type ItemValue =
  | { readonly from: "line"; readonly value: unknown }
  | { readonly from: "file"; readonly path: string; readonly json: boolean; readonly item: string };

/** What the command line asks for. */
export interface CommandLine {
  readonly help: boolean;
  readonly version: boolean;
  /** `-v`, `--verbose`: print the merged options to stderr first. */
  readonly verbose: boolean;
  readonly format: OutputFormat;
  /** `--fail`: the curl command fails on an HTTP error status. */
  readonly fail: boolean;
  /** `-f`, `--form`: the key=value items are sent form-urlencoded. */
  readonly form: boolean;
  readonly ignoreStdin: boolean;
  readonly baseUrl: string | undefined;
  readonly contentType: string | undefined;
  /** The most bytes read from files and standard input together (`--max-body-size`). */
  readonly maxBodySize: number;
  /** `"METHOD url"`, `url`, or undefined when none was given; a host-like url made full. */
  readonly route: string | undefined;
  /** Parameters from `key=value` (a string) and `key:=json` (any JSON value), in order. */
  readonly parameters: ReadonlyArray<readonly [string, ItemValue]>;
  /** Query parameters from `name==value`, in order; a name may come more than once. */
  readonly query: ReadonlyArray<readonly [string, string]>;
  /** Headers from `Name:value`, in order. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** The `@file` item. */
  readonly rawBody: RawBodyFile | undefined;
}

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

/** The default of `--max-body-size`: 64 MiB, for files and standard input together. */
export const DEFAULT_MAX_BODY_SIZE = 64 * 1024 * 1024;

/**
 * The largest `--max-body-size`: what fits in one JavaScript string (V8's limit, 2^29 − 24 code
 * units in Node 20), since a body is read as text. UTF-8 takes at least one byte per code unit.
 */
export const LARGEST_MAX_BODY_SIZE = 2 ** 29 - 24;

const SIZE_UNITS: Readonly<Record<string, number>> = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** `--max-body-size`: bytes, or a whole number of KiB, MiB or GiB (`512K`, `64M`, `1G`). */
function byteCount(value: string): number {
  const match = /^(\d+)([kmg]?)(?:i?b)?$/i.exec(value);
  const size =
    match === null ? NaN : Number(match[1]) * (SIZE_UNITS[(match[2] as string).toLowerCase()] ?? NaN);
  if (!Number.isSafeInteger(size)) {
    throw new UsageError(
      `Invalid --max-body-size ${quote(value)}: expected a number of bytes, or of K, M or G (64M)`,
    );
  }
  if (size > LARGEST_MAX_BODY_SIZE) {
    throw new UsageError(
      `Invalid --max-body-size ${quote(value)}: at most ${LARGEST_MAX_BODY_SIZE} bytes, the longest text a JavaScript string holds`,
    );
  }
  return size;
}

/**
 * A JSON value typed on the line (`key:=json`) or read from a file (`key:=@file.json`), refused
 * when it is not JSON or holds a number that JavaScript would round.
 */
export function parseJsonItem(text: string, item: string, fromFile: string | undefined): unknown {
  const where = fromFile === undefined ? "" : ` the file ${quote(fromFile)} of`;
  // A headers:= item holds header values, which may be secrets: never shown.
  const shown = item.startsWith("headers:=") ? `"headers:=…" (header values are not shown)` : quote(item);
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
  return json;
}

/** A `key=…` or `key:=…` item's value: `@path` names a file, `\@` escapes a literal leading `@`. */
function itemValue(value: string, json: boolean, item: string): ItemValue {
  if (value.startsWith("@")) {
    const path = value.slice(1);
    if (path === "") throw new UsageError(`Missing file name after "@" in ${quote(value)}`);
    return { from: "file", path, json, item };
  }
  const text = value.startsWith("\\@") ? value.slice(1) : value;
  return { from: "line", value: json ? parseJsonItem(text, item, undefined) : text };
}

type ValueOption = "--base-url" | "--content-type" | "--max-body-size";
const VALUE_NAMES: Readonly<Record<ValueOption, string>> = {
  "--base-url": "URL",
  "--content-type": "TYPE",
  "--max-body-size": "BYTES",
};

/**
 * Parses `[options] [METHOD] URL [item…]` (or `"METHOD URL"`); `--` ends the options. Only the
 * command line is read here: files named by items are read later, once it has all been checked.
 */
export function parseArguments(argv: readonly string[]): CommandLine {
  let help = false;
  let version = false;
  let verbose = false;
  let format: OutputFormat = "json";
  let fail = false;
  let form = false;
  let ignoreStdin = false;
  const values: Partial<Record<ValueOption, string>> = {};
  const positional: string[] = [];
  let optionsEnded = false;

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
    if (Object.hasOwn(VALUE_NAMES, name)) {
      const option = name as ValueOption;
      const value = inline ?? argv[i + 1];
      if (value === undefined) {
        throw new UsageError(`Option ${option} needs a value: ${option} ${VALUE_NAMES[option]}`);
      }
      if (inline === undefined) i++;
      // Given twice with two values, which one was meant? Refused, like the same item twice.
      const before = values[option];
      if (before !== undefined && before !== value) {
        conflict ??= new UsageError(
          `Give ${option} once, not twice: ${quoteUrl(before)} and ${quoteUrl(value)}`,
        );
      }
      values[option] = value;
      continue;
    }
    if (inline !== undefined) throw new UsageError(`Unknown option ${quote(argument)}`);
    if (name === "--") optionsEnded = true;
    else if (name === "--help" || name === "-h") help = true;
    else if (name === "--version") version = true;
    else if (name === "--verbose" || name === "-v") verbose = true;
    else if (name === "--curl") setFormat("curl");
    else if (name === "--fetch") setFormat("fetch");
    else if (name === "--fail") fail = true;
    else if (name === "--form" || name === "-f") form = true;
    else if (name === "--ignore-stdin") ignoreStdin = true;
    else throw new UsageError(`Unknown option ${quote(argument)}`);
  }
  const baseUrl = values["--base-url"];
  const contentType = values["--content-type"];
  const options = { verbose, format, fail, form, ignoreStdin, baseUrl, contentType };
  // --help and --version answer whatever else the line holds (a `--help` added to a line that
  // failed gets the help, not the same error again).
  if (help || version) {
    const none = { route: undefined, parameters: [], query: [], headers: [], rawBody: undefined };
    return { help, version, ...options, maxBodySize: DEFAULT_MAX_BODY_SIZE, ...none };
  }
  if (conflict !== undefined) throw conflict;
  if (fail && (format as OutputFormat) !== "curl")
    throw new UsageError("Option --fail belongs to --curl: --curl --fail");
  const maxBodySize =
    values["--max-body-size"] === undefined ? DEFAULT_MAX_BODY_SIZE : byteCount(values["--max-body-size"]);

  // The route: one argument "METHOD url" (or a bare url), or a method and a url as two arguments.
  // A word of letters is a method, but for `localhost`, a url as in httpie.
  let route: string | undefined;
  let items = positional;
  const first = positional[0];
  if (first !== undefined) {
    if (METHOD.test(first) && first.toLowerCase() !== "localhost") {
      const url = positional[1];
      if (url === undefined) {
        throw new UsageError(`Missing url after the method ${quote(first)}: expected ${first} /path`);
      }
      route = `${first} ${urlFromArgument(url)}`;
      items = positional.slice(2);
    } else {
      const space = first.indexOf(" ");
      route =
        space === -1
          ? urlFromArgument(first)
          : `${first.slice(0, space)} ${urlFromArgument(first.slice(space + 1))}`;
      items = positional.slice(1);
    }
  }

  const parameters: [string, ItemValue][] = [];
  const query: [string, string][] = [];
  const headers: [string, string][] = [];
  let rawBody: RawBodyFile | undefined;
  // Names seen so far, in Sets: a search of the lists made 80,000 header items take a minute.
  const parameterNames = new Set<string>();
  const headerNames = new Set<string>();
  for (const item of items) {
    if (item.startsWith("@")) {
      if (rawBody !== undefined) throw new UsageError(`Give one raw body, not ${rawBody.source} and ${item}`);
      const path = item.slice(1);
      if (path === "") throw new UsageError(`Missing file name after "@" in ${quote(item)}`);
      rawBody = { path, source: item };
      continue;
    }
    const { kind, key, value } = splitItem(item);
    // The same name twice is ambiguous (a later item would replace the earlier): refused. Not
    // for name==value: a repeated query name is sent once per value, as httpie does.
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
    parameters.push([key, itemValue(value, kind === "json", item)]);
  }
  return { help, version, ...options, maxBodySize, route, parameters, query, headers, rawBody };
}
