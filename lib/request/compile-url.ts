import { BYTES, CACHE_BYTES, CACHE_SIZE, boundedCache } from "../bounded-cache.js";
import { internalize, undefinedArray } from "../object.js";
import { compileTemplate, programOf } from "../uri-template/compile.js";
import { encodeUnreserved, isUnreservedNumber } from "../uri-template/encode.js";
import { parseTemplate } from "../uri-template/index.js";
import type { Step } from "../uri-template/tokenize.js";
import type { Varspec } from "../uri-template/types.js";
import {
  absoluteUrlFault,
  authorityEnd,
  invalidUrl,
  isAbsoluteUrl,
  mayMakeDotSegment,
  queryKey,
} from "../url.js";
import { colonToTemplate } from "../route.js";
import { assertNoDotSegment } from "./checks.js";
import type { CompiledUrl, SlotExpander } from "../pipeline/types.js";

// Weighed by bytes: urls with inlined ids are all distinct, and a hostile url of thousands of
// variables must not be kept a thousand times (docs/design/architecture.md, "Caches").
const cache = /*#__PURE__*/ boundedCache<CompiledUrl>(CACHE_SIZE, CACHE_BYTES);
// Urls seen once: a url is cached on its second use, so that urls with an inlined id, used once,
// do not push out the routes used again.
const seen = /*#__PURE__*/ boundedCache<true>(CACHE_SIZE, CACHE_BYTES / 8);
// Up to this many variables, `slotOf()` compares names (internalized: slow for thousands) rather than hashing.
const FEW_NAMES = 8;

/** The fast path (`CompiledUrl.expandChecked`) of a url of literals and `{name}`s; `compiled()`: that url. */
function pathExpander(steps: readonly Step[], compiled: () => CompiledUrl): SlotExpander {
  return (values) => {
    let out = "";
    let dotSuspect = false;
    try {
      for (let i = 0; i < steps.length; i++) {
        const step = steps[i]!;
        if (typeof step === "string") {
          out += step;
          continue;
        }
        const { slot, name } = step[0]!;
        const value = values[slot];
        if (isUnreservedNumber(value)) {
          out += "" + value;
          continue;
        }
        const text = typeof value === "string" ? value : "";
        // "", "." and ".." are what the checks refuse (and no value, or any other, theirs to expand).
        if (text === "" || text === "." || text === "..") return undefined;
        const encoded = encodeUnreserved(text, name);
        dotSuspect ||= encoded !== text && mayMakeDotSegment(text);
        out += encoded;
      }
    } catch {
      // A lone surrogate: the checks come first, so a later missing value is the error reported.
      return undefined;
    }
    if (dotSuspect) assertNoDotSegment(compiled(), out, values);
    return out;
  };
}

/** The slots of the one-variable expressions from `steps[from]` to `steps[to]`. */
const runSlots = (steps: readonly Step[], from: number, to: number): number[] =>
  steps.slice(from, to + 1).map((step) => (step as readonly Varspec[])[0]!.slot);

// The lists of a url a slot can be in, a bit each (a dot suspect is `~slot`: see `dotSlots`).
const LIST = { required: 1, dot: 2, dotSuspect: 4, segment: 8 } as const;

/** Whether a segment ends before `next`: the end, "/", "?" or "#" (or an operator that writes one). */
function endsSegment(next: Step | undefined): boolean {
  if (next === undefined) return true;
  if (typeof next === "string") return next[0] === "/" || next[0] === "?" || next[0] === "#";
  const operator = next[0]!.row.operator;
  return operator === "/" || operator === "?" || operator === "&" || operator === "#";
}

/**
 * What a template's program decides of its `CompiledUrl`, in one walk over its steps (literals
 * encoded once, varspecs with their slots). `pathStart`: where a dot segment can start in the first literal.
 */
function walkSteps(steps: readonly Step[], pathStart: number, slotCount: number) {
  // The lists each slot is in: a slot goes into a list once (`/{a}/{a}/…` checks one value).
  const listed = new Uint8Array(slotCount);
  const addOnce = (list: unknown[], bit: number, slot: number, entry: unknown = slot): void => {
    if ((listed[slot]! & bit) === 0) list.push(entry);
    listed[slot]! |= bit;
  };
  // Required: `{name}` and `{+name}` before the first "?" or "#"; the operators for optional
  // pieces may vanish (RFC 6570 §3.2.1).
  const requiredSlots: number[] = [];
  let inPath = true;
  // Whole segments: runs of one-variable placeholders between "/" (or the start) and "/" (or the
  // end of the path), each once; `segmentStart` is the run's first part, or -1. A leading `{name}`
  // pct-encodes ":" and "/", so it can be one; a leading `{+x}` may write an absolute url.
  const wholeSegments: number[][] = [];
  const longerRuns = new Set<string>(); // runs of more than one placeholder, by their slots
  let segmentStart = typeof steps[0] === "object" && steps[0][0]!.row.operator === "" ? 0 : -1;
  // Dot slots: the variables whose values alone can make a "." or ".." segment, all but those of
  // "?" and "&" (`name=value`); none when a literal (after `pathStart`) holds "." or "%" or a label
  // expression writes "." (RFC 6570 §3.2.5): then every expansion is scanned, and no fast path.
  const dots: number[] = [];
  let templateWritesDots = false;
  // The fast path: while every expression is a plain `{name}`.
  let onlyNames = true;
  // RFC 3986 §3.4: the names of `name=value` pairs in the literal text of the query.
  const queryNames = new Set<string>();
  let inQuery = false;
  let queryEnded = false;
  let variables = 0;
  let hasLiteral = false;
  let hasReservedExpansion = false; // `{+x}`, whose value may write "?" or "#"

  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (typeof step === "string") {
      const text = step; // a literal, encoded
      hasLiteral = true;
      const question = text.indexOf("?");
      const hash = text.indexOf("#");
      if (question !== -1 || hash !== -1) inPath = false;
      segmentStart = inPath && text.endsWith("/") ? i + 1 : -1;
      const pathText = i === 0 ? text.slice(pathStart) : text;
      templateWritesDots ||= pathText.includes(".") || pathText.includes("%");
      // A "?" with no "#" before it starts the query; the first "#" ends it.
      if (!queryEnded && (inQuery || (question !== -1 && (hash === -1 || hash > question)))) {
        const pairs = text.slice(inQuery ? 0 : question + 1, hash === -1 ? text.length : hash);
        for (const pair of pairs.split("&")) {
          const name = queryKey(pair);
          if (name) queryNames.add(name);
        }
        inQuery = true;
        queryEnded = hash !== -1;
      }
      continue;
    }
    const operator = step[0]!.row.operator;
    variables += step.length;
    if (operator === "?" || operator === "&" || operator === "#") inPath = false;
    inQuery ||= operator === "?";
    hasReservedExpansion ||= operator === "+";
    if (inPath && (operator === "" || operator === "+")) {
      for (let v = 0; v < step.length; v++) addOnce(requiredSlots, LIST.required, step[v]!.slot);
      if (step.length > 1) {
        segmentStart = -1;
      } else if (segmentStart === i && endsSegment(steps[i + 1])) {
        addOnce(wholeSegments, LIST.segment, step[0]!.slot, [step[0]!.slot]);
      } else if (segmentStart !== -1 && endsSegment(steps[i + 1])) {
        const run = runSlots(steps, segmentStart, i);
        const key = run.join("/");
        if (!longerRuns.has(key)) wholeSegments.push(run);
        longerRuns.add(key);
      }
    } else {
      segmentStart = -1;
    }
    if (operator === ".") {
      templateWritesDots = true;
    } else if (!templateWritesDots && operator !== "?" && operator !== "&") {
      // RFC 6570 §3.2.2, §3.2.6, §3.2.7 pct-encode "%" and "/"; a prefix can cut a value to dots.
      const encodesAll = operator === "" || operator === "/" || operator === ";";
      for (let v = 0; v < step.length; v++) {
        const { slot, maxLength } = step[v]!;
        if (encodesAll && maxLength === undefined) addOnce(dots, LIST.dot, slot);
        else addOnce(dots, LIST.dotSuspect, slot, ~slot);
      }
    }
    onlyNames &&= operator === "" && step.length === 1 && !step[0]!.explode && !step[0]!.maxLength;
  }
  return {
    requiredSlots,
    wholeSegments,
    dotSlots: templateWritesDots ? undefined : dots,
    hasFastPath: onlyNames && !templateWritesDots,
    literalQueryNames: queryNames,
    // Some part after the path wrote "?" or "#", or a value may write one.
    mayHaveQueryOrFragment: !inPath || hasReservedExpansion,
    variables,
    hasLiteral,
  };
}

/** The compiled form of a url, cached by the url string from its second use. */
export function compileUrl(url: string): CompiledUrl {
  const cached = cache.get(url);
  if (cached !== undefined) return cached;
  const again = seen.get(url) === true;
  if (!again) seen.set(url, true, BYTES.perCharacter * url.length);
  // The second time through parseTemplate's cache: one compiled copy of a template, shared.
  const template = again ? parseTemplate(colonToTemplate(url)) : compileTemplate(colonToTemplate(url));
  const [expandSlots, steps, slotOf] = programOf(template);
  // The literal every expansion begins with, as the engine writes it.
  const literal = typeof steps[0] === "string" ? steps[0] : "";
  const absolute = isAbsoluteUrl(literal);
  // The engine would pct-encode a non-ASCII host (RFC 6570 §3.1), to be refused later in words
  // the caller never wrote.
  if (absolute) {
    const written = template.template.split("{", 1)[0]!; // the first literal, as written
    const authority = written.slice(written.indexOf("://") + 3, authorityEnd(written));
    if (/[^\0-\x7F]/.test(authority.slice(authority.lastIndexOf("@") + 1))) {
      throw invalidUrl(url, 'a non-ASCII host; write it in its ASCII form (punycode, "xn--…")');
    }
  }
  // A whole `scheme://authority` then "/", "?" or "#": the WHATWG parser decides on it alone.
  const authorityStop = authorityEnd(literal);
  const isValidAbsolute =
    absolute && authorityStop < literal.length && absoluteUrlFault(literal) === undefined;
  const pathStart = isValidAbsolute ? authorityStop : 0;
  const { variables, hasLiteral, hasFastPath, ...walk } = walkSteps(steps, pathStart, slotOf.size);
  const compiled: CompiledUrl = {
    url,
    template,
    cached: again,
    weight: BYTES.perEntry + BYTES.perCharacter * 2 * url.length + BYTES.perVariable * variables,
    expand: expandSlots,
    expandChecked: hasFastPath ? pathExpander(steps, () => compiled) : undefined,
    slotOf,
    names: slotOf.size > FEW_NAMES ? [] : template.variableNames.map(internalize),
    pathStart,
    // Only where the expansion can be absolute (its leading literal is `scheme://…` or the start
    // of one) and the route writes some literal text: `{+next}` alone is its value's to choose.
    checksAuthority:
      !isValidAbsolute &&
      (absolute || /^(?:[A-Za-z][A-Za-z0-9+.-]*(?::\/{0,2})?)?$/.test(literal)) &&
      hasLiteral,
    isPath: literal.startsWith("/"),
    isValidAbsolute,
    ...walk,
  };
  return again ? cache.set(url, compiled, compiled.weight) : compiled;
}

/** The slot of the variable `name`, or `undefined`: a few names are compared rather than hashed. */
export function slotOf(compiled: CompiledUrl, name: string): number | undefined {
  if (compiled.slotOf.size > FEW_NAMES) return compiled.slotOf.get(name);
  for (let slot = 0; slot < compiled.names.length; slot++) if (compiled.names[slot] === name) return slot;
  return undefined;
}

/** A call's slots: one `undefined` per variable, never a hole. */
export function emptySlots(compiled: CompiledUrl): unknown[] {
  return undefinedArray(compiled.template.variableNames.length);
}
