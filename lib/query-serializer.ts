import { EndpointError, describe, quote, rethrowAs } from "./errors.js";
import { MAX_NESTING_DEPTH, isPlainObject, own } from "./object.js";
import { encodeUnreserved } from "./uri-template/encode.js";
import { formQuery } from "./uri-template/form-query.js";
import { parameterError, scalarText } from "./uri-template/values.js";
import type { ArrayStyle, ObjectStyle, QuerySerializer, QuerySerializerOptions } from "./types.js";

/** Per style, a joined list's separator or each item's key; `[`, `]`, space, `|` encoded (RFC 3986 §3.4). */
const ARRAY_STYLES: Readonly<Record<ArrayStyle, string | ((encodedName: string, index: number) => string)>> =
  {
    form: ",", // RFC 6570 §3.2.8, `{?ids}`
    repeat: (name) => name, // RFC 6570 §3.2.8, `{?ids*}`
    brackets: (name) => name + "%5B%5D",
    indices: (name, index) => name + "%5B" + index + "%5D",
    spaceDelimited: "%20",
    pipeDelimited: "%7C",
  };

const OBJECT_STYLES: readonly ObjectStyle[] = ["form", "explode", "deepObject"];

/** How the library words a value it cannot read (as `rethrowAtBoundary`). */
const UNREADABLE = "cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)";

/**
 * A query serializer for `EndpointBuilder.serializeQuery` that writes lists and objects in the
 * given OpenAPI styles (docs/query-styles.md); everything else as the default serializer does.
 * @example
 * const railsQuery = querySerializer({ array: "brackets", object: "deepObject" });
 * railsQuery([["ids", [1, 2]], ["filter", { state: "open" }]]);
 * // "ids%5B%5D=1&ids%5B%5D=2&filter%5Bstate%5D=open"
 * class RailsEndpoint extends EndpointBuilder {
 *   override serializeQuery = railsQuery;
 * }
 */
export function querySerializer(options?: QuerySerializerOptions): QuerySerializer {
  let styles: Styles;
  try {
    styles = readOptions(options);
  } catch (error) {
    rethrowAs(error, "ERR_INVALID_OPTIONS", `Invalid querySerializer options: they ${UNREADABLE}`);
  }
  return (parameters) => {
    const flat = readParameters(parameters);
    const pairs: string[] = [];
    for (let i = 0; i < flat.length; i += 2) {
      const name = flat[i] as string;
      try {
        writeParameter(pairs, name, flat[i + 1], styles);
      } catch (error) {
        rethrowAs(error, "ERR_INVALID_OPTIONS", `Invalid parameter ${quote(name)}: it ${UNREADABLE}`);
      }
    }
    return pairs.join("&");
  };
}

interface Styles {
  readonly array: ArrayStyle;
  readonly object: ObjectStyle;
}

function readOptions(options: unknown): Styles {
  if (options === undefined) return { array: "form", object: "form" };
  if (!isPlainObject(options)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid querySerializer options: ${describe(options)}; expected { array?: string, object?: string }`,
    );
  }
  for (const key of Object.keys(options)) {
    if (key !== "array" && key !== "object") {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `Invalid querySerializer option ${quote(key)}: expected only "array" and "object"`,
      );
    }
  }
  return {
    array: readStyle(options.array, "array", Object.keys(ARRAY_STYLES) as ArrayStyle[]),
    object: readStyle(options.object, "object", OBJECT_STYLES),
  };
}

function readStyle<S extends string>(value: unknown, option: string, names: readonly S[]): S {
  if (value === undefined) return names[0]!; // "form", the first row
  if (typeof value === "string" && (names as readonly string[]).includes(value)) return value as S;
  throw new EndpointError(
    "ERR_INVALID_OPTIONS",
    `Invalid querySerializer ${option} style ${quote(value)}: expected one of ` +
      names.map((name) => quote(name)).join(", "),
  );
}

/** The `[name, value]` pairs, each read once, flat: `[name, value, name, value, …]`. */
function readParameters(parameters: unknown): unknown[] {
  const flat: unknown[] = [];
  let name: string | undefined;
  try {
    if (!Array.isArray(parameters)) {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `Invalid query parameters: ${describe(parameters)}; expected an array of [name, value] pairs`,
      );
    }
    for (let index = 0; index < parameters.length; index++) {
      name = undefined;
      const entry = own(parameters, index);
      const entryName: unknown = Array.isArray(entry) ? own(entry, 0) : entry;
      if (!Array.isArray(entry) || typeof entryName !== "string") {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `Invalid query parameter name: expected a string, got ${describe(entryName)}`,
        );
      }
      name = entryName;
      flat.push(name, own(entry as unknown[], 1));
    }
  } catch (error) {
    rethrowAs(
      error,
      "ERR_INVALID_OPTIONS",
      name === undefined
        ? `Invalid query parameters: they ${UNREADABLE}`
        : `Invalid parameter ${quote(name)}: it ${UNREADABLE}`,
    );
  }
  return flat;
}

/** Appends the `name=value` pairs of one parameter to `pairs`; none when its value is undefined (§2.3). */
function writeParameter(pairs: string[], name: string, value: unknown, styles: Styles): void {
  if (value === undefined || value === null) return;
  const list = Array.isArray(value);
  if (list && styles.array !== "form") {
    writeList(pairs, encodeUnreserved(name, name), value, name, styles);
  } else if (!list && styles.object !== "form" && isPlainObject(value)) {
    const encodedKey = styles.object === "explode" ? undefined : encodeUnreserved(name, name);
    writeMembers(pairs, encodedKey, value, name, styles, 1, new Set([value]));
  } else {
    // The form style, exactly as the default serializer writes it (RFC 6570 §3.2.8).
    const pair = formQuery([[name, value]], "");
    if (pair !== "") pairs.push(pair);
  }
}

/** `key=value`: the text of a scalar, pct-encoded; an empty value gives `key=` (RFC 6570 §3.2.8 ifemp). */
function scalarPair(encodedKey: string, value: unknown, name: string, position: number | string): string {
  return encodedKey + "=" + encodeUnreserved(scalarText(value, name, position), name);
}

/** A list under `encodedKey` in the array style; its members must be scalars. */
function writeList(
  pairs: string[],
  encodedKey: string,
  list: readonly unknown[],
  name: string,
  styles: Styles,
): void {
  const style = ARRAY_STYLES[styles.array];
  let joined = "";
  let defined = 0;
  for (let index = 0; index < list.length; index++) {
    const item = own(list, index);
    if (item === undefined || item === null) continue; // RFC 6570 §3.2.1: only defined members
    if (typeof item === "object" && (Array.isArray(item) || isPlainObject(item))) {
      throw cannotWrite(name, "array", styles.array, item, `at index ${index} of a list`);
    }
    if (typeof style === "function") pairs.push(scalarPair(style(encodedKey, index), item, name, index));
    else joined += (defined > 0 ? style : "") + encodeUnreserved(scalarText(item, name, index), name);
    defined++;
  }
  // RFC 6570 §2.3: a list without a defined member is undefined, and left out.
  if (typeof style === "string" && defined > 0) pairs.push(encodedKey + "=" + joined);
}

/**
 * OpenAPI `deepObject` (`name[a][b]=value`, brackets encoded, lists in the array style), or without
 * `encodedKey` `form` exploded (each member its own `key=value`). Each object once: per path is exponential.
 */
function writeMembers(
  pairs: string[],
  encodedKey: string | undefined,
  object: Record<string, unknown>,
  name: string,
  styles: Styles,
  depth: number,
  written: Set<object>,
): void {
  if (depth > MAX_NESTING_DEPTH)
    throw parameterError(name, `nested more than ${MAX_NESTING_DEPTH} levels deep`);
  for (const key of Object.keys(object)) {
    const member = object[key];
    if (member === undefined || member === null) continue;
    const list = Array.isArray(member);
    const nested = list || isPlainObject(member);
    if (nested && encodedKey === undefined) {
      throw cannotWrite(name, "object", "explode", member, `at key ${quote(key)} of an object`);
    }
    const encoded = encodeUnreserved(key, name);
    const memberKey = encodedKey === undefined ? encoded : encodedKey + "%5B" + encoded + "%5D";
    if (nested) {
      if (written.has(member)) {
        throw parameterError(
          name,
          `it reaches the same ${list ? "list" : "object"} again at key ${quote(key)} (shared, or a cycle), and the object style "deepObject" would write it once per path to it; pass a copy`,
        );
      }
      written.add(member);
      if (list) writeList(pairs, memberKey, member, name, styles);
      else writeMembers(pairs, memberKey, member, name, styles, depth + 1, written);
    } else pairs.push(scalarPair(memberKey, member, name, key));
  }
}

/** `Invalid parameter "ids": the array style "brackets" cannot write an object at index 0 of a list` */
function cannotWrite(
  name: string,
  kind: string,
  style: string,
  value: unknown,
  where: string,
): EndpointError {
  const hint = kind === "object" ? '; the object style "deepObject" can' : "";
  return parameterError(
    name,
    `the ${kind} style ${quote(style)} cannot write ${describe(value)} ${where}${hint}`,
  );
}
