import { EndpointError, describe, quote } from "../errors.js";

/** `Invalid parameter "name": cannot expand a symbol in a URI template` */
export function invalidParameter(name: string, value: unknown, where: string): EndpointError {
  const what = value instanceof Date ? "an invalid Date" : describe(value);
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    `Invalid parameter ${quote(name)}: cannot expand ${what}${where} in a URI template`,
  );
}

/**
 * The text of a scalar value: strings as they are, finite numbers, bigints and booleans as their
 * text, a valid `Date` as its ISO 8601 string. Anything else is `ERR_INVALID_PARAMETER`; `where`
 * says where the value sits (`""`, `" at index 2 of a list"`).
 */
export function scalarText(value: unknown, name: string, where: string): string {
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
  throw invalidParameter(name, value, where);
}
