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
