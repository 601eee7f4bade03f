/** Small object helpers that never walk or change a prototype, and walks that visit each object once. */
import { EndpointError, quote } from "./errors.js";

/**
 * How deep plain objects and arrays may nest in options and defaults. Every walk of the library
 * (copy, merge, freeze) recurses; past this depth (or around a cycle) it would overflow the
 * stack with a RangeError instead of answering with an EndpointError.
 */
export const MAX_NESTING_DEPTH = 100;

/** `ERR_INVALID_OPTIONS` for a value nested deeper than `MAX_NESTING_DEPTH` under option `name`. */
export function tooDeep(name: string): EndpointError {
  return new EndpointError(
    "ERR_INVALID_OPTIONS",
    `Invalid options: ${quote(name)} is nested more than ${MAX_NESTING_DEPTH} levels deep, or holds a cycle`,
  );
}

/** A plain object: made by `{}`, `Object.create(null)` or `JSON.parse`, not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  // Array.isArray first: an array is common in options and answered without the prototype
  // lookup, which costs about 150 machine instructions where the shapes are many.
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  return hasPlainPrototype(value);
}

/**
 * Whether an object (an array too) has a plain object's prototype, `Object.prototype` or null: the
 * test `isPlainObject` ends with, for a caller that has already told objects and arrays apart (the
 * template engine, whose bundle then carries only this).
 */
export function hasPlainPrototype(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || isObjectPrototypeOfAnyRealm(proto as object);
}

/**
 * Is `text` the source text engines give the built-in `Object` function (ECMAScript §20.2.3.5
 * NativeFunction)? No function written in JavaScript has it (`[native code]` is no JavaScript), nor
 * a bound function or a Proxy, whose text has no name.
 */
function isNativeObjectSource(text: string): boolean {
  const head = "function Object() {";
  return (
    text.startsWith(head) && text.endsWith("}") && text.slice(head.length, -1).trim() === "[native code]"
  );
}

/**
 * Is `proto` the `Object.prototype` of some realm (an iframe's, a vm context's)? Its own
 * `constructor` is that realm's built-in `Object`, whose `prototype` it is, and it inherits
 * nothing. An object of another realm with it behaves as a plain object, and is copied as one.
 */
function isObjectPrototypeOfAnyRealm(proto: object): boolean {
  if (Object.getPrototypeOf(proto) !== null) return false;
  const constructor: unknown = Object.getOwnPropertyDescriptor(proto, "constructor")?.value;
  return (
    typeof constructor === "function" &&
    isNativeObjectSource(Function.prototype.toString.call(constructor)) &&
    (constructor as { prototype?: unknown }).prototype === proto
  );
}

/**
 * An object whose prototype inherits nothing, yet is no realm's `Object.prototype` (an instance of
 * `class extends null`, a tampered realm): whether it is a plain object to copy or a value to keep
 * by reference cannot be told, so it is refused rather than shared.
 */
function isAmbiguousObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return (
    proto !== null && Object.getPrototypeOf(proto) === null && !isObjectPrototypeOfAnyRealm(proto as object)
  );
}

function ambiguousObject(name: string): EndpointError {
  return new EndpointError(
    "ERR_INVALID_OPTIONS",
    `Invalid options: ${quote(name)} holds an object whose prototype inherits nothing yet is no Object.prototype, so it cannot be told from a plain object; pass a copy ({ ...value })`,
  );
}

/** The brand of a built-in object (`"URLSearchParams"`); works across realms, where `instanceof` does not. */
export function brandOf(value: object): string {
  return Object.prototype.toString.call(value).slice(8, -1);
}

/**
 * A URLSearchParams of any realm: its own method's WebIDL brand check decides, which an object
 * that only sets `Symbol.toStringTag` fails (https://webidl.spec.whatwg.org/#dfn-create-operation-function).
 * False too where the runtime has no URLSearchParams.
 */
export function isUrlSearchParams(value: object): boolean {
  try {
    URLSearchParams.prototype.has.call(value, "");
    return true;
  } catch {
    return false;
  }
}

/**
 * Sets an own enumerable property. `target[key] = value` would call the `__proto__` setter
 * inherited from Object.prototype and change the prototype instead (prototype pollution).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * The same text as the engine's one copy of it (object keys and string literals are kept so):
 * comparing it with a literal or a `for…in` key is then a pointer check, not a character compare.
 */
export function internalize(text: string): string {
  return Object.keys({ [text]: 0 })[0]!;
}

/** `Object.hasOwn` for Node 16 and older browsers. */
export function hasOwn(target: object, key: PropertyKey): boolean {
  return Object.prototype.hasOwnProperty.call(target, key);
}

/**
 * An array of `length` times `undefined`: a call's slots. Filled, never holes: reading a hole
 * reads `Array.prototype` and `Object.prototype`, so `Object.prototype[1] = "x"` (a pollution
 * gadget elsewhere in the app) would fill a missing `{repo}` (docs/security.md item 12). A loop,
 * not `.fill(undefined)`: as fast as the holes were, where `fill` took 2.5 times as long here.
 */
export function undefinedArray(length: number): unknown[] {
  const array: unknown[] = new Array(length);
  for (let i = 0; i < length; i++) array[i] = undefined;
  return array;
}

/**
 * `target[key]` when it is an own property, else `undefined`: inherited values are never options,
 * and a hole in a list is never an index of Array.prototype (docs/security.md item 12).
 */
export function own(target: object, key: PropertyKey): unknown {
  return hasOwn(target, key) ? (target as Record<PropertyKey, unknown>)[key] : undefined;
}

/**
 * The plain objects and arrays the library froze into DEFAULTS snapshots. A later snapshot shares
 * them instead of copying them again, and `merge()` copies exactly these before it hands them out.
 * Caller objects are never in it: they are copied before anything is frozen.
 */
const FROZEN = new WeakSet<object>();

/** Marks a copy that is being made: meeting it again means the input holds a cycle. */
const IN_PROGRESS = {};

/** Freezes an object the library itself just made (never a caller's) and remembers it as frozen. */
export function freezeOwn<T extends object>(value: T): T {
  FROZEN.add(Object.freeze(value));
  return value;
}

/** Does `list` hold an object (a function does not count: the walks never enter one)? */
export function holdsObject(list: readonly unknown[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item === "object" && item !== null) return true;
  }
  return false;
}

/** Is `value` a plain object or an array the library itself froze? */
export function isLibraryFrozen(value: unknown): boolean {
  return typeof value === "object" && value !== null && FROZEN.has(value);
}

/**
 * How `copyTree` copies: `clone`, a mutable copy of plain objects and arrays; `freeze`, a frozen
 * copy sharing what the library froze before; `drop-undefined`, a mutable copy of plain objects
 * only without their `undefined` members: an array is kept by reference with all it holds, and only
 * walked (`check`) for the depth limit and cycles, which hold for arrays as for objects.
 */
export type CopyMode = "clone" | "freeze" | "drop-undefined" | "check";

/**
 * A copy of the plain objects (and, but for `DropUndefined`, arrays) in `value`; everything else
 * — class instances, functions, typed arrays — by reference, as the merge rules say. Each object
 * is visited once (`memo`): an input that shares one object under many keys (a DAG, a YAML file
 * with anchors) costs linear time, and its copy shares the copies the same way. Deeper than
 * `MAX_NESTING_DEPTH` or cyclic is `ERR_INVALID_OPTIONS` under option `name`.
 */
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
    if (isAmbiguousObject(value)) throw ambiguousObject(name);
    return value;
  }
  if (mode === "freeze" && FROZEN.has(value)) return value;
  memo ??= new Map();
  const seen = memo.get(value);
  if (seen === IN_PROGRESS || depth > MAX_NESTING_DEPTH) throw tooDeep(name);
  if (seen !== undefined) return seen;
  memo.set(value, IN_PROGRESS);
  let copy: unknown[] | Record<string, unknown>;
  if (mode === "check" || (isArray && mode === "drop-undefined")) {
    // Kept as it is: walked for the limits alone. (An object met here and again elsewhere is the
    // same object there too, as the array holds it.)
    for (const key in value)
      if (hasOwn(value, key))
        copyTree((value as Record<string, unknown>)[key], name, "check", memo, depth + 1);
    copy = value as Record<string, unknown>;
  } else if (isArray) {
    // Index by index, own items only: `map` would read a hole through Array.prototype and make
    // an index other code put there an item of the copy (docs/security.md item 12). A hole stays one.
    const list = value as unknown[];
    copy = new Array(list.length);
    for (let i = 0; i < list.length; i++) {
      if (hasOwn(list, i)) copy[i] = copyTree(list[i], name, mode, memo, depth + 1);
    }
  } else {
    copy = {};
    for (const key of Object.keys(value)) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined || mode !== "drop-undefined") {
        setOwn(copy, key, copyTree(member, name, mode, memo, depth + 1));
      }
    }
  }
  memo.set(value, mode === "freeze" ? freezeOwn(copy) : copy);
  return copy;
}

/**
 * `value` with each plain object or array the library froze replaced by a mutable copy, at any
 * depth. What holds no frozen part is returned as it is, and nothing is changed in place: the plain
 * objects on the way to a frozen part are copied (they may be a caller's). Each object is visited
 * once (`memo`), and no deeper than MAX_NESTING_DEPTH (no snapshot holds anything deeper).
 */
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

/**
 * A mutable deep copy of plain objects and arrays; everything else (class instances,
 * functions, Uint8Array, …) is kept by reference, as the merge rules say.
 */
export function cloneDeep<T>(value: T, name = ""): T {
  return copyTree(value, name, "clone") as T;
}
