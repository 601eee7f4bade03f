import { quote } from "../errors.js";
import { hasPlainPrototype, own } from "../object.js";
import { templateError } from "./template-error.js";
import type { OperatorRow } from "./operators.js";
import type { TemplateVariable } from "./types.js";
import { scalarText } from "./values.js";

/**
 * A varspec as compiled: its operator's row, its slot in `variableNames` and where it starts in
 * the template.
 */
export interface Varspec extends TemplateVariable {
  /** The row of its expression's operator (RFC 6570 Appendix A). */
  readonly row: OperatorRow;
  /** The index of the value in the values `expand` reads (`variableNames`). */
  readonly slot: number;
  readonly offset: number;
  /**
   * The operator's `first`, then "name=" if it is named (a varname is written as it is, §3.2.7):
   * what comes before a first scalar value.
   */
  readonly first: string;
  /** The same with the operator's `sep`, before a value after another defined one. */
  readonly sep: string;
}

/**
 * Expands one varspec whose value is neither `undefined` nor `null` by the algorithm of RFC 6570
 * Appendix A, with the operator's `first` (or `sep` if `later`, after another defined value)
 * before it, or returns `undefined` for a list or object without a defined member (§2.3).
 */
export function expandVarspec(
  spec: Varspec,
  value: unknown,
  template: string,
  later: boolean,
): string | undefined {
  const { row, name, explode, maxLength } = spec;
  const head = later ? spec.sep : spec.first;
  // A list or a plain object: the composite values of §2.3.
  if (typeof value === "object" && (Array.isArray(value) || hasPlainPrototype(value!))) {
    // §3.2.1, Appendix A: a list's items, or an object's "key,value" pairs, joined by ","; exploded,
    // they are joined by sep, an object's members written as "key=value" and, for named operators,
    // a list's items as "name=value" (§3.2.7–§3.2.9: the name and ifemp for an empty value).
    const isList = Array.isArray(value);
    // Own enumerable string keys; an own "__proto__" is a key like any other.
    const keys: readonly unknown[] = isList ? value : Object.keys(value!);
    let out: string | undefined;
    for (let index = 0; index < keys.length; index++) {
      const key = isList ? index : (keys[index] as string);
      // Own members only, a list's too: a hole must not read an index some other code put on
      // Array.prototype (docs/security.md, item 12).
      const member = own(value!, key);
      if (member == null) continue; // §3.2.1: only defined members
      // scalarText refuses a list or an object: RFC 6570 has no form for nesting.
      const text = row.encode(scalarText(member, name, key), name);
      const keyText = isList ? name : row.encode(key as string, name);
      const piece =
        explode && (row.named || !isList)
          ? keyText + (text === "" && row.named ? row.ifemp : "=" + text)
          : isList
            ? text
            : keyText + "," + text;
      out = out === undefined ? piece : out + (explode ? row.sep : ",") + piece;
    }
    if (out === undefined) return undefined; // §2.3: no defined member, an undefined value
    // §2.4.1: "Prefix modifiers are not applicable to variables that have composite values."
    if (maxLength !== undefined) {
      throw templateError(
        template,
        `prefix modifier ":${maxLength}" on the ${isList ? "list" : "object"} value of ${quote(name)}`,
        spec.offset,
      );
    }
    // Exploded members carry their own names (§3.2.7–§3.2.9): only the operator's first or sep.
    return (explode ? (later ? row.sep : row.first) : head) + out;
  }
  let text = scalarText(value, name);
  // §2.4.1: the first maxLength code points, never splitting a pair (they lie in the first
  // 2 × maxLength code units, so a pair cut at that end is past them).
  if (maxLength !== undefined) text = [...text.slice(0, 2 * maxLength)].slice(0, maxLength).join("");
  // §3.2.7–§3.2.9: a named operator writes ifemp, not "=", after the name of an empty value.
  if (text === "" && row.named) return head.slice(0, -1) + row.ifemp;
  return head + row.encode(text, name);
}
