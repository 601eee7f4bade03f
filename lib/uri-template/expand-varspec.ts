import { type EndpointError, quote } from "../errors.js";
import { templateError } from "./template-error.js";
import type { OperatorRow } from "./operators.js";
import { hasOwn, isPlainObject } from "../object.js";
import { invalidParameter, scalarText } from "./values.js";

/** A varspec ready for expansion. */
export interface CompiledVarspec {
  /** The name used to look the value up, and in error messages. */
  readonly name: string;
  /** The name as written into the output by named operators (already a valid URI fragment). */
  readonly outputName: string;
  readonly explode: boolean;
  readonly maxLength: number | undefined;
  /** Offset of the varspec in the template, for a prefix error. */
  readonly offset: number;
}

/**
 * Expands one varspec by the algorithm of RFC 6570 Appendix A, without the `first`/`sep` that
 * goes before it. Returns `undefined` when the value is undefined (§2.3): `undefined`, `null`,
 * an empty list, an object without defined members.
 */
export function expandVarspec(
  row: OperatorRow,
  spec: CompiledVarspec,
  value: unknown,
  template: string,
): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "object") {
    if (Array.isArray(value)) return expandList(row, spec, value, template);
    if (isPlainObject(value)) return expandAssociative(row, spec, value, template);
  }
  let text = typeof value === "string" ? value : scalarText(value, spec.name, undefined);
  if (spec.maxLength !== undefined) text = prefix(text, spec.maxLength);
  if (!row.named) return row.encode(text, spec.name);
  // §3.2.7–§3.2.9: name, then ifemp for an empty value, else "=" and the value
  return text === "" ? spec.outputName + row.ifemp : spec.outputName + "=" + row.encode(text, spec.name);
}

/** §2.4.1: the first `maxLength` code points, never half of a surrogate pair. */
function prefix(text: string, maxLength: number): string {
  const length = text.length;
  let i = 0;
  for (let count = 0; i < length && count < maxLength; count++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    i += code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
  return i >= length ? text : text.slice(0, i);
}

// §2.4.1: "Prefix modifiers are not applicable to variables that have composite values."
function prefixOnComposite(spec: CompiledVarspec, kind: string, template: string): EndpointError {
  return templateError(
    template,
    `prefix modifier ":${spec.maxLength}" on ${kind} value of ${quote(spec.name)}`,
    spec.offset,
  );
}

function expandList(
  row: OperatorRow,
  spec: CompiledVarspec,
  list: readonly unknown[],
  template: string,
): string | undefined {
  // Exploded named lists repeat the name (§3.2.7–§3.2.9); otherwise items are joined by ",".
  const separator = spec.explode ? row.sep : ",";
  const repeatName = spec.explode && row.named;
  let out = "";
  let defined = 0;
  for (let index = 0; index < list.length; index++) {
    const item = list[index];
    if (item === undefined || item === null) continue; // §3.2.1: only defined members
    if (typeof item === "object" && (Array.isArray(item) || isPlainObject(item))) {
      throw invalidParameter(spec.name, item, index);
    }
    const text = typeof item === "string" ? item : scalarText(item, spec.name, index);
    if (defined++ > 0) out += separator;
    if (repeatName) {
      out += text === "" ? spec.outputName + row.ifemp : spec.outputName + "=" + row.encode(text, spec.name);
    } else {
      out += row.encode(text, spec.name);
    }
  }
  if (defined === 0) return undefined; // §2.3: a list with no defined member is undefined
  if (spec.maxLength !== undefined) throw prefixOnComposite(spec, "the list", template);
  return !spec.explode && row.named ? spec.outputName + "=" + out : out;
}

function expandAssociative(
  row: OperatorRow,
  spec: CompiledVarspec,
  object: Record<string, unknown>,
  template: string,
): string | undefined {
  // Exploded: "key=value" joined by sep (named operators write ifemp for an empty value);
  // otherwise "key,value" joined by "," (§3.2.1, Appendix A).
  const keys = Object.keys(object); // own enumerable string keys; an own "__proto__" is a key like any other
  let out = "";
  let defined = 0;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const member = hasOwn(object, key) ? object[key] : undefined;
    if (member === undefined || member === null) continue;
    if (typeof member === "object" && (Array.isArray(member) || isPlainObject(member))) {
      throw invalidParameter(spec.name, member, key);
    }
    const text = typeof member === "string" ? member : scalarText(member, spec.name, key);
    if (spec.explode) {
      if (defined++ > 0) out += row.sep;
      out += row.encode(key, spec.name);
      out += row.named && text === "" ? row.ifemp : "=" + row.encode(text, spec.name);
    } else {
      if (defined++ > 0) out += ",";
      out += row.encode(key, spec.name) + "," + row.encode(text, spec.name);
    }
  }
  if (defined === 0) return undefined; // §2.3: no defined member, an undefined value
  if (spec.maxLength !== undefined) throw prefixOnComposite(spec, "the object", template);
  return !spec.explode && row.named ? spec.outputName + "=" + out : out;
}
