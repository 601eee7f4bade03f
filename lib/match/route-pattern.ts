import { EndpointError, quote } from "../errors.js";
import { quoteUrl } from "../redact.js";
import { colonToTemplate, parseRoute } from "../route.js";
import { isAbsoluteUrl } from "../url.js";
import { encodeReserved } from "../uri-template/encode.js";
import { partsOf, tokenize } from "../uri-template/tokenize.js";
import type { TemplateExpression, TemplateVariable } from "../uri-template/types.js";

/** A literal (as `endpoint()` writes it: non-ASCII pct-encoded) or an expression of a template. */
export type Piece = string | TemplateExpression;

/**
 * One path segment of a route's template, between two "/": a literal, a lone placeholder
 * (`{x}`, `:x`), or anything else that holds an expression (`{name}.json`, `{;v}`, `{a},{b}`).
 */
export type Segment =
  | { readonly kind: "literal"; readonly text: string }
  | { readonly kind: "parameter"; readonly name: string }
  | { readonly kind: "expression"; readonly prefix: string; readonly suffix: string };

/** A route compiled for matching: what the trie files it under and what checks the rest. */
export interface RoutePattern {
  /** The route as given. */
  readonly route: string;
  /** Uppercase; `GET` for a bare url. */
  readonly method: string;
  /** The path's segments up to the first one an expression can make several of (`{/x}`, `{+x}`, `{#x}`). */
  readonly segments: readonly Segment[];
  /** Whether an expression after `segments` can make any number of further segments. */
  readonly open: boolean;
  /** How many leading segments the trie holds: literals and lone placeholders. */
  readonly trieDepth: number;
  /** The names of the lone placeholders among those segments, in order. */
  readonly trieNames: readonly string[];
  /** Required placeholders that the trie does not give a value (it never gives an empty one). */
  readonly requiredElsewhere: readonly string[];
  /** The path template from segment `trieDepth` on (with its leading "/"), matched as text. */
  readonly rest: readonly Piece[] | undefined;
  /** The literal `name=value` pairs of the template's query (`/search?type=repo{&q}`), as written. */
  readonly queryPairs: readonly string[];
  /** The variables of its `{?…}` and `{&…}` expressions, by name. */
  readonly queryVariables: ReadonlyMap<string, TemplateVariable>;
  /** The fragment part (from a literal "#" or a `{#…}` expression), matched as text. */
  readonly fragment: readonly Piece[];
  /** Placeholders of the path, counted for specificity. */
  readonly placeholderCount: number;
  /** Every variable name of the template: a query key naming one is not an extra parameter. */
  readonly names: ReadonlySet<string>;
  /** `{x}`, `{+x}`, `:x` of the path: a match must give them a value, as `endpoint()` requires. */
  readonly required: ReadonlySet<string>;
  /** Required placeholders that are a whole path segment: `""` would leave the segment empty. */
  readonly wholeSegment: ReadonlySet<string>;
}

/** Operators whose expansion can hold "/" and so make several path segments (RFC 6570 §3.2.3, §3.2.4, §3.2.6). */
const SPANS_SEGMENTS = new Set(["/", "+", "#"]);

function invalidRoute(route: string, problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_ROUTE", `Invalid route ${quoteUrl(route)}: ${problem}`);
}

/**
 * Compiles a route (`"GET /repos/{owner}/{repo}"`, `"/users/:id"`) for matching. The template is
 * read by the engine's own tokenizer, so a route the matcher takes is a route `endpoint()` takes.
 */
export function compileRoutePattern(route: string): RoutePattern {
  if (typeof route !== "string") {
    throw new EndpointError("ERR_INVALID_ROUTE", `Invalid route: ${quote(route)}; expected a string`);
  }
  const parsed = parseRoute(route);
  const template = colonToTemplate(parsed.url);
  // A matcher reads a request against its own baseUrl; a route that names its own host would
  // need a second origin check per route.
  if (isAbsoluteUrl(template))
    throw invalidRoute(route, "a route to match must be a path, not an absolute URL");
  const [steps, starts] = tokenize(template);
  const parts = partsOf(template, steps, starts);

  // Split the template where endpoint() splits the url it writes: the query starts at the first
  // "?" literal or `{?…}`/`{&…}` expression, the fragment at the first "#" or `{#…}`.
  const path: Piece[] = [];
  const query: Piece[] = [];
  const fragment: Piece[] = [];
  let part: Piece[] = path;
  for (const piece of parts) {
    if (typeof piece === "string") {
      let literal = encodeReserved(piece, "");
      if (part === path) {
        const queryAt = literal.search(/[?#]/);
        if (queryAt !== -1) {
          path.push(literal.slice(0, queryAt));
          literal = literal.slice(queryAt);
          part = literal.startsWith("?") ? query : fragment;
        }
      }
      if (part === query) {
        const hash = literal.indexOf("#");
        if (hash !== -1) {
          query.push(literal.slice(0, hash));
          literal = literal.slice(hash);
          part = fragment;
        }
      }
      part.push(literal);
    } else {
      if (piece.operator === "#") part = fragment;
      else if ((piece.operator === "?" || piece.operator === "&") && part === path) part = query;
      part.push(piece);
    }
  }
  if (query.some((piece) => typeof piece !== "string" && piece.operator !== "?" && piece.operator !== "&")) {
    throw invalidRoute(route, "only {?…} and {&…} expressions can be matched in the query");
  }

  // endpoint() joins a path to its baseUrl with one "/": a template that starts otherwise
  // ("repos/{x}", "{x}", or none at all: "{?q}") is read as if it started with "/". `{/x}` writes its own.
  const first = path[0];
  if (first === undefined || !(typeof first === "string" ? first.startsWith("/") : first.operator === "/")) {
    path.unshift("/");
  }

  const required = new Set<string>();
  const wholeSegment = new Set<string>();
  const names = new Set<string>();
  let placeholderCount = 0;
  for (const piece of [...path, ...query, ...fragment]) {
    if (typeof piece === "string") continue;
    for (const { name } of piece.variables) names.add(name);
  }
  path.forEach((piece, p) => {
    // The contract: `{x}`, `{+x}` (and `:x`) in the path must have a value, and a non-empty one
    // when the placeholder is a whole segment.
    if (typeof piece === "string" || (piece.operator !== "" && piece.operator !== "+")) return;
    for (const { name } of piece.variables) required.add(name);
    const before = path[p - 1];
    const after = path[p + 1];
    if (
      piece.variables.length === 1 &&
      typeof before === "string" &&
      before.endsWith("/") &&
      (after === undefined || (typeof after === "string" && after.startsWith("/")))
    ) {
      wholeSegment.add(piece.variables[0]!.name);
    }
  });

  // Cut the path into segments at every literal "/", until an expression that can write "/".
  const segments: Segment[] = [];
  let current: Piece[] | undefined;
  let open = false;
  const close = () => {
    if (current !== undefined) segments.push(segmentOf(current));
  };
  for (let p = 0; p < path.length && !open; p++) {
    const piece = path[p]!;
    if (typeof piece === "string") {
      const texts = piece.split("/");
      // the text before the first "/" continues the current segment
      if (texts[0] !== "") (current ??= []).push(texts[0]!);
      for (let t = 1; t < texts.length; t++) {
        close();
        current = texts[t] === "" ? [] : [texts[t]!];
      }
      continue;
    }
    placeholderCount += piece.variables.length;
    if (SPANS_SEGMENTS.has(piece.operator)) {
      // `{/x}` starts segments of its own; `{+x}` and `{#x}` continue the current one.
      if (piece.operator === "/") close();
      open = true;
      // Placeholders after this one still count.
      for (const later of path.slice(p + 1))
        if (typeof later !== "string") placeholderCount += later.variables.length;
      break;
    }
    (current ??= []).push(piece);
  }
  if (!open) close();

  // The trie holds the leading literals and lone placeholders; the rest is matched as text.
  let trieDepth = 0;
  while (trieDepth < segments.length && segments[trieDepth]!.kind !== "expression") trieDepth++;
  let rest: Piece[] | undefined;
  if (trieDepth < segments.length || open) {
    rest = restOf(path, trieDepth);
  }
  const queryPairs: string[] = [];
  const queryVariables = new Map<string, TemplateVariable>();
  for (const piece of query) {
    if (typeof piece !== "string") {
      for (const variable of piece.variables) queryVariables.set(variable.name, variable);
      continue;
    }
    // "?a=1&b=2": the pairs, without the "?" that starts the query
    for (const pair of (piece.startsWith("?") ? piece.slice(1) : piece).split("&")) {
      if (pair !== "") queryPairs.push(pair);
    }
  }
  const trieNames = segments
    .slice(0, trieDepth)
    .flatMap((segment) => (segment.kind === "parameter" ? [segment.name] : []));
  const requiredElsewhere = [...required].filter((name) => !trieNames.includes(name));
  return {
    route,
    method: (parsed.method ?? "GET").toUpperCase(),
    segments,
    open,
    trieDepth,
    trieNames,
    requiredElsewhere,
    rest,
    queryPairs,
    queryVariables,
    fragment,
    placeholderCount,
    names,
    required,
    wholeSegment,
  };
}

/** What a segment's pieces are, for the trie and for specificity. */
function segmentOf(pieces: Piece[]): Segment {
  if (pieces.every((piece) => typeof piece === "string")) return { kind: "literal", text: pieces.join("") };
  const [only] = pieces;
  if (
    pieces.length === 1 &&
    typeof only === "object" &&
    only.operator === "" &&
    only.variables.length === 1 &&
    !only.variables[0]!.explode &&
    only.variables[0]!.maxLength === undefined
  ) {
    return { kind: "parameter", name: only.variables[0]!.name };
  }
  const firstExpression = pieces.findIndex((piece) => typeof piece !== "string");
  let lastExpression = pieces.length - 1;
  while (typeof pieces[lastExpression] === "string") lastExpression--;
  return {
    kind: "expression",
    prefix: pieces.slice(0, firstExpression).join(""),
    suffix: pieces.slice(lastExpression + 1).join(""),
  };
}

/** The path pieces from the start of segment `depth` on, with the "/" before it. */
function restOf(path: readonly Piece[], depth: number): Piece[] {
  // Skip `depth + 1` literal "/" (the leading one, then one per trie segment).
  let slashes = depth + 1;
  for (let p = 0; p < path.length; p++) {
    const piece = path[p]!;
    if (typeof piece !== "string") {
      if (slashes === 1 && piece.operator === "/") return path.slice(p);
      continue;
    }
    for (let i = 0; i < piece.length; i++) {
      if (piece.charCodeAt(i) === 0x2f /* / */ && --slashes === 0) {
        return [piece.slice(i), ...path.slice(p + 1)];
      }
    }
  }
  return [];
}
