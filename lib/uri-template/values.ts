import { EndpointError, describe, quote } from "../errors.js";

/**
 * Where a value sits in a variable: the variable itself (`undefined`), an index of its list or
 * a key of its object. The text for a message is only made when a message is, never per value.
 */
export type Position = undefined | number | string;

/** `Invalid parameter "name": cannot expand a symbol at index 2 of a list in a URI template` */
export function invalidParameter(name: string, value: unknown, position: Position): EndpointError {
  const what = value instanceof Date ? "an invalid Date" : describe(value);
  const where =
    position === undefined
      ? ""
      : typeof position === "number"
        ? ` at index ${position} of a list`
        : ` at key ${quote(position)} of an object`;
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    `Invalid parameter ${quote(name)}: cannot expand ${what}${where} in a URI template`,
  );
}

/**
 * The text of a scalar value: strings as they are, finite numbers, bigints and booleans as their
 * text, a valid `Date` as its ISO 8601 string. Anything else is `ERR_INVALID_PARAMETER`, naming
 * the variable and the value's `position` in it.
 */
export function scalarText(value: unknown, name: string, position: Position): string {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
      if (Number.isFinite(value)) return String(value);
      break;
    case "bigint":
      return String(value);
    case "boolean":
      return value ? "true" : "false";
    case "object":
      if (value instanceof Date) {
        let time = NaN;
        try {
          time = Date.prototype.getTime.call(value); // the real time value, never an override
        } catch {
          // an object that only pretends to be a Date
        }
        if (!Number.isNaN(time)) return new Date(time).toISOString();
      }
      break;
  }
  throw invalidParameter(name, value, position);
}
