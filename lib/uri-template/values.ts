import { EndpointError, describe, quote } from "../errors.js";

/**
 * Where a value sits in a variable: the variable itself (`undefined`), an index of its list or
 * a key of its object. The text for a message is only made when a message is, never per value.
 */
export type Position = undefined | number | string;

/**
 * The text of a scalar value: strings as they are, finite numbers, bigints and booleans as their
 * text, a valid `Date` as its ISO 8601 string. Anything else is `ERR_INVALID_PARAMETER`, naming
 * the variable and the value's `position` in it.
 */
export function scalarText(value: unknown, name: string, position?: Position): string {
  // `typeof value` in each test, not in a variable: V8 compiles `typeof x === "string"` to a check
  // of x itself, while a variable holds the result of a call that makes the string.
  if (typeof value === "string") return value;
  // (Number.isFinite is false for anything but a finite number: it does not convert.)
  if (Number.isFinite(value) || typeof value === "bigint" || typeof value === "boolean")
    return "" + (value as number | bigint | boolean);
  if (value instanceof Date) {
    try {
      // Date.prototype's own method reads the time value of a real Date, never an override; it
      // throws a TypeError for an object that only pretends to be a Date, a RangeError for an
      // invalid Date.
      return Date.prototype.toISOString.call(value);
    } catch {
      // an invalid Date, or an object that only pretends to be a Date
    }
  }
  // `Invalid parameter "name": cannot expand a symbol at index 2 of a list in a URI template`
  // (The position written in place, not in a variable of its own: 4 B less in the bundle.)
  throw parameterError(
    name,
    "cannot expand " +
      (value instanceof Date ? "an invalid Date" : describe(value)) +
      (position === undefined
        ? ""
        : typeof position === "number"
          ? " at index " + position + " of a list"
          : " at key " + quote(position) + " of an object") +
      " in a URI template",
  );
}

/** `Invalid parameter "name": <problem>`: the `ERR_INVALID_PARAMETER` of a value of a template. */
export function parameterError(name: string, problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `Invalid parameter ${quote(name)}: ${problem}`);
}
