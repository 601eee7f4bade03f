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
  if (typeof value !== "object" || !(Array.isArray(value) || hasPlainPrototype(value!))) {
    return expandScalar(spec, scalarText(value, spec.name), later);
  }
  const { row, explode, maxLength } = spec;
  // Exploded, a list is its items one after another, each as a scalar value is (§2.4.2).
  if (explode && Array.isArray(value)) return explodedList(spec, value, later);
  const out = Array.isArray(value) ? listText(spec, value) : objectText(spec, value!);
  if (out === undefined) return undefined; // §2.3: no defined member
  // §2.4.1: "Prefix modifiers are not applicable to variables that have composite values."
  if (maxLength !== undefined) {
    const problem = `prefix modifier ":${maxLength}" on the ${Array.isArray(value) ? "list" : "object"} value of ${quote(spec.name)}`;
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

/** `{x*}` of a list: each defined item as the scalar value of `{x}` would be. */
function explodedList(spec: Varspec, list: readonly unknown[], later: boolean): string | undefined {
  let out: string | undefined;
  // Own items only: a hole must not read what other code put on Array.prototype.
  for (let index = 0; index < list.length; index++) {
    const item = own(list, index);
    if (item == null) continue; // §3.2.1: undefined items are skipped
    // scalarText refuses a list or an object: RFC 6570 has no form for nesting.
    const text = expandScalar(spec, scalarText(item, spec.name, index), later || out !== undefined);
    out = out === undefined ? text : out + text;
  }
  return out;
}

/** A list's defined items, encoded and joined by "," (Appendix A); `undefined` when none is defined. */
function listText({ row, name }: Varspec, list: readonly unknown[]): string | undefined {
  let out: string | undefined;
  for (let index = 0; index < list.length; index++) {
    const item = own(list, index);
    if (item == null) continue;
    const text = row.encode(scalarText(item, name, index), name);
    out = out === undefined ? text : out + "," + text;
  }
  return out;
}

/** An object's defined own members as `key,value`, or `key=value` exploded (Appendix A). */
function objectText({ row, name, explode }: Varspec, object: object): string | undefined {
  let out: string | undefined;
  for (const key in object) {
    if (!hasOwn(object, key)) continue;
    const member = (object as Record<string, unknown>)[key];
    if (member == null) continue;
    const text = row.encode(scalarText(member, name, key), name);
    // Exploded, a named operator writes ifemp after the key of an empty value (§3.2.7–§3.2.9).
    const pair =
      row.encode(key, name) + (!explode ? "," + text : text === "" && row.named ? row.ifemp : "=" + text);
    out = out === undefined ? pair : out + (explode ? row.sep : ",") + pair;
  }
  return out;
}
