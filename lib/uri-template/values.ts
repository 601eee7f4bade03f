import { EndpointError, describe, quote } from "../errors.js";
import { quoteUrl } from "../redact.js";

/**
 * The text of a scalar value: strings as they are, finite numbers, bigints and booleans as their
 * text, a valid `Date` as its ISO 8601 string. Anything else is `ERR_INVALID_PARAMETER`, naming
 * the variable and where the value sits in it (`position`: an index of a list, a key of an object).
 */
export function scalarText(value: unknown, name: string, position?: number | string): string {
  if (typeof value === "string") return value;
  // Number.isFinite does not convert: false for anything but a finite number.
  if (Number.isFinite(value) || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date) {
    try {
      // The built-in reads a real Date's time value, never an override; it throws for an invalid
      // Date and for an object that only pretends to be one.
      return Date.prototype.toISOString.call(value);
    } catch {
      // refused below
    }
  }
  const what = value instanceof Date ? "an invalid Date" : describe(value);
  const where =
    position === undefined
      ? ""
      : typeof position === "number"
        ? ` at index ${position} of a list`
        : ` at key ${quote(position)} of an object`;
  throw parameterError(name, `cannot expand ${what}${where} in a URI template`);
}

/** `Invalid parameter "name": <problem>`: the `ERR_INVALID_PARAMETER` of a value of a template. */
export function parameterError(name: string, problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `Invalid parameter ${quote(name)}: ${problem}`);
}

/** `Invalid URI template "/a{b": unclosed expression at offset 2` */
export function templateError(template: string, problem: string, offset: number): EndpointError {
  return new EndpointError(
    "ERR_INVALID_TEMPLATE",
    `Invalid URI template ${quoteUrl(template)}: ${problem} at offset ${offset}`,
  );
}
