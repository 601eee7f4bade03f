import { BYTES, CACHE_BYTES, CACHE_SIZE, boundedCache } from "../bounded-cache.js";
import { EndpointError } from "../errors.js";
import { undefinedArray } from "../object.js";
import { quoteUrl } from "../redact.js";
import { compileTemplate, programOf } from "../uri-template/compile.js";
import { encodeReserved, encodeUnreserved } from "../uri-template/encode.js";
import { parseTemplate } from "../uri-template/index.js";
import type { TemplateExpression, UriTemplate } from "../uri-template/index.js";
import { absoluteUrlFault, authorityEnd, isAbsoluteUrl, mayMakeDotSegment, queryKey } from "../url.js";
import { colonToTemplate } from "../route.js";
import type { CompiledUrl, FlatParameters, SlotExpander } from "../pipeline/types.js";

// Weighed by bytes: urls with inlined ids are all distinct, and a hostile url of thousands of
// variables must not be kept a thousand times (docs/architecture.md, "Caches").
const cache = /*#__PURE__*/ boundedCache<CompiledUrl>(CACHE_SIZE, CACHE_BYTES);
// Urls seen once: a url is cached on its second use, so that urls with an inlined id, used once,
// do not push out the routes used again.
const seen = /*#__PURE__*/ boundedCache<true>(CACHE_SIZE, CACHE_BYTES / 8);

/**
 * The fast path: for a template of literals and `{name}` expressions only, the expansion when
 * every value is a string or a finite number that passes the checks as it is written (RFC 6570
 * §3.2.2: pct-encoded but for unreserved characters); else `undefined`, for the checks to decide.
 */
function pathExpander(template: UriTemplate, slotOf: ReadonlyMap<string, number>): SlotExpander | undefined {
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
    if (part.operator !== "" || part.variables.length > 1 || variable.explode || variable.maxLength) {
      return undefined;
    }
    literals.push(literal);
    literal = "";
    slots.push(slotOf.get(variable.name)!);
    names.push(variable.name);
  }
  return (values) => {
    let out = "";
    try {
      for (let i = 0; i < slots.length; i++) {
        const value = values[slots[i]!];
        const text = typeof value === "string" ? value : Number.isFinite(value) ? "" + (value as number) : "";
        // "", "." and ".." are what the checks refuse (and no value, or any other, theirs to expand).
        if (text === "" || text === "." || text === "..") return undefined;
        const encoded = encodeUnreserved(text, names[i]!);
        if (encoded !== text && mayMakeDotSegment(text)) return undefined;
        out += literals[i]! + encoded;
      }
    } catch {
      // A lone surrogate: the checks come first, so a later missing value is the error reported.
      return undefined;
    }
    return out + literal;
  };
}

/**
 * The slots of the required placeholders, `{name}` and `{+name}` before the first "?" or "#";
 * the operators for optional pieces may vanish (RFC 6570 §3.2.1). Runs of one-variable
 * placeholders between "/" (or the start) and "/" (or the end of the path) are whole segments.
 */
function requiredSlots(template: UriTemplate, slotOf: ReadonlyMap<string, number>): [number[], number[][]] {
  const required = new Set<number>();
  const wholeSegments = new Map<number | string, number[]>();
  const parts = template.parts;
  // A leading `{name}` pct-encodes ":" and "/": the url is a path, and it can be a segment. A
  // leading `{+x}` may write an absolute url. (A literal, a string, has no `operator`.)
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
      for (const variable of part.variables) required.add(slotOf.get(variable.name)!);
      if (run !== undefined && part.variables.length === 1) {
        run.push(slotOf.get(part.variables[0]!.name)!);
        // Whole when what follows starts with "/", "?" or "#" (or an operator that writes one).
        const after = parts[i + 1];
        if (
          after === undefined ||
          (typeof after === "string" ? /^[/?#]/.test(after) : /[/?&#]/.test(after.operator))
        ) {
          wholeSegments.set(run.length === 1 ? run[0]! : run.join("/"), run);
        }
      } else {
        run = undefined;
      }
    } else {
      run = undefined;
    }
  }
  // Each slot and each run once: `/{a}/{a}/…` must not check one value per use (linear time).
  return [[...required], [...wholeSegments.values()]];
}

/**
 * The slots whose values alone can make a "." or ".." segment: every variable but those of "?"
 * and "&", which write `name=value`. `undefined` when the template itself can write a dot: a
 * literal (after `skip` characters) with "." or "%", or a label expression (RFC 6570 §3.2.5).
 */
function dotSlots(
  template: UriTemplate,
  skip: number,
  slotOf: ReadonlyMap<string, number>,
): number[] | undefined {
  const slots = new Set<number>();
  for (const part of template.parts) {
    if (typeof part === "string") {
      if (/[.%]/.test(encodeReserved(part, "").slice(skip))) return undefined;
    } else if (part.operator === ".") {
      return undefined;
    } else if (part.operator !== "?" && part.operator !== "&") {
      // RFC 6570 §3.2.2, §3.2.6, §3.2.7 pct-encode "%" and "/"; a prefix can cut a value to dots.
      const encodesAll = part.operator === "" || part.operator === "/" || part.operator === ";";
      for (const variable of part.variables) {
        const slot = slotOf.get(variable.name)!;
        slots.add(encodesAll && variable.maxLength === undefined ? slot : ~slot);
      }
    }
    skip = 0;
  }
  return [...slots];
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

/** The compiled form of a url, cached by the url string from its second use. */
export function compileUrl(url: string): CompiledUrl {
  const cached = cache.get(url);
  if (cached !== undefined) return cached;
  const again = seen.get(url) === true;
  if (!again) seen.set(url, true, BYTES.perCharacter * url.length);
  // The second time through parseTemplate's cache: one compiled copy of a template, shared.
  const template = again ? parseTemplate(colonToTemplate(url)) : compileTemplate(colonToTemplate(url));
  const [expandSlots, , slotOf] = programOf(template);
  const [required, wholeSegments] = requiredSlots(template, slotOf);
  // The literal every expansion begins with, as the engine writes it.
  const first = template.parts[0];
  const literal = typeof first === "string" ? encodeReserved(first, "") : "";
  const absolute = isAbsoluteUrl(literal);
  // The engine would pct-encode a non-ASCII host (RFC 6570 §3.1), to be refused later in words
  // the caller never wrote.
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
  // A whole `scheme://authority` then "/", "?" or "#": the WHATWG parser decides on it alone.
  const authorityStop = authorityEnd(literal);
  const isValidAbsolute =
    absolute && authorityStop < literal.length && absoluteUrlFault(literal) === undefined;
  const pathStart = isValidAbsolute ? authorityStop : 0;
  const slotsOfDots = dotSlots(template, pathStart, slotOf);
  let variables = 0;
  for (const part of template.parts) if (typeof part !== "string") variables += part.variables.length;
  const compiled: CompiledUrl = {
    url,
    template,
    cached: again,
    weight: BYTES.perEntry + BYTES.perCharacter * 2 * url.length + BYTES.perVariable * variables,
    expand: expandSlots,
    // Literals with a "." or "%" (no dot slots): every expansion is scanned, so no fast path.
    expandChecked: slotsOfDots === undefined ? undefined : pathExpander(template, slotOf),
    slotOf,
    requiredSlots: required,
    wholeSegments,
    dotSlots: slotsOfDots,
    pathStart,
    // Only where the expansion can be absolute (its leading literal is `scheme://…` or the start
    // of one) and the route writes some literal text: `{+next}` alone is its value's to choose.
    checksAuthority:
      !isValidAbsolute &&
      (absolute || /^(?:[A-Za-z][A-Za-z0-9+.-]*(?::\/{0,2})?)?$/.test(literal)) &&
      template.parts.some((part) => typeof part === "string"),
    isPath: literal.startsWith("/"),
    isValidAbsolute,
    mayHaveQueryOrFragment: template.parts.some((part) =>
      typeof part === "string" ? /[?#]/.test(part) : /[+#?&]/.test(part.operator),
    ),
    literalQueryNames: literalQueryNames(template),
  };
  return again ? cache.set(url, compiled, compiled.weight) : compiled;
}

/** The slot of the variable `name`, or `undefined` (a few names are scanned rather than hashed). */
export function slotOf(compiled: CompiledUrl, name: string): number | undefined {
  const names = compiled.template.variableNames;
  if (names.length > 8) return compiled.slotOf.get(name);
  const slot = names.indexOf(name);
  return slot === -1 ? undefined : slot;
}

/** A call's slots: one `undefined` per variable, never a hole. */
export function emptySlots(compiled: CompiledUrl): unknown[] {
  return undefinedArray(compiled.template.variableNames.length);
}

/**
 * Parameters in merged order → the slots of the url's variables and the flat leftover. Only
 * parameters fill slots: a variable named like a reserved option (`{url}`) never reads the option.
 */
export function placeParameters(
  compiled: CompiledUrl,
  keys: readonly string[],
  values: readonly unknown[],
): { slots: unknown[]; leftover: FlatParameters | undefined } {
  const slots = emptySlots(compiled);
  let leftover: FlatParameters | undefined;
  for (let i = 0; i < keys.length; i++) {
    const slot = slotOf(compiled, keys[i]!);
    if (slot !== undefined) slots[slot] = values[i];
    else (leftover ??= []).push(keys[i]!, values[i]);
  }
  return { slots, leftover };
}
