import { remember } from "./bounded-cache.js";
import { RESERVED_KEYS } from "./reserved-keys.js";
import { colonToTemplate } from "./route.js";
import { encodeReserved } from "./uri-template/encode.js";
import { compileTemplate } from "./uri-template/compile.js";
import type { UriTemplate } from "./uri-template/index.js";
import { isAbsoluteUrl } from "./url.js";

/** What `parse()` needs to know about one url, computed once per distinct url. */
export interface CompiledUrl {
  /** The url with `:name` turned into `{name}`, compiled. */
  readonly template: UriTemplate;
  /** The path placeholders that must have a value (CONTRACT.md, "parse()"). */
  readonly requiredNames: readonly string[];
  /** No required name is a property of Object.prototype: a plain read of one can only find an own value. */
  readonly requiredNamesAreOwnOnly: boolean;
  /** Every variable name of the template: a Set, so hostile templates cost linear time. */
  readonly variableNames: ReadonlySet<string>;
  /** A variable is named like a reserved option key (`{url}`): such a key is never a parameter. */
  readonly namesReservedKey: boolean;
  /**
   * An expansion may hold "?" or "#": a literal has one, or an operator that keeps reserved
   * characters or writes a query (`+ # ? &`). Otherwise every other operator pct-encodes them
   * (RFC 6570 §3.2.1), so a query can be appended without scanning the url.
   */
  readonly mayHaveQueryOrFragment: boolean;
  /** The template starts with "/": every expansion is a path. */
  readonly isPath: boolean;
  /**
   * The template starts with a literal `scheme://authority` followed by "/", "?" or "#" that
   * parses: every expansion is a valid absolute url.
   */
  readonly isValidAbsolute: boolean;
}

// Bounded (lib/bounded-cache.ts): urls with inlined ids are all distinct.
const cache = new Map<string, CompiledUrl>();

/**
 * The compiled form of a merged `url`, cached by the url string: `colonToTemplate`, the
 * template's compilation and the per-template data below then cost one Map lookup per call.
 * The template is compiled here, not through `parseTemplate`: this cache already holds it, and
 * a second cache keyed by the same template would only repeat the lookup and the eviction.
 */
export function compileUrl(url: string): CompiledUrl {
  const cached = cache.get(url);
  if (cached !== undefined) return cached;
  const template = compileTemplate(colonToTemplate(url));
  const variableNames = new Set(template.variableNames);
  const required = requiredNames(template);
  const literal = leadingLiteral(template);
  let namesReservedKey = false;
  for (const name of variableNames) if (RESERVED_KEYS.has(name)) namesReservedKey = true;
  const compiled: CompiledUrl = {
    template,
    requiredNames: required,
    requiredNamesAreOwnOnly: required.every((name) => !(name in Object.prototype)),
    variableNames,
    namesReservedKey,
    mayHaveQueryOrFragment: template.parts.some((part) =>
      typeof part === "string"
        ? part.includes("?") || part.includes("#")
        : part.operator === "+" || part.operator === "#" || part.operator === "?" || part.operator === "&",
    ),
    isPath: literal.startsWith("/"),
    isValidAbsolute: hasValidAbsolutePrefix(literal),
  };
  return remember(cache, url, compiled);
}

/**
 * The placeholders that must have a value: `{name}`, `{+name}` (and `:name`, already turned
 * into `{name}`) in the path, before the first "?" or "#" of the template. The operators made
 * for optional pieces (`{/x}`, `{.x}`, `{;x}`, `{?x}`, `{&x}`, `{#x}`) may vanish (RFC 6570 §3.2.1).
 */
function requiredNames(template: UriTemplate): readonly string[] {
  const found: string[] = [];
  for (const part of template.parts) {
    if (typeof part === "string") {
      if (part.includes("?") || part.includes("#")) break;
    } else if (part.operator === "?" || part.operator === "&" || part.operator === "#") {
      break;
    } else if (part.operator === "" || part.operator === "+") {
      for (const variable of part.variables) found.push(variable.name);
    }
  }
  return found;
}

// Every expansion begins with the template's leading literal (as the engine writes it). When that
// literal holds a whole `scheme://authority` followed by "/", "?" or "#", the WHATWG parser
// decides on it alone: what follows is path, query or fragment, states of the URL Standard's
// basic URL parser that never fail.
function hasValidAbsolutePrefix(literal: string): boolean {
  if (!isAbsoluteUrl(literal)) return false;
  let end = literal.indexOf("://") + 3;
  while (end < literal.length && !"/?#".includes(literal.charAt(end))) end++;
  if (end === literal.length) return false;
  try {
    new URL(literal);
    return true;
  } catch {
    return false;
  }
}

/** The literal every expansion begins with, as the engine writes it ("" when it starts with an expression). */
function leadingLiteral(template: UriTemplate): string {
  const first = template.parts[0];
  return typeof first === "string" ? encodeReserved(first, "") : "";
}
