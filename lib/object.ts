/** Small object helpers that never walk or change a prototype. */
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

/** Throws `tooDeep(name)` when plain objects and arrays in `value` nest deeper than `MAX_NESTING_DEPTH`. */
export function assertNestingDepth(value: unknown, name: string, depth = 0): void {
  if (depth > MAX_NESTING_DEPTH) throw tooDeep(name);
  if (Array.isArray(value)) {
    for (const item of value) assertNestingDepth(item, name, depth + 1);
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) assertNestingDepth(value[key], name, depth + 1);
  }
}

/** A plain object: made by `{}`, `Object.create(null)` or `JSON.parse`, not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
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

/** `Object.hasOwn` for Node 16 and older browsers. */
export function hasOwn(target: object, key: PropertyKey): boolean {
  return Object.prototype.hasOwnProperty.call(target, key);
}

/**
 * A mutable deep copy of plain objects and arrays; everything else (class instances,
 * functions, Uint8Array, …) is kept by reference, as the merge rules say.
 */
export function cloneDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneDeep) as T;
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(copy, key, cloneDeep(value[key]));
  return copy as T;
}

/**
 * A deep-frozen copy: every nested plain object and array is copied, then frozen. The caller's
 * objects are never frozen (that would be a side effect on what they passed).
 */
export function freezeCopy<T>(value: T): T {
  if (Array.isArray(value)) return Object.freeze(value.map(freezeCopy)) as T;
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(copy, key, freezeCopy(value[key]));
  return Object.freeze(copy) as T;
}
