import { quote } from "../errors.js";
import { hasOwn, isPlainObject } from "../object.js";
import { templateError } from "./template-error.js";
import type { OperatorRow } from "./operators.js";
import type { TemplateVariable } from "./types.js";
import { invalidParameter, scalarText } from "./values.js";

/** A list or a plain object: the composite values of RFC 6570 §2.3. */
function isComposite(value: unknown): value is readonly unknown[] | Record<string, unknown> {
  return Array.isArray(value) || isPlainObject(value);
}

/**
 * Expands one varspec by the algorithm of RFC 6570 Appendix A, without the `first`/`sep` that
 * goes before it. Returns `undefined` when the value is undefined (§2.3): `undefined`, `null`,
 * an empty list, an object without defined members. `spec.name` is the name in messages;
 * `outputName` is the one named operators write (a varname is written as it is, §3.2.7), and
 * `offset` is where the varspec starts in `template`, for a prefix error.
 */
export function expandVarspec(
  row: OperatorRow,
  spec: TemplateVariable,
  value: unknown,
  template: string,
  offset: number,
  outputName = spec.name,
): string | undefined {
  if (value === undefined || value === null) return undefined;
  const { name, maxLength } = spec;
  if (typeof value === "object" && isComposite(value)) {
    const text = expandComposite(row, spec, value, outputName);
    // §2.4.1: "Prefix modifiers are not applicable to variables that have composite values."
    if (text !== undefined && maxLength !== undefined) {
      const kind = Array.isArray(value) ? "list" : "object";
      throw templateError(
        template,
        `prefix modifier ":${maxLength}" on the ${kind} value of ${quote(name)}`,
        offset,
      );
    }
    return text;
  }
  let text = typeof value === "string" ? value : scalarText(value, name, undefined);
  if (maxLength !== undefined) {
    // §2.4.1: the first maxLength code points (a string iterates by code point, never splitting a pair).
    let end = 0;
    let count = maxLength;
    for (const codePoint of text) {
      if (count-- === 0) break;
      end += codePoint.length;
    }
    text = text.slice(0, end);
  }
  return row.named ? pair(row, outputName, text, name) : row.encode(text, name);
}

// §3.2.7–§3.2.9 (and exploded members): the label, then ifemp for an empty value when the operator
// is named, else "=" and the value.
function pair(row: OperatorRow, label: string, text: string, name: string): string {
  return text === "" && row.named ? label + row.ifemp : label + "=" + row.encode(text, name);
}

// §3.2.1, Appendix A: a list's items, or an object's "key,value" pairs, joined by ","; exploded,
// they are joined by sep, an object's members written as pairs "key=value" and, for named
// operators, a list's items as pairs "name=value".
function expandComposite(
  row: OperatorRow,
  { name, explode }: TemplateVariable,
  composite: readonly unknown[] | Record<string, unknown>,
  outputName: string,
): string | undefined {
  const isList = Array.isArray(composite);
  // Own enumerable string keys; an own "__proto__" is a key like any other.
  const keys: readonly unknown[] = isList ? composite : Object.keys(composite);
  const encode = row.encode;
  let out: string | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = isList ? index : (keys[index] as string);
    const member = isList || hasOwn(composite, key) ? (composite as Record<string, unknown>)[key] : undefined;
    if (member === undefined || member === null) continue; // §3.2.1: only defined members
    // RFC 6570 has no form for nesting.
    if (typeof member === "object" && isComposite(member)) throw invalidParameter(name, member, key);
    const text = typeof member === "string" ? member : scalarText(member, name, key);
    out =
      (out === undefined ? "" : out + (explode ? row.sep : ",")) +
      (isList
        ? explode && row.named
          ? pair(row, outputName, text, name)
          : encode(text, name)
        : explode
          ? pair(row, encode(key as string, name), text, name)
          : encode(key as string, name) + "," + encode(text, name));
  }
  // §2.3: no defined member, an undefined value
  return out === undefined || explode || !row.named ? out : outputName + "=" + out;
}
