import { CACHE_SIZE, CACHE_WEIGHT, boundedCache } from "./bounded-cache.js";
import { EndpointError, quote } from "./errors.js";
import { quoteUrl, redactUrl } from "./redact.js";
import { internalize, undefinedArray } from "./object.js";
import { colonToTemplate } from "./route.js";
import { encodeReserved, encodeUnreserved } from "./uri-template/encode.js";
import { compileTemplate, programOf } from "./uri-template/compile.js";
import { expandVarspec } from "./uri-template/expand-varspec.js";
import { parseTemplate } from "./uri-template/index.js";
import type { TemplateExpression, UriTemplate } from "./uri-template/index.js";
import {
  authorityEnd,
  dotSegmentLabel,
  findDotSegment,
  isAbsoluteUrl,
  isValidAbsoluteUrl,
  queryKey,
} from "./url.js";

/** What `parse()` needs to know about one url, computed once per distinct url. */
export interface CompiledUrl {
  /** The url as given (`:name` form included). */
  readonly url: string;
  /** The url with `:name` turned into `{name}`, compiled: the same object `parseTemplate` caches. */
  readonly template: UriTemplate;
  /** Kept in the cache (a url's second use): worth a plan of its own for each route that names it. */
  readonly cached: boolean;
  /** The expansion from slots: `values[i]` is the value of `template.variableNames[i]`. */
  readonly expand: (values: readonly unknown[]) => string;
  /**
   * For a url of literals and `{name}` expressions, none of whose literals holds "." or "%": the
   * expansion when every value is a finite number or a string other than "" that cannot add to a
   * dot segment (`mayMakeDotSegment`), which
   * then passes every check of `buildRequest` (a required placeholder has a value, no path
   * segment is left empty, no value makes a dot segment); else `undefined`, and the url takes
   * the checks and `expand`.
   */
  readonly expandChecked: PathExpander | undefined;
  /** The slot of each variable name: a Map, so hostile templates cost linear time. */
  readonly slotOf: ReadonlyMap<string, number>;
  /**
   * The variable names by slot, internalized (see `slotOf()`). A call's slots are an array of
   * `names.length` (see `emptySlots()`).
   */
  readonly names: readonly string[];
  /** The slots of the path placeholders that must have a value (CONTRACT.md, "parse()"). */
  readonly requiredSlots: readonly number[];
  /**
   * The runs of those that make a whole path segment on their own (`/{x}/`, `/{x}{y}/`), each
   * placeholder of one variable: when every one of a run expands to nothing, the segment is empty.
   */
  readonly wholeSegments: readonly (readonly number[])[];
  /**
   * An expansion may hold "?" or "#": a literal has one, or an operator that keeps reserved
   * characters or writes a query (`+ # ? &`). Otherwise every other operator pct-encodes them
   * (RFC 6570 §3.2.1), so a query can be appended without scanning the url.
   */
  readonly mayHaveQueryOrFragment: boolean;
  /** The keys in the literal query of the url (`/x?page=2` → `page`), decoded (`queryKey`). */
  readonly literalQueryNames: ReadonlySet<string>;
  /**
   * The slots of the variables whose values can make a "." or ".." segment: when no literal
   * holds "." or "%", only their values can. A slot is written `~slot` (negative) where its
   * expression keeps "%" and "/" (`{+x}`, `{#x}`) or has a prefix. `undefined`: a literal holds
   * one, so every expansion is scanned.
   */
  readonly pathSlots: readonly number[] | undefined;
  /** Where a "." or ".." segment could start: after the literal `scheme://authority` of an absolute template. */
  readonly pathStart: number;
  /**
   * An expansion may be an absolute url whose authority a value writes some of (the template
   * neither starts with "/" nor with a whole literal `scheme://authority/`): it is expanded part
   * by part (`expandParts`), and those same texts are checked (`assertAuthorityKept`).
   */
  readonly checksAuthority: boolean;
  /** The template starts with "/": every expansion is a path. */
  readonly isPath: boolean;
  /**
   * The template starts with a literal `scheme://authority` followed by "/", "?" or "#" that
   * parses: every expansion is a valid absolute url.
   */
  readonly isValidAbsolute: boolean;
}

// Bounded by entries and by template parts (lib/bounded-cache.ts): urls with inlined ids are all
// distinct, and a hostile url of thousands of expressions must not be kept a thousand times.
const cache = /*#__PURE__*/ boundedCache<CompiledUrl>(CACHE_SIZE, CACHE_WEIGHT);
// Urls seen once. A url is cached on its second use: a url with an inlined id is used once, and
// caching each of those would only churn the cache (and evict the routes that are used again).
const seen = /*#__PURE__*/ boundedCache<true>(CACHE_SIZE, CACHE_SIZE);

// The helpers of compileUrl first, then compileUrl, then the checks of a call: of the orders
// tried, the one the endpoint bundle compresses best in (11 B less gzip than compileUrl first).

/** A path expander: `checked` makes it answer `undefined` instead of handing a value to the engine. */
type PathExpander = (values: readonly unknown[], checked?: boolean) => string | undefined;

/**
 * For a template of literals and `{name}` expressions only (one variable each, no modifier: most
 * REST routes), an expander that writes a string or a finite number as RFC 6570 §3.2.2 does: its
 * text, pct-encoded but for unreserved characters. Any other value (undefined, a list, an
 * object, a Date) goes to the engine's expander, which writes the whole url again; so does
 * "", "." or ".." when `checked` (see `expandChecked`), which then answers `undefined`.
 */
function pathExpander(
  template: UriTemplate,
  slotOf: ReadonlyMap<string, number>,
  general: CompiledUrl["expand"],
): PathExpander | undefined {
  const literals: string[] = [];
  const slots: number[] = [];
  const names: string[] = [];
  let literal = "";
  for (const part of template.parts) {
    if (typeof part === "string") {
      literal += encodeReserved(part, "");
      continue;
    }
    const variable = part.variables[0]!;
    if (
      part.operator !== "" ||
      part.variables.length > 1 ||
      variable.explode ||
      variable.maxLength !== undefined
    ) {
      return undefined;
    }
    literals.push(literal);
    literal = "";
    slots.push(slotOf.get(variable.name)!);
    names.push(variable.name);
  }
  return (values, checked) => {
    let out = "";
    try {
      for (let i = 0; i < slots.length; i++) {
        const value = values[slots[i]!];
        const text =
          typeof value === "string"
            ? checked && (value === "" || value === "." || value === "..")
              ? undefined
              : value
            : Number.isFinite(value)
              ? "" + (value as number)
              : undefined;
        if (text === undefined) return checked ? undefined : general(values);
        const encoded = encodeUnreserved(text, names[i]!);
        // A "/", "\" or ";" has to be encoded: only a value written otherwise than as it is (the
        // same string, for most) can hold one, and is asked the rest of `mayMakeDotSegment`.
        if (checked && encoded !== text && mayMakeDotSegment(text)) return undefined;
        out += literals[i]! + encoded;
      }
    } catch (error) {
      // A value the encoder refuses (a lone surrogate): buildRequest's checks come first, and
      // a later placeholder without a value is the error to report.
      if (checked) return undefined;
      throw error;
    }
    return out + literal;
  };
}

/**
 * Can a string that an operator pct-encoding "%" and "/" writes (`{x}`, `:x`, `{/x}`) add to a dot
 * segment? When it is all dots ("." and ".."; a dot segment has one or two), or when it holds a
 * "." and a "/", "\" or ";", which it writes %2F, %5C or %3B: a segment end to servers that
 * decode them, or parameters that servers drop ("../admin" is "..%2Fadmin", "..;" is "..%3B"). The
 * one rule of the fast expander and of `assertNoDotSegment`.
 */
function mayMakeDotSegment(text: string): boolean {
  return text === "." || text === ".." || (text.includes(".") && /[/\\;]/.test(text));
}

/**
 * The slots of the placeholders that must have a value: `{name}`, `{+name}` (and `:name`, already
 * turned into `{name}`) in the path, before the first "?" or "#" of the template. The operators
 * made for optional pieces (`{/x}`, `{.x}`, `{;x}`, `{?x}`, `{&x}`, `{#x}`) may vanish (RFC 6570
 * §3.2.1). Placeholders of one variable each, one after the other between "/" (or the start of a
 * relative url) and "/" (or the end of the path), are a whole segment; one of several variables
 * always writes a "," (§3.2.2).
 */
function requiredSlots(
  template: UriTemplate,
  slotOf: ReadonlyMap<string, number>,
): [required: number[], wholeSegment: number[][]] {
  const required: number[] = [];
  const wholeSegment: number[][] = [];
  const parts = template.parts;
  // The run of placeholders since a literal ending with "/", while it can still be a whole segment;
  // or from the start of a url that starts with `{name}`: it pct-encodes ":" and "/", so when a
  // "/" follows it the url is a path, joined after baseUrl by one "/" (`{owner}/{repo}`). A
  // leading `{+x}` may write an absolute url (`{+next}`, `{+base}/x`): not a segment of its own.
  // (A literal, a string, has no `operator`.)
  let run: number[] | undefined =
    (parts[0] as TemplateExpression | undefined)?.operator === "" ? [] : undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (typeof part === "string") {
      if (/[?#]/.test(part)) break;
      run = part.endsWith("/") ? [] : undefined;
    } else if (part.operator === "?" || part.operator === "&" || part.operator === "#") {
      break;
    } else if (part.operator === "" || part.operator === "+") {
      for (const variable of part.variables) required.push(slotOf.get(variable.name)!);
      if (run !== undefined && part.variables.length === 1) {
        run.push(required[required.length - 1]!);
        // Whole when what follows starts with "/", "?" or "#" (or an operator that writes one).
        const after = parts[i + 1];
        if (
          after === undefined ||
          (typeof after === "string" ? /^[/?#]/.test(after) : /[/?&#]/.test(after.operator))
        ) {
          wholeSegment.push(run);
        }
      } else {
        run = undefined;
      }
    } else {
      run = undefined;
    }
  }
  return [required, wholeSegment];
}

/**
 * The slots whose values alone can make a "." or ".." segment (see `pathSlots`): every variable
 * but those of "?" and "&" expressions, which write `name=value` pairs, never a whole segment.
 * `undefined` when the template itself can write a dot: a literal (after `skip` characters, a
 * literal authority) holding "." or "%", or a label expression, whose "." prefix and separator
 * make `/x/{.a}` with `""` the segment "." and `/x/{.a,b}` with `""` and `""` the segment ".."
 * (RFC 6570 §3.2.5): then every expansion is scanned. A literal or a variable of the query counts
 * too: that costs a scan that finds nothing, never a segment missed.
 */
function dotSlots(
  template: UriTemplate,
  skip: number,
  slotOf: ReadonlyMap<string, number>,
): number[] | undefined {
  const slots: number[] = [];
  for (const part of template.parts) {
    if (typeof part === "string") {
      const text = encodeReserved(part, "").slice(skip);
      if (/[.%]/.test(text)) return undefined;
    } else if (part.operator === ".") {
      return undefined;
    } else if (part.operator !== "?" && part.operator !== "&") {
      // RFC 6570 §3.2.2, §3.2.6, §3.2.7: these pct-encode "%" and "/", so a string of theirs makes
      // a dot segment only if it is all dots; a prefix (`{x:1}` of ".x") can cut it down to that.
      const encodesAll = part.operator === "" || part.operator === "/" || part.operator === ";";
      for (const variable of part.variables) {
        const slot = slotOf.get(variable.name)!;
        slots.push(encodesAll && variable.maxLength === undefined ? slot : ~slot);
      }
    }
    skip = 0;
  }
  return slots;
}

/** RFC 3986 §3.4: the names of `name=value` pairs in the literal text of the query. */
function literalQueryNames(template: UriTemplate): Set<string> {
  const names = new Set<string>();
  let inQuery = false;
  for (const part of template.parts) {
    if (typeof part !== "string") {
      if (part.operator === "?") inQuery = true;
      continue;
    }
    let text = part;
    if (!inQuery) {
      const question = text.indexOf("?");
      if (question === -1 || text.lastIndexOf("#", question) !== -1) continue;
      inQuery = true;
      text = text.slice(question + 1);
    }
    const hash = text.indexOf("#");
    for (const pair of (hash === -1 ? text : text.slice(0, hash)).split("&")) {
      const name = queryKey(encodeReserved(pair, ""));
      if (name) names.add(name);
    }
    if (hash !== -1) break;
  }
  return names;
}

/**
 * The compiled form of a merged `url`, cached by the url string: `colonToTemplate`, the
 * template's compilation and the per-template data below then cost one Map lookup per call.
 */
export function compileUrl(url: string): CompiledUrl {
  const cached = cache.get(url);
  if (cached !== undefined) return cached;
  const again = seen.get(url) === true;
  if (!again) seen.set(url, true);
  // The second time, through parseTemplate's cache: one compiled copy of a template, shared.
  const template = again ? parseTemplate(colonToTemplate(url)) : compileTemplate(colonToTemplate(url));
  const [expandSlots, , slotOf] = programOf(template);
  const [required, wholeSegment] = requiredSlots(template, slotOf);
  const first = template.parts[0];
  // The literal every expansion begins with, as the engine writes it ("" when it starts with an
  // expression). Its scheme and "://" are characters the engine keeps as they are, so it is
  // absolute exactly when the literal as written is.
  const literal = typeof first === "string" ? encodeReserved(first, "") : "";
  const absolute = isAbsoluteUrl(literal);
  // The engine pct-encodes a literal's non-ASCII text (RFC 6570 §3.1), which in a host would be
  // refused later as "a percent-encoded host", quoting text the caller never wrote.
  if (absolute) {
    const written = first as string;
    const authority = written.slice(written.indexOf("://") + 3, authorityEnd(written));
    if (/[^\0-\x7F]/.test(authority.slice(authority.lastIndexOf("@") + 1))) {
      throw new EndpointError(
        "ERR_INVALID_URL",
        `Invalid url ${quoteUrl(url)}: a non-ASCII host; write it in its ASCII form (punycode, "xn--…")`,
      );
    }
  }
  // When the literal holds a whole `scheme://authority` followed by "/", "?" or "#", the WHATWG
  // parser decides on it alone: what follows is path, query or fragment, states of the URL
  // Standard's basic URL parser that never fail.
  const authorityStop = authorityEnd(literal);
  const isValidAbsolute = absolute && authorityStop < literal.length && isValidAbsoluteUrl(literal);
  const pathStart = isValidAbsolute ? authorityStop : 0;
  const path = pathExpander(template, slotOf, expandSlots);
  const pathSlots = dotSlots(template, pathStart, slotOf);
  const compiled: CompiledUrl = {
    url,
    template,
    cached: again,
    expand: (path as CompiledUrl["expand"] | undefined) ?? expandSlots,
    // A url whose literals hold a "." or a "%" (no pathSlots) is scanned whole, whatever its values.
    expandChecked: pathSlots === undefined ? undefined : path,
    slotOf,
    names: template.variableNames.map(internalize),
    // Each slot and each run once: `/{a}/{a}/…` must not check (and copy) one value per use,
    // which would take time quadratic in the url (docs/security.md, linear time).
    requiredSlots: [...new Set(required)],
    wholeSegments: [...new Map(wholeSegment.map((run) => [run.join("/"), run])).values()],
    mayHaveQueryOrFragment: template.parts.some((part) =>
      typeof part === "string" ? /[?#]/.test(part) : /[+#?&]/.test(part.operator),
    ),
    literalQueryNames: literalQueryNames(template),
    isPath: literal.startsWith("/"),
    // Can a value write some of an absolute url's authority beside the route's own text? Only
    // where the expansion can be an absolute url (its leading literal is `scheme://…` or the
    // start of one: `https:/`, `http`, nothing) and the route writes some literal text: a url of
    // expressions alone (`{+next}`) is its values' to choose, and a relative one (`repos/{id}`)
    // is never absolute.
    checksAuthority:
      !isValidAbsolute &&
      (absolute || /^(?:[A-Za-z][A-Za-z0-9+.-]*(?::\/{0,2})?)?$/.test(literal)) &&
      template.parts.some((part) => typeof part === "string"),
    isValidAbsolute,
    pathSlots,
    pathStart,
  };
  return again ? cache.set(url, compiled, template.parts.length + 1) : compiled;
}

/**
 * The text each part of the template writes for `values`, read by slot as `expand` reads them: a
 * literal as encoded, an expression expanded (RFC 6570 §3: each expression expands apart from the
 * others, so the texts joined are the expansion). For the checks that need to know which part
 * wrote what; `expand` keeps its own loop, which V8 inlines (docs/decisions.md §18).
 */
export function expandParts(compiled: CompiledUrl, values: readonly unknown[]): string[] {
  return programOf(compiled.template)[1].map((step) => {
    if (typeof step === "string") return step;
    // RFC 6570 Appendix A: `first` before the first defined varspec, `sep` before each other.
    let text: string | undefined;
    for (const spec of step) {
      const value = values[spec.slot];
      const piece =
        value == null
          ? undefined
          : expandVarspec(spec, value, compiled.template.template, text !== undefined);
      if (piece !== undefined) text = (text ?? "") + piece;
    }
    return text ?? "";
  });
}

const OWN_SCHEME = `puts a scheme and host of its own before the url's "//"`;

/**
 * The request goes where the route says (docs/security.md item 6): in an absolute url whose
 * authority (RFC 3986 §3.2, from "//" to the first "/", "?" or "#") holds an expression, no value
 * moves the host the route writes. `texts` are the parts' texts the url was joined from
 * (`expandParts`), so what is checked is what is sent, whatever a getter or Proxy answers later.
 * - The url's "//" is the route's own, where the route writes one before an authority: a value
 *   may write the scheme (`{+protocol}//api.example/` with `https:`), never a "//" and host of
 *   its own before the route's (`{+scheme}://api.example/` with `https://evil.example/?`).
 *   Without such a "//" the values write the whole url, and nothing below applies.
 * - Where the route writes some of the authority, no value writes "@" into it: what came before
 *   the "@" would become user info, and the host another.
 * - No value ends the authority while the route writes more of it after the value
 *   (`https://{+sub}.example.com/` with `evil.example/`).
 * - A host the route writes some of ends with the route's own text, or with one label a value
 *   writes after the route's "." or "-" (`https://10.0.0.{n}/`): a value after a host
 *   (`https://api.example{+path}`, `https://api.example{x}:8080/`) would lengthen it into
 *   another (`.evil.example`), or add dots to it. A label expression the route writes right
 *   after its host text (`https://www{.domain*}`) writes labels by design (RFC 6570 §3.2.5); it
 *   exempts no other value, and after another expression it is a value like any other. After
 *   some of the route's host text, a value writes no "." (`https://api.example{+path}.zip` with
 *   `.attacker`). A host all written by values (`https://{host}/`) is theirs.
 * - The port is part of where the request goes (RFC 6454 §4: an origin is scheme, host and
 *   port): where the route writes some of the host, no value writes a port the route does not
 *   (`https://api.example{+path}` with `:6379/`), and a port the route writes some digits of is
 *   the route's alone (`http://localhost:3000{path}` with `1`). After the route's bare ":"
 *   (`https://api.example:{port}/`) the port is the values'.
 */
export function assertAuthorityKept(
  compiled: CompiledUrl,
  values: readonly unknown[],
  texts: readonly string[],
  expanded: string,
): void {
  const parts = compiled.template.parts;
  const ends: number[] = [];
  let offset = 0;
  for (const text of texts) ends.push((offset += text.length));
  const starts = (part: number): number => ends[part]! - texts[part]!.length;
  // The part that wrote the character at `at`: the first whose text ends after it (a few calls,
  // each one pass: linear).
  const writer = (at: number): number => ends.findIndex((end) => end > at);
  const isValue = (part: number): boolean => typeof parts[part] !== "string";
  // `at` is where the expansion holds what is refused, a character a value wrote (the url's first
  // "/" is a value's when it is not the route's own, as no literal before the route holds a "/"):
  // the message names the variable whose varspec wrote it and quotes its whole expression's text.
  const refuse = (at: number, problem: string): never => {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `Invalid parameter ${quote(writerOf(compiled, values, at, at + 1) ?? "")} for url ${quoteUrl(compiled.url)}: it writes ${quoteAuthority(texts[writer(at)]!)}, which ${problem}`,
    );
  };
  // The route's own "//" before an authority: where its first literal with a "/", "?" or "#" has
  // its first one (a "://" further on is in a path or query: `{+base}/x?next=https://app.example/`).
  const route = parts.findIndex((part) => typeof part === "string" && /[/?#]/.test(part));
  // (No such literal: "", which has no "//".)
  const literal = texts[route] ?? "";
  const slashes = literal.search(/[/?#]/);
  const colon = expanded.indexOf("://");
  if (!literal.startsWith("//", slashes)) {
    // The values write the scheme and the host, and the url is theirs; but not some of a "://"
    // whose rest the route writes (`https:/{+x}/api.example/`).
    const at = [colon, colon + 1, colon + 2];
    const value = at.find((i) => isValue(writer(i)));
    if (value !== undefined && !at.every((i) => isValue(writer(i)))) refuse(value, OWN_SCHEME);
    return;
  }
  // A value may write the scheme (`{+protocol}//api.example/` with "https:"), never a "//" and
  // host of its own before the route's (with "https://evil.example/?").
  if (colon + 1 !== starts(route) + slashes) refuse(colon + 1, OWN_SCHEME);
  const authorityStart = colon + 3;
  const authorityStop = authorityEnd(expanded);
  const first = writer(authorityStart);
  // Where the route's own authority ends: its literals from its "//" to their first "/", "?" or "#".
  let lastRouteAuthority = -1;
  for (let i = route; i < parts.length; i++) {
    if (isValue(i)) continue;
    const text = i === route ? texts[i]!.slice(slashes + 2) : texts[i]!;
    const stop = text.search(/[/?#]/);
    if (stop !== 0 && text !== "") lastRouteAuthority = i;
    if (stop !== -1) break;
  }
  if (lastRouteAuthority === -1) return; // the values write the whole authority (`https://{host}/`)
  // (Up to a value that starts where the authority stops: it may be what stops it.)
  for (let i = first; i < parts.length && starts(i) <= authorityStop; i++) {
    // (An empty value writes nothing, and ends where it starts: at or before the authority's end.)
    if (!isValue(i)) continue;
    const inside = expanded.slice(Math.max(starts(i), authorityStart), Math.min(ends[i]!, authorityStop));
    if (inside.includes("@")) {
      refuse(
        expanded.indexOf("@", Math.max(starts(i), authorityStart)),
        `puts "@" into the authority ${quoteAuthority(expanded.slice(authorityStart, authorityStop))}`,
      );
    }
    if (ends[i]! > authorityStop && i < lastRouteAuthority) {
      refuse(authorityStop, "ends the authority early, while the url writes more of it after");
    }
  }
  // The host: after the user info, up to the port (an IP literal up to its "]": RFC 3986 §3.2.2).
  const hostStart = expanded.lastIndexOf("@", authorityStop - 1) + 1 || authorityStart;
  const close = expanded.charAt(hostStart) === "[" ? expanded.indexOf("]", hostStart) + 1 : 0;
  const port = expanded.indexOf(":", close || hostStart);
  const hostStop = Math.min(authorityStop, port === -1 ? authorityStop : port);
  // The first part that writes some of [from, to): a value's (with text) if `value`, else the route's; -1 if none.
  const writerIn = (from: number, to: number, value: boolean): number => {
    for (let i = writer(from); i !== -1 && i < parts.length && starts(i) < to; i++) {
      if (isValue(i) === value && texts[i] !== "") return i;
    }
    return -1;
  };
  // (The message is made only for a refusal: the check runs on every call of such a url.)
  const refuseHost = (at: number): never =>
    refuse(at, `would change the host the url writes: ${quote(expanded.slice(hostStart, hostStop))}`);
  // One walk over the parts that write the host. Once the route has written some of it, a value
  // writes no "." there: it would add labels before the route's next ones
  // (`https://api.example{+path}.zip` with ".attacker" makes api.example.attacker.zip). Before any
  // (`https://{sub}.example.com/`) it may, and an IP literal (`https://[{+ip}]/`) has no labels.
  // A label expression the route writes right after its own host text (or after another such:
  // `https://www{.domain*}`) writes labels by design (RFC 6570 §3.2.5); after another expression it
  // is a value like any other (`https://api.example.com{/resource}{.format}` without a resource
  // would put the format in the host).
  const ipLiteral = expanded.charCodeAt(hostStart) === 0x5b; /* [ */
  let routeHost = false; // has the route written some of the host (so far)?
  let labels = false;
  let last = -1; // the last part that writes some of the host, those labels aside
  let dotted = -1; // where a value first writes a "." after the route's host text
  for (let i = writer(hostStart); i !== -1 && i < parts.length && starts(i) < hostStop; i++) {
    labels =
      isValue(i) && (parts[i] as TemplateExpression).operator === "." && i > 0 && (!isValue(i - 1) || labels);
    if (labels || texts[i] === "") continue;
    if (!isValue(i)) routeHost = true;
    else if (dotted === -1 && routeHost && !ipLiteral) {
      const dot = expanded.indexOf(".", Math.max(starts(i), hostStart));
      if (dot !== -1 && dot < Math.min(ends[i]!, hostStop)) dotted = dot;
    }
    last = i;
  }
  // The port (RFC 6454 §4: an origin is scheme, host and port). Where the route writes some of the
  // host, no value writes a ":" and port after it; a port the route writes digits of is its own.
  if (hostStop < authorityStop) {
    const colon = writer(hostStop);
    const digit =
      writerIn(hostStop + 1, authorityStop, false) === -1 ? -1 : writerIn(hostStop + 1, authorityStop, true);
    const by =
      isValue(colon) && routeHost ? hostStop : digit === -1 ? -1 : Math.max(starts(digit), hostStop + 1);
    if (by !== -1) {
      refuse(
        by,
        `would give the url's host another port: ${quote(expanded.slice(hostStart, authorityStop))}`,
      );
    }
  }
  // (After the port: a value that writes both a "." and a port is named for the port.)
  if (dotted !== -1) refuseHost(dotted);
  // A host all written by values is theirs (`https://{host}/`); so is a last label of the route's.
  if (!routeHost || !isValue(last)) return;
  // A last label of its own after the route's "." or "-" (`https://10.0.0.{n}/`, `api-{region}`),
  // not more of the route's last one (`https://api.example.com{x}/` with "2"). (Route text comes
  // before it, so the loop above has refused any "." in it, `api.example....` too.)
  const from = Math.max(starts(last), hostStart);
  if (!/[.-]/.test(expanded.charAt(from - 1)) || isValue(writer(from - 1))) refuseHost(from);
}

/**
 * The variable whose varspec wrote some of `[start, end)` of the expansion, or `undefined` when
 * only the template's literal text is there: in `{/a,b}` with "x" and "..", "b" made the segment
 * "..", not "a". For error messages only: it expands the varspecs one by one again (RFC 6570
 * Appendix A: each with its `first` or `sep`, so their texts joined are the expansion).
 */
export function writerOf(
  compiled: CompiledUrl,
  values: readonly unknown[],
  start: number,
  end: number,
): string | undefined {
  let offset = 0;
  for (const step of programOf(compiled.template)[1]) {
    if (typeof step === "string") {
      offset += step.length;
      continue;
    }
    let later = false;
    for (const spec of step) {
      const value = values[spec.slot];
      const text = value == null ? undefined : expandVarspec(spec, value, compiled.template.template, later);
      if (text === undefined) continue;
      later = true;
      // (`offset` becomes the end of this varspec's text: each text is counted once, in order.)
      if ((offset += text.length) > start && offset - text.length < end) return spec.name;
    }
  }
  return undefined;
}

/**
 * The request goes where the route says (docs/security.md): no expansion may make a "." or ".."
 * segment, which every client resolves away (`/repos/o/..` is sent as `/repos/`). Checks the
 * expanded url (before the base url is put in front) and names the parameter that made one.
 */
export function assertNoDotSegment(
  compiled: CompiledUrl,
  expanded: string,
  values: readonly unknown[],
): void {
  // Most values hold no "." and no "%": then no segment can be a dot segment, and the url
  // (a string built piece by piece) need not be flattened and scanned.
  const pathSlots = compiled.pathSlots;
  if (pathSlots !== undefined) {
    let suspect = false;
    for (let i = 0; i < pathSlots.length && !suspect; i++) {
      // A string under an operator that pct-encodes "%" and "/" is a suspect as
      // `mayMakeDotSegment` says; elsewhere when it holds a "." or a "%" (a "%2e"). Scalars other than
      // strings never make a dot segment; a list or object is not read again (its members could
      // answer differently than they did to the expansion): the expanded url is scanned instead.
      const entry = pathSlots[i]!;
      const value = values[entry < 0 ? ~entry : entry];
      suspect =
        typeof value === "string"
          ? entry >= 0
            ? mayMakeDotSegment(value)
            : value.includes(".") || value.includes("%")
          : typeof value === "object" && value !== null;
    }
    if (!suspect) return;
  }
  let start = compiled.pathStart;
  if (start === 0 && !compiled.isPath && isAbsoluteUrl(expanded)) start = authorityEnd(expanded);
  if (expanded.indexOf(".", start) === -1 && expanded.indexOf("%2", start) === -1) return;
  const found = findDotSegment(expanded, start);
  if (found === undefined) return;
  const [from, to] = found;
  const segment = dotSegmentLabel(expanded, found);
  // Ended (or begun) by an encoded "/" or "\": clients keep it, servers (and, in a fragment,
  // client-side routers) that decode it first resolve it. The value that wrote the dots is named;
  // else the one that wrote that encoded end (`/a/..{+x}` with "%2Fadmin").
  const before = from > start && !/[/?#]/.test(expanded.charAt(from - 1)) ? 3 : 0;
  const after = expanded.charCodeAt(to) === 0x25 /* % */ ? 3 : 0;
  const who = /;|%3b/i.test(expanded.slice(from, to))
    ? 'servers that drop ";" parameters'
    : before || after
      ? `${segment.startsWith("path") ? "servers" : "routers"} that decode "%2F" and "%5C"`
      : "clients";
  const name = writerOf(compiled, values, from, to) ?? writerOf(compiled, values, from - before, to + after);
  if (name !== undefined) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `Invalid parameter ${quote(name)} for url ${quoteUrl(compiled.url)}: it makes the ${segment}, which ${who} resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)`,
    );
  }
  throw new EndpointError(
    "ERR_INVALID_URL",
    `Invalid url ${quoteUrl(compiled.url)}: the ${segment} would be resolved away by ${who}`,
  );
}

/** The slot of the variable `name`, or `undefined`: a few names are compared faster than hashed. */
export function slotOf(compiled: CompiledUrl, name: string): number | undefined {
  const names = compiled.names;
  if (names.length > 8) return compiled.slotOf.get(name);
  for (let slot = 0; slot < names.length; slot++) if (names[slot] === name) return slot;
  return undefined;
}

/**
 * A call's slots: `undefined` per variable (never a hole: `undefinedArray`), of the exact length
 * (pushing them one by one would allocate room for 17), made as the arrays `expand()` fills are,
 * so that the engine's expander sees one kind of array.
 */
export function emptySlots(compiled: CompiledUrl): unknown[] {
  return undefinedArray(compiled.names.length);
}

/** Text that a url's authority holds, quoted with any user-info password redacted. */
function quoteAuthority(text: string): string {
  return quote(redactUrl("//" + text).slice(2));
}
