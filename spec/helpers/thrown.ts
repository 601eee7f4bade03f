import { EndpointError } from "../../lib/index.js";

/** The EndpointError `operation` throws; the test fails when nothing, or something else, is thrown. */
export function thrown(operation: () => unknown): EndpointError {
  try {
    operation();
  } catch (error) {
    if (error instanceof EndpointError) return error;
    throw new Error(`expected an EndpointError, got ${String(error)}`, { cause: error });
  }
  throw new Error("expected an EndpointError, nothing was thrown");
}

/** The code and message of the EndpointError `operation` throws, for one exact comparison. */
export function errorOf(operation: () => unknown): { code: string; message: string } {
  const { code, message } = thrown(operation);
  return { code, message };
}

/** What an operation gives: its result, or the code and message of the EndpointError it throws. */
export type Outcome<T = unknown> = { value: T } | { code: string; message: string };

/**
 * The result of `operation` as `{ value }`, or the code and message of the EndpointError it
 * throws, so that a result and an error compare in one assertion. Anything else thrown is rethrown.
 */
export function outcome<T>(operation: () => T): Outcome<T> {
  try {
    return { value: operation() };
  } catch (error) {
    if (error instanceof EndpointError) return { code: error.code, message: error.message };
    throw error;
  }
}
