import { LIBRARY_DEFAULTS } from "../defaults.js";
import { EndpointError, quote } from "../errors.js";
import { isPlainObject, own, setOwn } from "../object.js";
import { authorityEnd, findDotSegment, isAbsoluteUrl, validateBaseUrl } from "../url.js";
import { decodeValue, matchPieces } from "./decode.js";
import type { MatchedParameters } from "./decode.js";
import { matchQuery } from "./query.js";
import { compileRoutePattern } from "./route-pattern.js";
import type { RoutePattern } from "./route-pattern.js";
import { assertUnambiguous, compareSpecificity } from "./specificity.js";
import type { RouteKey } from "../route-types.js";
import type { RouteMatch, RouteMatcher, RouteMatcherOptions } from "./types.js";

/** A node of the trie of literal path segments (one trie per method). */
interface TrieNode {
  /** The child for each literal segment. */
  readonly literals: Map<string, TrieNode>;
  /** The child for a lone placeholder (`{x}`, `:x`), whatever its name. */
  parameter: TrieNode | undefined;
  /** The route whose path ends here. */
  end: RoutePattern | undefined;
  /** Routes whose path goes on from here with segments the trie does not hold, matched as text. */
  readonly rests: RoutePattern[];
}

const newNode = (): TrieNode => ({ literals: new Map(), parameter: undefined, end: undefined, rests: [] });

/** A route found for a request, with the raw text of its lone-placeholder segments. */
interface Found {
  readonly pattern: RoutePattern;
  readonly parameters: MatchedParameters;
}

/**
 * Compiles routes into a matcher: `match(method, url)` gives the route a request was built from,
 * and its parameters, decoded as `endpoint()` takes them — the inverse of `endpoint()`.
 *
 * `routes` is a list of route strings (`"GET /repos/{owner}/{repo}"`, `"/users/:id"`) or an object
 * whose keys are route strings. Every route is compiled once, here; a route that `endpoint()`
 * would refuse, or two routes the specificity rules cannot choose between, throw `EndpointError`
 * (`ERR_INVALID_ROUTE`, `ERR_INVALID_TEMPLATE`, `ERR_AMBIGUOUS_ROUTES`) now, never at match time.
 *
 * @example
 * const match = routeMatcher(["GET /repos/{owner}/{repo}", "GET /repos/{owner}/{repo}/issues"]);
 * match("GET", "https://api.service.example/repos/octo/hello/issues?state=open");
 * // { route: "GET /repos/{owner}/{repo}/issues", parameters: { owner: "octo", repo: "hello", state: "open" } }
 */
export function routeMatcher<Routes extends object>(
  routes: readonly RouteKey<Routes>[],
  options?: RouteMatcherOptions,
): RouteMatcher<Routes>;
export function routeMatcher<const R extends string>(
  routes: readonly R[] | { readonly [K in R]: unknown },
  options?: RouteMatcherOptions,
): RouteMatcher<{ [K in R]: unknown }>;
export function routeMatcher(routes: unknown, options?: RouteMatcherOptions): RouteMatcher<never> {
  const list = routeList(routes);
  if (options !== undefined && !isPlainObject(options)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid options: ${quote(options)}; expected a plain object`,
    );
  }
  const baseUrl = validateBaseUrl(options?.baseUrl ?? LIBRARY_DEFAULTS.baseUrl);
  // The origin a url must have (lowercase: scheme and host are case-insensitive, RFC 3986 §6.2.2.1)
  // and the base path every request target starts with.
  const pathStart = isAbsoluteUrl(baseUrl) ? authorityEnd(baseUrl) : 0;
  const origin = baseUrl.slice(0, pathStart).toLowerCase();
  const basePath = baseUrl.endsWith("/") ? baseUrl.slice(pathStart, -1) : baseUrl.slice(pathStart);

  const patterns = list.map(compileRoutePattern);
  // Routes of one method, grouped so that a pair of another method is never compared.
  const byMethod = new Map<string, RoutePattern[]>();
  for (const pattern of patterns) {
    const group = byMethod.get(pattern.method) ?? byMethod.set(pattern.method, []).get(pattern.method)!;
    for (const other of group) assertUnambiguous(other, pattern);
    group.push(pattern);
  }
  const tries = new Map<string, TrieNode>();
  for (const [method, group] of byMethod) tries.set(method, buildTrie(group));

  return function match(method: string, url: string): RouteMatch<never> | undefined {
    if (typeof method !== "string") {
      throw new EndpointError("ERR_INVALID_METHOD", `Invalid method: ${quote(method)}; expected a string`);
    }
    if (typeof url !== "string") {
      throw new EndpointError("ERR_INVALID_URL", `Invalid url: ${quote(url)}; expected a string`);
    }
    const target = requestTarget(url, origin, basePath);
    if (target === undefined) return undefined;
    const upper = method.toUpperCase();
    // RFC 9110 §9.3.2: HEAD is GET without the body; a GET route answers it when no HEAD route does.
    const found =
      lookup(tries.get(upper), target) ?? (upper === "HEAD" ? lookup(tries.get("GET"), target) : undefined);
    return found && ({ route: found.pattern.route, parameters: found.parameters } as RouteMatch<never>);
  } as RouteMatcher<never>;
}

/** The route strings of a list or of a route map's keys. */
function routeList(routes: unknown): string[] {
  if (Array.isArray(routes)) return [...(routes as unknown[])] as string[];
  if (isPlainObject(routes)) return Object.keys(routes);
  throw new EndpointError(
    "ERR_INVALID_OPTIONS",
    `Invalid routes: ${quote(routes)}; expected a list of route strings or an object keyed by them`,
  );
}

/**
 * The part of `url` after the base url: "" or from a "/", "?" or "#". `undefined` for a url of
 * another origin or outside the base path, a path that does not start with "/" (or starts with
 * "//", another host), and one with a "." or ".." segment in any spelling, which `endpoint()`
 * never writes and servers resolve away.
 */
function requestTarget(url: string, origin: string, basePath: string): string | undefined {
  let target = url;
  if (isAbsoluteUrl(url)) {
    // A path base url has no origin to compare with: absolute urls never match it.
    if (origin === "" || url.slice(0, origin.length).toLowerCase() !== origin) return undefined;
    target = url.slice(origin.length);
    // After the origin comes the path, the query or the fragment: never "@host", ":port", "x".
    if (target !== "" && !/^[/?#]/.test(target)) return undefined;
  } else if (!url.startsWith("/") || url.startsWith("//")) {
    return undefined;
  }
  if (!target.startsWith(basePath)) return undefined;
  target = target.slice(basePath.length);
  if (target !== "" && !/^[/?#]/.test(target)) return undefined;
  // (A dot segment has a "." or a "%2e": most targets have neither, and need no scan.)
  if (!target.includes(".") && !target.includes("%")) return target;
  return findDotSegment(target, 0) === undefined ? target : undefined;
}

function buildTrie(group: readonly RoutePattern[]): TrieNode {
  const root = newNode();
  for (const pattern of group) {
    let node = root;
    for (const segment of pattern.segments.slice(0, pattern.trieDepth)) {
      if (segment.kind === "literal") {
        node =
          node.literals.get(segment.text) ?? node.literals.set(segment.text, newNode()).get(segment.text)!;
      } else {
        node = node.parameter ??= newNode();
      }
    }
    if (pattern.rest === undefined) node.end = pattern;
    else node.rests.push(pattern);
  }
  return root;
}

/** The best route of a trie for `target`, or `undefined`. */
function lookup(root: TrieNode | undefined, target: string): Found | undefined {
  if (root === undefined) return undefined;
  const hash = target.indexOf("#");
  const beforeHash = hash === -1 ? target : target.slice(0, hash);
  const fragment = hash === -1 ? "" : target.slice(hash);
  const question = beforeHash.indexOf("?");
  // The base url itself, with or without its "/", is one request target (RFC 9110 §4.2.3).
  const path = (question === -1 ? beforeHash : beforeHash.slice(0, question)) || "/";
  const query = question === -1 ? "" : beforeHash.slice(question + 1);
  // "/repos/octo" → ["", "repos", "octo"]: segment i of the route is segments[i + 1].
  const segments = path.split("/");
  const request: Request = { path, segments, query, fragment, values: [] };
  return search(root, request, 1);
}

/** A request cut up for the search. */
interface Request {
  readonly path: string;
  readonly segments: readonly string[];
  readonly query: string;
  readonly fragment: string;
  /** The raw text of the lone placeholders on the way down the trie. */
  readonly values: string[];
}

/**
 * Depth-first search from `node` at segment `i`: a literal child first (a literal segment beats a
 * placeholder at the first segment where routes differ, so a match below it wins outright), then
 * the placeholder child and the routes that go on as text from here, of which the most specific
 * wins. Each node is visited at most once per lookup.
 */
function search(node: TrieNode, request: Request, i: number): Found | undefined {
  const { segments } = request;
  if (i === segments.length) {
    // The path ends here.
    let best = node.end && complete(node.end, request);
    for (const pattern of node.rests) best = better(best, complete(pattern, request), segments.length - 1);
    return best;
  }
  const segment = segments[i]!;
  const literal = node.literals.get(segment);
  if (literal !== undefined) {
    const found = search(literal, request, i + 1);
    if (found !== undefined) return found;
  }
  let best: Found | undefined;
  // A lone placeholder never takes an empty segment (`endpoint()` refuses to write one).
  if (node.parameter !== undefined && segment !== "") {
    request.values.push(segment);
    best = search(node.parameter, request, i + 1);
    request.values.pop();
  }
  for (const pattern of node.rests) best = better(best, complete(pattern, request, i), segments.length - 1);
  return best;
}

function better(a: Found | undefined, b: Found | undefined, segmentCount: number): Found | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return compareSpecificity(b.pattern, a.pattern, segmentCount) < 0 ? b : a;
}

/**
 * The parameters of `pattern` for the request, found in the trie down to segment `i` (the text
 * from there on is the route's rest), or `undefined` when the rest of the url does not fit.
 */
function complete(pattern: RoutePattern, request: Request, i = request.segments.length): Found | undefined {
  const parameters: MatchedParameters = {};
  const { trieNames, rest, fragment, requiredElsewhere } = pattern;
  for (let n = 0; n < trieNames.length; n++) {
    const decoded = decodeValue(request.values[n]!, "");
    if (decoded === undefined) return undefined;
    setOwn(parameters, trieNames[n]!, decoded);
  }
  if (rest !== undefined) {
    const text = i === request.segments.length ? "" : "/" + request.segments.slice(i).join("/");
    if (!matchPieces(rest, text, parameters)) return undefined;
  }
  if (
    (fragment.length > 0 || request.fragment !== "") &&
    !matchPieces(fragment, request.fragment, parameters)
  ) {
    return undefined;
  }
  if (
    (request.query !== "" || pattern.queryPairs.length > 0) &&
    !matchQuery(pattern, request.query, parameters)
  ) {
    return undefined;
  }
  // `endpoint()` needs a value for each required placeholder, and a non-empty one for a whole
  // segment (the trie gives lone placeholders a non-empty segment already).
  for (const name of requiredElsewhere) {
    const given = own(parameters, name);
    if (given === undefined || (given === "" && pattern.wholeSegment.has(name))) return undefined;
  }
  return { pattern, parameters };
}
