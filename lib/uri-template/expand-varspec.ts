import { quote } from "../errors.js";
import { hasOwn, hasPlainPrototype, own } from "../object.js";
import { encodeReserved, prefix } from "./encode.js";
import type { Varspec } from "./types.js";
import { scalarText, templateError } from "./values.js";

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
  const { row, name, explode, maxLength } = spec;
  if (typeof value !== "object" || !(Array.isArray(value) || hasPlainPrototype(value!))) {
    let text = scalarText(value, name);
    if (maxLength !== undefined) text = prefix(text, maxLength, row.encode === encodeReserved);
    // §3.2.7–§3.2.9: after the name of an empty value, ifemp in place of the head's "=".
    if (text === "" && row.named) return (later ? spec.sep : spec.first).slice(0, -1) + row.ifemp;
    return (later ? spec.sep : spec.first) + row.encode(text, name);
  }
  // A list's items or an object's own enumerable keys, the defined ones joined as Appendix A says.
  const isList = Array.isArray(value);
  let out: string | undefined;
  const add = (key: string | number, member: unknown): void => {
    if (member == null) return; // §3.2.1: undefined members are skipped
    // scalarText refuses a list or an object: RFC 6570 has no form for nesting.
    const text = row.encode(scalarText(member, name, key), name);
    // Exploded, an object's members and a named operator's items are `name=value`.
    const pairName = isList ? name : row.encode(key as string, name);
    const piece =
      explode && (row.named || !isList)
        ? pairName + (text === "" && row.named ? row.ifemp : "=" + text)
        : isList
          ? text
          : pairName + "," + text;
    out = out === undefined ? piece : out + (explode ? row.sep : ",") + piece;
  };
  // Own members only: a hole must not read what other code put on Array.prototype.
  if (isList) for (let index = 0; index < value.length; index++) add(index, own(value, index));
  else for (const key in value) if (hasOwn(value!, key)) add(key, (value as Record<string, unknown>)[key]);
  if (out === undefined) return undefined; // §2.3: no defined member
  // §2.4.1: "Prefix modifiers are not applicable to variables that have composite values."
  if (maxLength !== undefined) {
    const problem = `prefix modifier ":${maxLength}" on the ${isList ? "list" : "object"} value of ${quote(name)}`;
    throw templateError(template, problem, spec.offset);
  }
  // Exploded members carry their own names (§3.2.7–§3.2.9): only the operator's first or sep.
  return (explode ? (later ? row.sep : row.first) : later ? spec.sep : spec.first) + out;
}
