import { quote } from "../errors.js";
import { hasPlainPrototype, own } from "../object.js";
import { encodeReserved, prefix } from "./encode.js";
import type { OperatorRow } from "./operators.js";
import { templateError } from "./template-error.js";
import type { TemplateVariable } from "./types.js";
import { scalarText } from "./values.js";

/** A varspec as compiled: what its expansion needs besides its value. */
export interface Varspec extends TemplateVariable {
  /** The row of its expression's operator (RFC 6570 Appendix A). */
  readonly row: OperatorRow;
  /** The index of its value in the values `expand` reads (its name's index in `variableNames`). */
  readonly slot: number;
  /** Where the varspec starts in the template, for the error of a prefix on a composite value. */
  readonly offset: number;
  /** What comes before a first defined scalar value: the operator's `first`, and `name=` if named. */
  readonly first: string;
  /** The same with the operator's `sep`, before a value that follows another defined one. */
  readonly sep: string;
}

/**
 * Expands one varspec whose value is neither `undefined` nor `null` by RFC 6570 Appendix A, with
 * the operator's `first` before it (or `sep` if `later`, after another defined value). Returns
 * `undefined` for a list or object without a defined member (§2.3).
 */
export function expandVarspec(
  spec: Varspec,
  value: unknown,
  template: string,
  later: boolean,
): string | undefined {
  const { row, name, maxLength } = spec;
  const head = later ? spec.sep : spec.first;
  if (typeof value === "object" && (Array.isArray(value) || hasPlainPrototype(value!))) {
    const members = expandMembers(spec, value!);
    if (members === undefined) return undefined; // §2.3: no defined member
    // §2.4.1: "Prefix modifiers are not applicable to variables that have composite values."
    if (maxLength !== undefined) {
      const kind = Array.isArray(value) ? "list" : "object";
      throw templateError(
        template,
        `prefix modifier ":${maxLength}" on the ${kind} value of ${quote(name)}`,
        spec.offset,
      );
    }
    // Exploded members carry their own names (§3.2.7–§3.2.9): only the operator's first or sep.
    return (spec.explode ? (later ? row.sep : row.first) : head) + members;
  }
  let text = scalarText(value, name);
  if (maxLength !== undefined) text = prefix(text, maxLength, row.encode === encodeReserved);
  // §3.2.7–§3.2.9: after the name of an empty value, ifemp in place of the head's "=".
  if (text === "" && row.named) return head.slice(0, -1) + row.ifemp;
  return head + row.encode(text, name);
}

/**
 * The defined members of a list, or of an object (its own enumerable keys), as Appendix A writes
 * them: joined by ",", an object's as `key,value`; exploded, joined by `sep` as `key=value`, and a
 * list's as `name=value` for a named operator.
 */
function expandMembers({ row, name, explode }: Varspec, value: object): string | undefined {
  const isList = Array.isArray(value);
  const keys: readonly unknown[] = isList ? value : Object.keys(value);
  let out: string | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = isList ? index : (keys[index] as string);
    // Own members only: a hole must not read what other code put on Array.prototype.
    const member = own(value, key);
    if (member == null) continue; // §3.2.1: undefined members are skipped
    // scalarText refuses a list or an object: RFC 6570 has no form for nesting.
    const text = row.encode(scalarText(member, name, key), name);
    let piece = text;
    if (explode && (row.named || !isList)) {
      piece =
        (isList ? name : row.encode(key as string, name)) +
        (text === "" && row.named ? row.ifemp : "=" + text);
    } else if (!isList) {
      piece = row.encode(key as string, name) + "," + text;
    }
    out = out === undefined ? piece : out + (explode ? row.sep : ",") + piece;
  }
  return out;
}
