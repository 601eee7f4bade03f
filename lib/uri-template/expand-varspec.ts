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
 * Expands one varspec by the algorithm of RFC 6570 Appendix A and returns `out` followed by
 * `before` (the operator's `first` or `sep`) and the expansion, or `undefined` when the value is
 * undefined (§2.3): `undefined`, `null`, an empty list, an object without defined members.
 * Pieces are appended to `out` one by one, which V8 links rather than copying short strings.
 * `spec.name` is the name in messages; `outputName` is the one named operators write (a varname
 * is written as it is, §3.2.7), and `offset` is where the varspec starts in `template`.
 */
export function expandVarspec(
  out: string,
  before: string,
  row: OperatorRow,
  spec: TemplateVariable,
  value: unknown,
  template: string,
  offset: number,
  outputName = spec.name,
): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "object" && isComposite(value)) {
    const text = expandComposite(row, spec, value, template, offset, outputName);
    return text === undefined ? undefined : out + before + text;
  }
  const text = typeof value === "string" && spec.maxLength === undefined ? value : scalarPrefix(value, spec);
  out += before;
  if (row.named) {
    // §3.2.7–§3.2.9: the name, then ifemp for an empty value, else "=" and the value
    out += outputName;
    out += text === "" ? row.ifemp : "=";
  }
  return out + row.encode(text, spec.name);
}

/** The text of a scalar value, cut to the varspec's prefix (§2.4.1). */
function scalarPrefix(value: unknown, { name, maxLength }: TemplateVariable): string {
  const text = scalarText(value, name, undefined);
  if (maxLength === undefined) return text;
  // The first maxLength code points (a string iterates by code point, never splitting a pair).
  let end = 0;
  let count = maxLength;
  for (const codePoint of text) {
    if (count-- === 0) break;
    end += codePoint.length;
  }
  return text.slice(0, end);
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
  { name, explode, maxLength }: TemplateVariable,
  composite: readonly unknown[] | Record<string, unknown>,
  template: string,
  offset: number,
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
  if (out === undefined) return undefined; // §2.3: no defined member, an undefined value
  // §2.4.1: "Prefix modifiers are not applicable to variables that have composite values."
  if (maxLength !== undefined) {
    const kind = isList ? "list" : "object";
    throw templateError(
      template,
      `prefix modifier ":${maxLength}" on the ${kind} value of ${quote(name)}`,
      offset,
    );
  }
  // Named operators write "name=" before a list or object they do not explode.
  return !explode && row.named ? outputName + "=" + out : out;
}
