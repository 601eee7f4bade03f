/** Small object helpers that never walk or change a prototype, and walks that visit each object once. */
import { EndpointError, quote } from "./errors.js";

/** How deep plain objects and arrays may nest in options and defaults: every walk recurses. */
export const MAX_NESTING_DEPTH = 100;

/** `Invalid options: "name" <problem>`: the `ERR_INVALID_OPTIONS` of what a walk under option `name` met. */
function invalidOption(name: string, problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_OPTIONS", `Invalid options: ${quote(name)} ${problem}`);
}

/** A plain object: made by `{}`, `Object.create(null)` or `JSON.parse`, not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  return hasPlainPrototype(value);
}

/** Has an object (an array too) the prototype of a plain object, `Object.prototype` or null? */
export function hasPlainPrototype(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || isObjectPrototypeOfAnyRealm(proto as object);
}

/** Is `proto` some realm's `Object.prototype` (an iframe's, a vm's)? Then its objects are plain too. */
function isObjectPrototypeOfAnyRealm(proto: object): boolean {
  if (Object.getPrototypeOf(proto) !== null) return false;
  const constructor: unknown = Object.getOwnPropertyDescriptor(proto, "constructor")?.value;
  return (
    typeof constructor === "function" &&
    // ECMAScript §20.2.3.5 NativeFunction: the built-in's text, which no JS, bound or Proxy function has.
    /^function Object\(\) \{\s*\[native code\]\s*\}$/.test(Function.prototype.toString.call(constructor)) &&
    (constructor as { prototype?: unknown }).prototype === proto
  );
}

/** The brand of a built-in object (`"URLSearchParams"`); works across realms, where `instanceof` does not. */
export function brandOf(value: object): string {
  return Object.prototype.toString.call(value).slice(8, -1);
}

/** A URLSearchParams of any realm: its own method's WebIDL brand check decides. */
export function isUrlSearchParams(value: object): boolean {
  try {
    URLSearchParams.prototype.has.call(value, "");
    return true;
  } catch {
    return false;
  }
}

/** Sets an own property; `target[key] = value` with key `__proto__` would change the prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** The engine's shared copy of `text`, as an object key is: compared with a key or literal by pointer. */
export function internalize(text: string): string {
  return Object.keys({ [text]: 0 })[0]!;
}

/** `Object.hasOwn` for Node 16 and older browsers. */
export function hasOwn(target: object, key: PropertyKey): boolean {
  return Object.prototype.hasOwnProperty.call(target, key);
}

/** `length` times `undefined`, never holes (a hole reads a polluted `Object.prototype[1]`). */
export function undefinedArray(length: number): unknown[] {
  const array: unknown[] = new Array(length);
  for (let i = 0; i < length; i++) array[i] = undefined;
  return array;
}

/** `target[key]` when it is an own property, else `undefined`: inherited values are never options. */
export function own(target: object, key: PropertyKey): unknown {
  return hasOwn(target, key) ? (target as Record<PropertyKey, unknown>)[key] : undefined;
}

/** The plain objects and arrays the library froze into DEFAULTS snapshots (never a caller's). */
const FROZEN = new WeakSet<object>();

/** Marks a copy that is being made: meeting it again means the input holds a cycle. */
const IN_PROGRESS = {};

/** Does `list` hold an object (a function does not count: the walks never enter one)? */
export function holdsObject(list: readonly unknown[]): boolean {
  return list.some((item) => typeof item === "object" && item !== null);
}

/** Did the library freeze `value` into a snapshot? */
export const isLibraryFrozen = (value: unknown): boolean =>
  typeof value === "object" && value !== null && FROZEN.has(value);

// `freeze` shares what is frozen already; `drop-undefined` (a call's values) walks arrays without
// copying them, and copies what a snapshot froze; `check` only walks.
type CopyMode = "clone" | "freeze" | "drop-undefined" | "check";

/** Copies the plain objects and arrays in `value` once each (shared stays shared); others by reference. */
export function copyTree(
  value: unknown,
  name: string,
  mode: CopyMode,
  memo?: Map<object, unknown>,
  depth = 0,
): unknown {
  if (typeof value !== "object" || value === null) return value;
  const isArray = Array.isArray(value);
  if (!isArray && !isPlainObject(value)) {
    // `class extends null`, a tampered realm's `Object.prototype`: refused, rather than shared as a value.
    if (Object.getPrototypeOf(Object.getPrototypeOf(value)) === null) {
      throw invalidOption(
        name,
        "holds an object whose prototype inherits nothing yet is no Object.prototype, so it cannot be told from a plain object; pass a copy ({ ...value })",
      );
    }
    return value;
  }
  if (mode === "freeze" && FROZEN.has(value)) return value;
  if (mode === "drop-undefined" && FROZEN.has(value)) mode = "clone"; // a snapshot's part: the call's own copy
  const seen = memo?.get(value);
  if (seen === IN_PROGRESS || depth > MAX_NESTING_DEPTH) {
    throw invalidOption(name, `is nested more than ${MAX_NESTING_DEPTH} levels deep, or holds a cycle`);
  }
  if (seen !== undefined) return seen;
  memo?.set(value, IN_PROGRESS);
  // The memo is made once the walk enters an object: a value without one holds no cycle, nothing shared.
  const walk = (member: unknown, childMode: CopyMode) =>
    typeof member === "object" && member !== null
      ? copyTree(member, name, childMode, (memo ??= new Map([[value, IN_PROGRESS]])), depth + 1)
      : member;
  let copy: unknown[] | Record<string, unknown>;
  const walkOnly = mode === "check" || (isArray && mode === "drop-undefined");
  if (isArray) {
    // Own items only, by index: a hole stays a hole, never an index someone put on Array.prototype.
    const list = value as unknown[];
    copy = walkOnly ? list : new Array(list.length);
    for (let i = 0; i < list.length; i++) {
      if (!hasOwn(list, i)) continue;
      const item = walk(list[i], walkOnly ? "check" : mode);
      if (!walkOnly) copy[i] = item;
    }
  } else if (walkOnly) {
    for (const key in value) if (hasOwn(value, key)) walk((value as Record<string, unknown>)[key], "check");
    copy = value as Record<string, unknown>;
  } else {
    copy = {};
    for (const key of Object.keys(value)) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined || mode !== "drop-undefined") setOwn(copy, key, walk(member, mode));
    }
  }
  if (mode === "freeze") FROZEN.add(Object.freeze(copy));
  memo?.set(value, copy);
  return copy;
}

/** `value` with each part the library froze (and the objects above it) copied; nothing changes in place. */
export function thawed(value: unknown, memo?: Map<object, unknown>, depth = 0): unknown {
  if (isLibraryFrozen(value)) return copyTree(value, "", "clone", memo);
  if (!isPlainObject(value) || depth > MAX_NESTING_DEPTH) return value;
  const done = (memo ??= new Map<object, unknown>()).get(value);
  if (done !== undefined) return done;
  memo.set(value, value);
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    if (!hasOwn(value, key)) continue;
    const member = value[key];
    const copied = typeof member === "object" && member !== null ? thawed(member, memo, depth + 1) : member;
    if (copied !== member) setOwn((copy ??= { ...value }), key, copied);
  }
  if (copy !== undefined) memo.set(value, copy);
  return copy ?? value;
}

/** A mutable deep copy of plain objects and arrays; everything else is kept by reference. */
export function cloneDeep<T>(value: T, name = ""): T {
  return copyTree(value, name, "clone") as T;
}
