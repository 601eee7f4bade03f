import {
  EndpointBuilder,
  EndpointError,
  VERSION,
  callable,
  endpoint,
  parseTemplate,
  querySerializer,
  toCurl,
  toFetch,
} from "../lib/index.js";
import type {
  EndpointOptions,
  HeadersInput,
  QueryContext,
  QueryParameters,
  RequestOptions,
} from "../lib/index.js";
// The library's own route → template step (the :name form), not a copy: the built command loads
// it from dist/route.mjs, the module dist/index.mjs uses (rollup.config.mjs).
import { colonToTemplate } from "../lib/route.js";
// The library's own quoting and redaction, so that the command shows no secret the library would not.
import { quote } from "../lib/errors.js";
import { isSecretParameter, quoteUrl } from "../lib/redact.js";
import { escapeInvisible, escapeLine } from "./escape.js";
import { HELP } from "./help.js";
import { UsageError, parseArguments, parseJsonItem } from "./parse-arguments.js";
import type { CommandLine } from "./parse-arguments.js";
import { checkArgumentsAreUtf8 } from "./utf8-arguments.js";

/** What a bounded read gave: at most `limit` bytes, or `overLimit` when there were more. */
export interface BoundedRead {
  readonly bytes: Uint8Array;
  /** There was more than `limit`: reading stopped there (or never started, for a larger file). */
  readonly overLimit: boolean;
}

/** Where the command writes, and what it reads. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** `SERVICE_ENDPOINT_BASE_URL`, or undefined when it is unset or empty. */
  readonly environmentBaseUrl: string | undefined;
  /** The process's arguments as bytes (Linux: /proc/self/cmdline), or undefined where unseen. */
  rawArguments(): readonly Uint8Array[] | undefined;
  /** At most `limit` bytes of a file named by an item; throws a UsageError when it cannot be read. */
  readFile(path: string, limit: number): Promise<BoundedRead>;
  /** At most `limit` bytes of standard input, or undefined when it is a terminal. */
  readStdin(limit: number): Promise<BoundedRead | undefined>;
}

/** A `name==value` item for a message, the value of a secret-like name (`token==…`) not shown. */
function queryItem(name: string, value: string): string {
  return quote(`${name}==${isSecretParameter(name) ? "***" : value}`);
}

/** Option keys of `endpoint()` (spec §2.1): never a query parameter of `name==value`. */
const OPTION_KEYS = new Set(["method", "url", "baseUrl", "headers", "mediaType", "data", "request"]);

/**
 * The methods that send a body: spec §2.4, "body … Only for PATCH, POST, PUT and DELETE
 * requests" (the library's own check is not a public export).
 */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The request's method as the library merges it (the route's, a `method=` item's, else GET), or
 * undefined when the library refuses the route or options anyway: its own error says so later.
 */
function methodOf(route: string, options: EndpointOptions): string | undefined {
  try {
    return endpoint.merge(route, options).method;
  } catch {
    return undefined;
  }
}

/** A "%" that starts no %XX triplet (RFC 3986 §2.1): a query name's triplets are decoded. */
const STRAY_PERCENT = /%(?![\dA-Fa-f]{2})/;

/** The url part of a route (`"POST /x"` → `"/x"`). */
function routeUrl(route: string): string {
  const space = route.indexOf(" ");
  return space === -1 ? route : route.slice(space + 1);
}

/** A name==value item's values, as the GET that writes them takes them: a repeated name as a list. */
type QueryItems = ReadonlyMap<string, readonly string[]>;

/**
 * The function that writes the url of `withQuery()`: the library's, but the names of `query`
 * are written once per value (`tag==a tag==b` is `tag=a&tag=b`, httpie's rule; OpenAPI's `form`
 * style, explode true), and every other parameter as the library writes it.
 */
function queryItemsEndpoint(query: QueryItems) {
  const repeat = querySerializer({ array: "repeat" });
  class QueryItemsBuilder extends EndpointBuilder {
    override serializeQuery(parameters: QueryParameters, context: QueryContext): string {
      const items = parameters.filter(([name]) => query.has(name));
      const others = parameters.filter(([name]) => !query.has(name));
      return [repeat(items), super.serializeQuery(others, context)].filter((part) => part !== "").join("&");
    }
  }
  return callable(new QueryItemsBuilder());
}

/**
 * The request options with the `name==value` items in the url's query, for every method: the url
 * is the one a GET of the same url gets, where the library puts the query items (with any
 * parameter a request without a body keeps in its url) into the query, knowing the url's own
 * query and fragment (`/x#top`, a `{+next}` value with a "?", a literal `?page=2` that `page==3`
 * replaces). A request with a body keeps its other parameters there.
 */
function withQuery(route: string, options: EndpointOptions, query: QueryItems): RequestOptions {
  const request = endpoint(route, options);
  const placeholders = placeholderNames(route);
  const inUrl = Object.entries(options).filter(
    ([key]) =>
      key === "baseUrl" || (!OPTION_KEYS.has(key) && (!("body" in request) || placeholders.has(key))),
  );
  // Object.fromEntries and a spread define own properties: "__proto__" stays a parameter. The
  // query items first, where the url's {?…} expression used to put them.
  const values = [...query].map(([name, list]) => [name, list.length === 1 ? list[0] : list] as const);
  const get = {
    method: "GET",
    url: routeUrl(route),
    ...Object.fromEntries(values),
    ...Object.fromEntries(inUrl),
  };
  return { ...request, url: queryItemsEndpoint(query)(get).url };
}

/**
 * The placeholder names of a route's url, the `:name` form (CONTRACT.md "url") included, found
 * as the library finds them: a `/:name` in the query or the fragment is none.
 */
function placeholderNames(route: string): ReadonlySet<string> {
  return new Set(parseTemplate(colonToTemplate(routeUrl(route))).variableNames);
}

/** `placeholderNames()`, or none for a url the library refuses: its own error says so, later. */
function placeholderNamesIfValid(route: string): ReadonlySet<string> {
  try {
    return placeholderNames(route);
  } catch {
    return new Set();
  }
}

/**
 * The `headers:=` item, which Name:value items and --content-type (`what`) add to: it must be a
 * JSON object, or spreading it would invent headers ("abc" → "0": "a", …) or drop it (5).
 */
function headersToAddTo(options: EndpointOptions, what: string): HeadersInput | undefined {
  const given: unknown = options.headers;
  if (given !== undefined && (given === null || typeof given !== "object" || Array.isArray(given))) {
    throw new UsageError(
      `Item headers:= must be a JSON object to take ${what} too, got ${typeof given === "string" ? "a string" : quote(given)}`,
    );
  }
  return given as HeadersInput | undefined;
}

/** The `fetch()` call as JavaScript: a string literal per string, bytes as a Uint8Array. */
function fetchCall(requestOptions: RequestOptions): string {
  const [url, init] = toFetch(requestOptions);
  const lines = Object.entries(init).map(([key, value]) => {
    let text: string;
    if (value instanceof Uint8Array) text = `new Uint8Array([${value.join(", ")}])`;
    else text = JSON.stringify(value, null, 2).replace(/\n/g, "\n  ");
    return `  ${key}: ${text},`;
  });
  return `await fetch(${JSON.stringify(url)}, {\n${lines.join("\n")}\n});\n`;
}

/** Inserts curl's options after the leading `curl -q` of `toCurl()`'s command. */
function curlCommand(requestOptions: RequestOptions, fail: boolean): string {
  const command = toCurl(requestOptions);
  // -q only works as curl's very first argument (it stops ~/.curlrc from being read): the options go after it.
  if (!command.startsWith("curl -q "))
    throw new Error(`toCurl() returned a command that does not start with "curl -q ": ${command}`);
  // -sS: no progress meter, but errors still shown; --fail only when asked (it hides the body of an error response).
  return `curl -q -sS${fail ? " --fail" : ""}${command.slice("curl -q".length)}\n`;
}

/** The content-type of `--form`, as httpie sends it. */
const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded; charset=utf-8";

/** A limit for a message: `64 MiB`, `512 KiB`, `1000 bytes`. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 ** 2 && bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} byte${bytes === 1 ? "" : "s"}`;
}

// Files and standard input must be UTF-8: the request options carry text, and a byte that is not
// UTF-8 would otherwise turn into U+FFFD, a different body sent without a word. (A BOM is kept.)
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads files and standard input as text within one budget, `--max-body-size` for all of them
 * together: what is past it is refused, never read on (`a=@/dev/zero`, `yes | …`).
 */
class BodyReader {
  #left: number;
  constructor(
    private readonly io: Io,
    private readonly limit: number,
  ) {
    this.#left = limit;
  }

  #text(read: BoundedRead, what: string): string {
    if (read.overLimit) {
      throw new UsageError(
        `${what} is larger than --max-body-size allows (${sizeText(this.limit)} for files and standard input together); give a larger --max-body-size`,
      );
    }
    this.#left -= read.bytes.length;
    try {
      return utf8.decode(read.bytes);
    } catch {
      throw new UsageError(`${what} is not UTF-8 text; send bytes with curl --data-binary @file instead`);
    }
  }

  async file(path: string): Promise<string> {
    return this.#text(await this.io.readFile(path, this.#left), `The file ${quote(path)}`);
  }

  async stdin(): Promise<string | undefined> {
    const read = await this.io.readStdin(this.#left);
    return read === undefined ? undefined : this.#text(read, "Standard input");
  }
}

/** The output of the command for these request options: JSON, a curl command or a fetch() call. */
function render(commandLine: CommandLine, requestOptions: RequestOptions): string {
  if (commandLine.format === "curl") return curlCommand(requestOptions, commandLine.fail);
  if (commandLine.format === "fetch") return fetchCall(requestOptions);
  return `${JSON.stringify(requestOptions, null, 2)}\n`;
}

/**
 * The name==value items, checked: any name but an option key, its %XX triplets read as UTF-8,
 * neither a placeholder of the route nor a parameter of a name=value item.
 */
function queryItems(commandLine: CommandLine, route: string, options: EndpointOptions): QueryItems {
  const query = new Map<string, string[]>();
  for (const [given, value] of commandLine.query) {
    // Any name the library can write in a query (`per-page`, `q[]`, `filter[state]`); query
    // items reach it as the parameters of a GET, not through a {?…} expression, so they need
    // not be RFC 6570 varnames. An option key would be taken as that option.
    if (OPTION_KEYS.has(given)) {
      throw new UsageError(
        `Invalid query item ${queryItem(given, value)}: ${quote(given)} is an option of the library, not a query parameter`,
      );
    }
    if (STRAY_PERCENT.test(given)) {
      throw new UsageError(
        `Invalid query item ${queryItem(given, value)}: a "%" in the name must start a %XX triplet`,
      );
    }
    // The library encodes a query name itself: a name's %XX triplets are read as the UTF-8
    // they spell (RFC 3986 §2.1), so `a%2F==1` sends `a%2F=1`, not `a%252F=1`.
    let name: string;
    try {
      name = decodeURIComponent(given);
    } catch {
      throw new UsageError(`Invalid query item ${queryItem(given, value)}: its %XX triplets are not UTF-8`);
    }
    if (Object.hasOwn(options, name)) {
      throw new UsageError(`Give ${quote(name)} once: as name==value (query) or name=value, not both`);
    }
    const values = query.get(name);
    if (values === undefined) query.set(name, [value]);
    else values.push(value);
  }
  // The route's own placeholders would take the value in the path instead: ambiguous.
  if (query.size > 0) {
    const taken = placeholderNamesIfValid(route);
    const clash = [...query.keys()].find((name) => taken.has(name));
    if (clash !== undefined) {
      throw new UsageError(
        `Query item ${quote(`${clash}==`)} names a placeholder of the route: write ${clash}=value`,
      );
    }
  }
  return query;
}

/**
 * Does this item make a body? A parameter that no placeholder takes and that is no option key,
 * or a `data` item: standard input is then not read (httpie reads it only without such items).
 */
function isBodyItem(key: string, placeholders: ReadonlySet<string>): boolean {
  return key === "data" || (!OPTION_KEYS.has(key) && !placeholders.has(key));
}

/** Adds a content-type header (`--content-type`, `--form`), refusing a second one. */
function withContentType(options: EndpointOptions, contentType: string, option: string): void {
  const given = headersToAddTo(options, option) ?? {};
  const clash = Object.keys(given).find((name) => name.toLowerCase() === "content-type");
  if (clash !== undefined) {
    throw new UsageError(`Give the content-type once: ${option} or a ${clash}: header, not both`);
  }
  options.headers = { ...given, "content-type": contentType };
}

/**
 * The whole command: arguments in, text out, exit status returned. A thin layer over the public
 * API: `endpoint(route, options)`, `toCurl()` and `toFetch()`. Every argument is checked, and
 * the request built once without a body, before standard input is read: a command that would
 * fail says so at once instead of waiting for input.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  // Every output escapes what a terminal would hide or act on: what is shown is what runs.
  const stdout = (text: string) => io.stdout(escapeInvisible(text));
  try {
    checkArgumentsAreUtf8(argv, () => io.rawArguments());
    const commandLine = parseArguments(argv);
    if (commandLine.help) {
      stdout(HELP);
      return 0;
    }
    if (commandLine.version) {
      stdout(`${VERSION}\n`);
      return 0;
    }
    if (commandLine.route === undefined) {
      throw new UsageError(
        'Missing route: expected METHOD /path or "METHOD /path", for example GET /repos/{owner}/{repo}',
      );
    }
    const route = commandLine.route;
    const reader = new BodyReader(io, commandLine.maxBodySize);

    // Object.fromEntries defines own properties: an item named __proto__ is a key like any
    // other. No key comes twice: parseArguments refuses that.
    const entries: [string, unknown][] = [];
    for (const [key, value] of commandLine.parameters) {
      if (value.from === "line") entries.push([key, value.value]);
      else {
        const text = await reader.file(value.path);
        entries.push([key, value.json ? parseJsonItem(text, value.item, value.path) : text]);
      }
    }
    const options: EndpointOptions = Object.fromEntries(entries);
    const query = queryItems(commandLine, route, options);

    if (commandLine.headers.length > 0) {
      // Header items add to a headers:='{…}' item rather than replace it. The same name in both
      // is ambiguous (which one was meant?), refused like two Name:value items of one name and
      // like --content-type beside a content-type header.
      const given = headersToAddTo(options, "Name:value header items");
      const names = new Set(Object.keys(given ?? {}).map((name) => name.toLowerCase()));
      const clash = commandLine.headers.find(([name]) => names.has(name.toLowerCase()))?.[0];
      if (clash !== undefined) {
        throw new UsageError(
          `Give the header ${quote(clash)} once: in the headers:= item or as ${clash}:value, not both`,
        );
      }
      options.headers = { ...given, ...Object.fromEntries(commandLine.headers) };
    }
    // The base url: --base-url, a baseUrl= item (not both), else SERVICE_ENDPOINT_BASE_URL.
    if (commandLine.baseUrl !== undefined) {
      if (Object.hasOwn(options, "baseUrl")) {
        throw new UsageError("Give the base url once: --base-url or a baseUrl= item, not both");
      }
      options.baseUrl = commandLine.baseUrl;
    } else if (io.environmentBaseUrl !== undefined && !Object.hasOwn(options, "baseUrl")) {
      if (io.environmentBaseUrl.includes("\ufffd")) {
        throw new UsageError(
          `SERVICE_ENDPOINT_BASE_URL ${quoteUrl(io.environmentBaseUrl)} holds U+FFFD, which stands for bytes that are not UTF-8: give it in UTF-8`,
        );
      }
      options.baseUrl = io.environmentBaseUrl;
    }

    const placeholders = placeholderNamesIfValid(route);
    const method = methodOf(route, options);
    const sendsBody = method !== undefined && BODY_METHODS.has(method.toUpperCase());
    const hasData = Object.hasOwn(options, "data");
    if (commandLine.form) {
      if (commandLine.rawBody !== undefined) {
        throw new UsageError(
          `Option --form sends the key=value items, not a raw body: for ${commandLine.rawBody.source} give --content-type application/x-www-form-urlencoded`,
        );
      }
      if (hasData) throw new UsageError("Option --form sends the key=value items, not a data item");
      if (method !== undefined && !sendsBody) {
        throw new UsageError(
          `Option --form sends a body, but ${method.toUpperCase()} sends none: only POST, PUT, PATCH and DELETE send one`,
        );
      }
      withContentType(options, FORM_CONTENT_TYPE, "--form");
    }

    let rawBody: { text: string; source: string } | undefined;
    if (commandLine.rawBody !== undefined) {
      const { path, source } = commandLine.rawBody;
      if (hasData) throw new UsageError(`Give the body once: ${source} or a data:= item, not both`);
      // A raw body on a GET: say so, before the library's "options.data is set" (an option the
      // user never wrote) or a parameter said lost to a body that cannot be sent.
      if (method !== undefined && !sendsBody) {
        throw new UsageError(
          `${source} is a body, but ${method.toUpperCase()} sends none: only POST, PUT, PATCH and DELETE send one`,
        );
      }
      rawBody = { text: await reader.file(path), source };
    }
    // With a body (a raw one, or a data item), every parameter that no placeholder takes would be
    // dropped by the library: ambiguous, so refused rather than lost without a word.
    const bodySource = rawBody?.source ?? (hasData ? "the data item" : undefined);
    if (bodySource !== undefined) {
      const stray = commandLine.parameters.find(([key]) => !OPTION_KEYS.has(key) && !placeholders.has(key));
      if (stray !== undefined) {
        throw new UsageError(
          `Item ${quote(stray[0])} would be lost: the body is ${bodySource}; write ${stray[0]}==value for the query`,
        );
      }
    }

    // Standard input is the body only where one can go and nothing else gives it (httpie's rule).
    const readsStdin =
      rawBody === undefined &&
      !commandLine.ignoreStdin &&
      !commandLine.form &&
      sendsBody &&
      !commandLine.parameters.some(([key]) => isBodyItem(key, placeholders));
    if (commandLine.contentType !== undefined && rawBody === undefined && !readsStdin) {
      throw new UsageError("Option --content-type is for a raw body (@file or standard input)");
    }
    // The options of the call, with the raw body once it is known.
    const callOptions = (body: string | undefined): EndpointOptions => {
      if (body === undefined) return options;
      const call: EndpointOptions = { ...options, data: body };
      if (commandLine.contentType !== undefined)
        withContentType(call, commandLine.contentType, "--content-type");
      return call;
    };
    const build = (body: string | undefined): RequestOptions =>
      query.size > 0 ? withQuery(route, callOptions(body), query) : endpoint(route, callOptions(body));
    if (readsStdin) {
      // Everything that does not depend on the body is checked first: built and rendered once
      // with an empty one, so a command that fails anyway never waits for its input.
      render(commandLine, build(""));
      const text = await reader.stdin();
      if (text !== undefined && text !== "") rawBody = { text, source: "standard input" };
      if (commandLine.contentType !== undefined && rawBody === undefined) {
        throw new UsageError("Option --content-type is for a raw body (@file or standard input)");
      }
    }
    if (commandLine.verbose) {
      const merged = endpoint.merge(route, callOptions(rawBody?.text));
      io.stderr(escapeInvisible(`${JSON.stringify(merged, null, 2)}\n`));
    }
    stdout(render(commandLine, build(rawBody?.text)));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      // Cut as the library's messages are: a name of an item can be long.
      const message = error.message.length > 1000 ? `${error.message.slice(0, 999)}…` : error.message;
      io.stderr(`service-endpoint: ${escapeLine(message)} (see service-endpoint --help)\n`);
      return 2;
    }
    if (error instanceof EndpointError) {
      io.stderr(`service-endpoint: ${error.code}: ${escapeLine(error.message)}\n`);
      return 1;
    }
    io.stderr(`service-endpoint: ${escapeLine(error instanceof Error ? error.message : String(error))}\n`);
    return 1;
  }
}
