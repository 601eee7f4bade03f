import { EndpointError, VERSION, endpoint, parseTemplate, toCurl, toFetch } from "../lib/index.js";
import type { EndpointOptions, HeadersInput, RequestOptions } from "../lib/index.js";
// The library's own route → template step (the :name form), not a copy: the built command loads
// it from dist/route.mjs, the module dist/index.mjs uses (rollup.config.mjs).
import { colonToTemplate } from "../lib/route.js";
// The library's own quoting and redaction, so that the command shows no secret the library would not.
import { quote } from "../lib/errors.js";
import { isSecretParameter } from "../lib/redact.js";
import { HELP } from "./help.js";
import { UsageError, parseArguments } from "./parse-arguments.js";
import type { ReadFile } from "./parse-arguments.js";

/** Where the command writes, and what it reads. */
export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The text of a file named by an `@file` item; throws when it cannot be read. */
  readFile: ReadFile;
  /** Standard input's text when it is not a terminal, else `undefined`. Read only when needed. */
  readStdin(): string | undefined;
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

/**
 * The request options with the `name==value` items in the url's query, for every method: the url
 * is the one a GET of the same url gets, where the library puts the query items (with any
 * parameter a request without a body keeps in its url) into the query, knowing the url's own
 * query and fragment (`/x#top`, a `{+next}` value with a "?", a literal `?page=2` that `page==3`
 * replaces). A request with a body keeps its other parameters there.
 */
function withQuery(
  route: string,
  options: EndpointOptions,
  query: readonly (readonly [string, string])[],
): RequestOptions {
  const request = endpoint(route, options);
  const placeholders = placeholderNames(route);
  const inUrl = Object.entries(options).filter(
    ([key]) =>
      key === "baseUrl" || (!OPTION_KEYS.has(key) && (!("body" in request) || placeholders.has(key))),
  );
  // Object.fromEntries and a spread define own properties: "__proto__" stays a parameter. The
  // query items first, where the url's {?…} expression used to put them.
  const get = {
    method: "GET",
    url: routeUrl(route),
    ...Object.fromEntries(query),
    ...Object.fromEntries(inUrl),
  };
  return { ...request, url: endpoint(get).url };
}

/**
 * The placeholder names of a route's url, the `:name` form (CONTRACT.md "url") included, found
 * as the library finds them: a `/:name` in the query or the fragment is none.
 */
function placeholderNames(route: string): ReadonlySet<string> {
  return new Set(parseTemplate(colonToTemplate(routeUrl(route))).variableNames);
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

/**
 * The whole command: arguments in, text out, exit status returned. A thin layer over the public
 * API: `endpoint(route, options)`, `toCurl()` and `toFetch()`.
 */
export function run(argv: readonly string[], output: Output): number {
  try {
    const commandLine = parseArguments(argv, output.readFile);
    if (commandLine.help) {
      output.stdout(HELP);
      return 0;
    }
    if (commandLine.version) {
      output.stdout(`${VERSION}\n`);
      return 0;
    }
    if (commandLine.route === undefined) {
      throw new UsageError(
        'Missing route: expected METHOD /path or "METHOD /path", for example GET /repos/{owner}/{repo}',
      );
    }
    // Object.fromEntries defines own properties: an item named __proto__ is a key like any
    // other. No key comes twice: parseArguments refuses that.
    const options: EndpointOptions = Object.fromEntries(commandLine.parameters);
    const route = commandLine.route;

    const query: [string, string][] = [];
    const queryNames = new Set<string>(); // a Set, not a search of the list: linear in the items
    if (commandLine.query.length > 0) {
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
          throw new UsageError(
            `Invalid query item ${queryItem(given, value)}: its %XX triplets are not UTF-8`,
          );
        }
        if (queryNames.has(name)) {
          throw new UsageError(`Give the query parameter ${quote(name)} once, not twice`);
        }
        if (Object.hasOwn(options, name)) {
          throw new UsageError(`Give ${quote(name)} once: as name==value (query) or name=value, not both`);
        }
        queryNames.add(name);
        query.push([name, value]);
      }
      // The route's own placeholders would take the value in the path instead: ambiguous.
      const taken = placeholderNames(route);
      const clash = query.find(([name]) => taken.has(name))?.[0];
      if (clash !== undefined) {
        throw new UsageError(
          `Query item ${quote(`${clash}==`)} names a placeholder of the route: write ${clash}=value`,
        );
      }
    }

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
    if (commandLine.baseUrl !== undefined) {
      if (Object.hasOwn(options, "baseUrl")) {
        throw new UsageError("Give the base url once: --base-url or a baseUrl= item, not both");
      }
      options.baseUrl = commandLine.baseUrl;
    }

    // A raw body: @file, else standard input when it is not a terminal and holds something.
    let rawBody = commandLine.rawBody;
    if (rawBody === undefined && !commandLine.ignoreStdin) {
      const text = output.readStdin();
      if (text !== undefined && text !== "") rawBody = { text, source: "standard input" };
    }
    if (rawBody !== undefined && Object.hasOwn(options, "data")) {
      throw new UsageError(`Give the body once: ${rawBody.source} or a data:= item, not both`);
    }
    // A raw body on a GET: say so, before the library's "options.data is set" (an option the user
    // never wrote) or a parameter said lost to a body that cannot be sent.
    const method = rawBody === undefined ? undefined : methodOf(route, options);
    if (rawBody !== undefined && method !== undefined && !BODY_METHODS.has(method.toUpperCase())) {
      throw new UsageError(
        rawBody.source === "standard input"
          ? `Standard input holds a body, but ${method.toUpperCase()} sends none: give --ignore-stdin to leave it unread`
          : `${rawBody.source} is a body, but ${method.toUpperCase()} sends none: only POST, PUT, PATCH and DELETE send one`,
      );
    }
    // With a body (a raw one, or a data item), every parameter that no placeholder takes would be
    // dropped by the library: ambiguous, so refused rather than lost without a word.
    const bodySource = rawBody?.source ?? (Object.hasOwn(options, "data") ? "the data item" : undefined);
    if (bodySource !== undefined) {
      const placeholders = placeholderNames(route);
      const stray = commandLine.parameters.find(([key]) => !OPTION_KEYS.has(key) && !placeholders.has(key));
      if (stray !== undefined) {
        throw new UsageError(
          `Item ${quote(stray[0])} would be lost: the body is ${bodySource}; write ${stray[0]}==value for the query`,
        );
      }
    }
    if (rawBody !== undefined) options.data = rawBody.text;
    if (commandLine.contentType !== undefined) {
      if (rawBody === undefined) {
        throw new UsageError("Option --content-type is for a raw body (@file or standard input)");
      }
      const given = headersToAddTo(options, "--content-type") ?? {};
      const clash = Object.keys(given).find((name) => name.toLowerCase() === "content-type");
      if (clash !== undefined) {
        throw new UsageError(`Give the content-type once: --content-type or a ${clash}: header, not both`);
      }
      options.headers = { ...given, "content-type": commandLine.contentType };
    }

    const requestOptions = query.length > 0 ? withQuery(route, options, query) : endpoint(route, options);
    if (commandLine.format === "curl") output.stdout(curlCommand(requestOptions, commandLine.fail));
    else if (commandLine.format === "fetch") output.stdout(fetchCall(requestOptions));
    else output.stdout(`${JSON.stringify(requestOptions, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      // Cut as the library's messages are: a name of an item can be long.
      const message = error.message.length > 1000 ? `${error.message.slice(0, 999)}…` : error.message;
      output.stderr(`service-endpoint: ${message} (see service-endpoint --help)\n`);
      return 2;
    }
    if (error instanceof EndpointError) {
      output.stderr(`service-endpoint: ${error.code}: ${error.message}\n`);
      return 1;
    }
    output.stderr(`service-endpoint: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
