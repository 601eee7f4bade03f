import { quote } from "../errors.js";
import { hasOwn, hasPlainPrototype, own } from "../object.js";
import { encodeReserved, isUnreservedNumber, prefix } from "./encode.js";
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
  if (isUnreservedNumber(value) && spec.maxLength === undefined)
    return (later ? spec.sep : spec.first) + value;
  if (typeof value !== "object" || !(Array.isArray(value) || hasPlainPrototype(value!))) {
    return expandScalar(spec, scalarText(value, spec.name), later);
  }
  return expandComposite(spec, value!, template, later);
}

/** A list or object value (§2.4.2, §3.2.1): its defined members, or `undefined` without one. */
function expandComposite(spec: Varspec, value: object, template: string, later: boolean): string | undefined {
  const { row, name, explode, maxLength } = spec;
  const isList = Array.isArray(value);
  let out: string | undefined;
  // Own items only: a hole must not read what other code put on Array.prototype. Undefined
  // members are skipped (§3.2.1); scalarText refuses a nested list or object.
  if (isList) {
    for (let index = 0; index < value.length; index++) {
      const item = own(value, index);
      if (item == null) continue;
      const text = scalarText(item, name, index);
      // Exploded, a list is its items one after another, each as a scalar value is (§2.4.2).
      if (explode) out = (out ?? "") + expandScalar(spec, text, later || out !== undefined);
      else out = (out === undefined ? "" : out + ",") + row.encode(text, name);
    }
    if (explode) return out;
  } else {
    for (const key in value) {
      const member = hasOwn(value!, key) ? (value as Record<string, unknown>)[key] : undefined;
      if (member == null) continue;
      const text = row.encode(scalarText(member, name, key), name);
      // Exploded, members are `key=value`, and a named operator's empty value takes ifemp.
      const pair = explode ? (text === "" && row.named ? row.ifemp : "=" + text) : "," + text;
      out = (out === undefined ? "" : out + (explode ? row.sep : ",")) + row.encode(key, name) + pair;
    }
  }
  if (out === undefined) return undefined; // §2.3: no defined member
  // §2.4.1: "Prefix modifiers are not applicable to variables that have composite values."
  if (maxLength !== undefined) {
    const problem = `prefix modifier ":${maxLength}" on the ${isList ? "list" : "object"} value of ${quote(name)}`;
    throw templateError(template, problem, spec.offset);
  }
  // Exploded members carry their own names (§3.2.7–§3.2.9): only the operator's first or sep.
  return (explode ? (later ? row.sep : row.first) : later ? spec.sep : spec.first) + out;
}

/** A scalar's text, cut to its prefix and encoded, after `name=` for a named operator. */
function expandScalar(spec: Varspec, text: string, later: boolean): string {
  const { row, maxLength } = spec;
  if (maxLength !== undefined) text = prefix(text, maxLength, row.encode === encodeReserved);
  // §3.2.7–§3.2.9: after the name of an empty value, ifemp in place of the head's "=".
  if (text === "" && row.named) return (later ? spec.sep : spec.first).slice(0, -1) + row.ifemp;
  return (later ? spec.sep : spec.first) + row.encode(text, spec.name);
}
