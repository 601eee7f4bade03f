import { ALPHA_DIGIT, allInSet, asciiSet } from "../ascii-set.js";
import { setOwn } from "../object.js";
import { encodeReserved, isPctEncodedAt } from "../uri-template/encode.js";
import { OPERATORS } from "../uri-template/operators.js";
import type { TemplateExpression, TemplateOperator } from "../uri-template/types.js";
import type { Piece } from "./route-pattern.js";

/** The parameters of a match, by name. */
export type MatchedParameters = Record<string, unknown>;

/** Operators that copy reserved characters and pct-encoded triplets as they are (RFC 6570 §3.2.1, U+R). */
const isReserved = (operator: TemplateOperator) => operator === "+" || operator === "#";

// RFC 6570 §3.2.1: the characters each operator writes as they are, U (unreserved) and U+R
// (unreserved and reserved); the query's list values also keep ",".
const UNRESERVED = /*#__PURE__*/ asciiSet(ALPHA_DIGIT, "_.~-");
const QUERY_TEXT = /*#__PURE__*/ asciiSet(ALPHA_DIGIT, "_.~-,");
const RESERVED = /*#__PURE__*/ asciiSet(ALPHA_DIGIT, "_.~-", ":/?#[]@!$&'()*+,;=");

/** Is `raw` made of `allow` and pct-encoded triplets (RFC 3986 §2.1) only? One pass. */
function writtenWith(raw: string, allow: Uint8Array): boolean {
  for (let i = 0; i < raw.length; i++) {
    if (allow[raw.charCodeAt(i)] === 1) continue;
    if (!isPctEncodedAt(raw, i)) return false;
    i += 2;
  }
  return true;
}

/**
 * The value an operator wrote as `raw`, decoded (RFC 3986 §2.1): `a%2Fb` is `a/b`. `{+x}` and
 * `{#x}` copy a pct-encoded triplet of the value as it is (RFC 6570 §3.2.3), so `raw` is the value
 * unless decoding it and encoding it again gives `raw` back. `undefined` when `raw` is not UTF-8
 * that a U operator could have written.
 */
export function decodeValue(raw: string, operator: TemplateOperator): string | undefined {
  // The usual value: unreserved characters only, nothing to decode.
  if (allInSet(raw, UNRESERVED)) return raw;
  const reserved = isReserved(operator);
  // Only what the operator writes (RFC 6570 §3.2.1): a character it would have pct-encoded, written
  // as it is, is text of some other expression or of no route.
  if (
    !writtenWith(raw, reserved ? RESERVED : operator === "?" || operator === "&" ? QUERY_TEXT : UNRESERVED)
  ) {
    return undefined;
  }
  if (!raw.includes("%")) return raw;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return reserved ? raw : undefined;
  }
  return reserved && encodeReserved(decoded, "") !== raw ? raw : decoded;
}

/**
 * Reads the text an expression wrote back into its variables (RFC 6570 §3.2, the table of
 * Appendix A read backwards): `first`, then items joined by `sep`, `name=value` for the named
 * operators. Sets what it reads into `parameters`; `false` when the text is not one this
 * expression could write.
 *
 * Where the inverse is not unique, the rule is: items are given to the variables in order, one
 * each; an exploded variable takes a list of as many as leave one for each later variable; the
 * last variable of `{x,y}`, `{+x,y}`, `{#x,y}` or `{.x,y}` takes the rest joined by the separator
 * (a value that held commas or dots). A variable without an item is left out: the expression
 * wrote nothing for it.
 */
export function decodeExpression(
  text: string,
  expression: TemplateExpression,
  parameters: MatchedParameters,
): boolean {
  const { operator, variables } = expression;
  const row = OPERATORS[operator];
  if (text === "") {
    // Every variable undefined (RFC 6570 §3.2.1), or, for `{x}` and `{+x}`, which write nothing
    // before a value, the first one "": the one `endpoint()` can write (it needs `{x}` in a path).
    const [head] = variables;
    if (row.first === "" && head !== undefined && !head.explode) setOwn(parameters, head.name, "");
    return true;
  }
  if (!text.startsWith(row.first)) return false;
  const items = text.slice(row.first.length).split(row.sep);
  if (row.named) return decodeNamed(items, expression, parameters);
  let item = 0;
  for (let v = 0; v < variables.length && item < items.length; v++) {
    const { name, explode } = variables[v]!;
    const later = variables.length - v - 1;
    if (explode) {
      const take = Math.max(1, items.length - item - later);
      const list: string[] = [];
      for (const raw of items.slice(item, (item += take))) {
        const value = decodeValue(raw, operator);
        if (value === undefined) return false;
        list.push(value);
      }
      setOwn(parameters, name, list);
      continue;
    }
    // The last variable takes the rest where a value can hold the separator: "," of a list (or
    // of `{+x}`'s value), "." of `{.x}`'s (unreserved); `{/x}` and `{;x}` write theirs encoded.
    const rest = later === 0 && (row.sep === "," || row.sep === ".");
    const raw = rest ? items.slice(item).join(row.sep) : items[item]!;
    item = rest ? items.length : item + 1;
    const value = decodeValue(raw, operator);
    if (value === undefined) return false;
    setOwn(parameters, name, value);
  }
  return item === items.length;
}

/**
 * `;name=value` (§3.2.7), `?name=value&…` (§3.2.8, §3.2.9): each item names its variable; an
 * exploded one collects its items into a list, any other is given once.
 */
function decodeNamed(
  items: string[],
  expression: TemplateExpression,
  parameters: MatchedParameters,
): boolean {
  for (const item of items) {
    const equals = item.indexOf("=");
    const name = equals === -1 ? item : item.slice(0, equals);
    const variable = expression.variables.find((candidate) => candidate.name === name);
    if (variable === undefined) return false;
    const value = decodeValue(equals === -1 ? "" : item.slice(equals + 1), expression.operator);
    if (value === undefined) return false;
    const known = Object.prototype.hasOwnProperty.call(parameters, name) ? parameters[name] : undefined;
    if (variable.explode) {
      if (known === undefined) setOwn(parameters, name, [value]);
      else (known as string[]).push(value);
    } else if (known !== undefined) {
      return false; // a variable that is not exploded is written once
    } else {
      setOwn(parameters, name, value);
    }
  }
  return true;
}

/** Can this operator's text hold a "/"? Only those whose values may (`{+x}`, `{#x}`) or whose separator is one. */
const spansSegments = (operator: TemplateOperator) =>
  operator === "+" || operator === "#" || operator === "/";

/**
 * Matches `text` against literals and expressions, left to right, without backtracking (linear
 * time): the first literal must start the text and the last one end it; each expression between
 * two literals takes the text up to the first place where the next literal follows (the shortest
 * it can); an expression next to another one ends where the next one's first character
 * (`first`, as "/" for `{/y}`) appears. An expression that cannot write "/" never takes one.
 */
export function matchPieces(pieces: readonly Piece[], text: string, parameters: MatchedParameters): boolean {
  let position = 0;
  let end = text.length;
  let from = 0;
  let to = pieces.length;
  // Anchor the leading and the trailing literal.
  const head = pieces[0];
  if (typeof head === "string") {
    if (!text.startsWith(head)) return false;
    position = head.length;
    from = 1;
  }
  const tail = pieces[to - 1];
  if (to > from && typeof tail === "string") {
    if (!text.endsWith(tail) || end - tail.length < position) return false;
    end -= tail.length;
    to--;
  }
  if (from === to) return position === end;
  for (let p = from; p < to; p++) {
    const piece = pieces[p]!;
    if (typeof piece === "string") {
      if (!text.startsWith(piece, position)) return false;
      position += piece.length;
      continue;
    }
    const { operator } = piece;
    let stop = end;
    if (p < to - 1) {
      // Where this expression's text may end: at the next literal, or where one of the
      // expressions before it starts (each may write nothing: `{x}{.y}/` ends at "." or "/").
      const markers: string[] = [];
      // When every later piece is an expression that may write nothing, the text may end here.
      let mayEnd = true;
      for (let q = p + 1; q < to && mayEnd; q++) {
        const later = pieces[q]!;
        markers.push(typeof later === "string" ? later : OPERATORS[later.operator].first);
        mayEnd = typeof later !== "string" && OPERATORS[later.operator].first !== "";
      }
      // With an empty marker (`{a}{b}`), the first expression takes nothing: the second one gets the text.
      stop = markers.includes("") ? position : -1;
      // When the text goes on with the expression's own first character (`{/a}{/b}` at "/x/y"),
      // the expression wrote something and the markers are looked for after it; otherwise it
      // wrote nothing and a marker is here.
      const { first } = OPERATORS[operator];
      for (
        let i = first !== "" && text.startsWith(first, position) ? position + first.length : position;
        stop === -1 && i <= end;
        i++
      ) {
        if (
          (mayEnd && i === end) ||
          markers.some((marker) => text.startsWith(marker, i) && i + marker.length <= end)
        )
          stop = i;
        else if (text.charCodeAt(i) === 0x2f /* / */ && !spansSegments(operator)) break;
      }
      if (stop === -1) return false;
    }
    const written = text.slice(position, stop);
    if (!spansSegments(operator) && written.includes("/")) return false;
    if (!decodeExpression(written, piece, parameters)) return false;
    position = stop;
  }
  return position === end;
}
