/** The stable codes of `EndpointError` (docs/api.md lists what raises each); they never change meaning. */
export type EndpointErrorCode =
  | "ERR_INVALID_OPTIONS"
  | "ERR_INVALID_ROUTE"
  | "ERR_INVALID_METHOD"
  | "ERR_MISSING_URL"
  | "ERR_INVALID_URL"
  | "ERR_INVALID_BASE_URL"
  | "ERR_ABSOLUTE_URL"
  | "ERR_INVALID_TEMPLATE"
  | "ERR_MISSING_PARAMETER"
  | "ERR_INVALID_PARAMETER"
  | "ERR_INVALID_HEADER"
  | "ERR_INVALID_MEDIA_TYPE"
  | "ERR_UNSUPPORTED_BODY"
  | "ERR_AMBIGUOUS_ROUTES";

/** The longest message an `EndpointError` has. */
const MAX_MESSAGE_LENGTH = 1000;

// In the global symbol registry, so that every copy of the package (CommonJS and ESM) shares it.
const ENDPOINT_ERROR_BRAND: unique symbol = Symbol.for("service-endpoint.EndpointError");

/**
 * The one error class of service-endpoint: a stable `code` and a message that quotes the input.
 * @example
 * try {
 *   endpoint("DELETE /repos/{owner}/{repo}", { owner: "octo" });
 * } catch (error) {
 *   if (error instanceof EndpointError && error.code === "ERR_MISSING_PARAMETER") {
 *     console.error(error.message); // Missing parameter "repo" for url "/repos/{owner}/{repo}"
 *   }
 * }
 */
export class EndpointError extends Error {
  /** A stable, machine-readable code. */
  readonly code: EndpointErrorCode;

  /** `options.cause`: what was thrown first, when something was (ES2022). */
  constructor(code: EndpointErrorCode, message: string, options?: { cause?: unknown }) {
    // The bound of every message (docs/security.md, "What errors show"), whatever it quotes.
    super(
      message.length > MAX_MESSAGE_LENGTH ? message.slice(0, MAX_MESSAGE_LENGTH - 1) + "…" : message,
      options,
    );
    this.name = "EndpointError";
    this.code = code;
  }

  /** The brand `instanceof` reads: on the prototype, so it shows in no log or deep-equality check. */
  get [ENDPOINT_ERROR_BRAND](): true {
    return true;
  }

  /** Any copy of the package's `EndpointError` counts (CommonJS, ESM); a subclass checks its prototype. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // Never throws: the library's own `catch` blocks ask this of whatever was thrown.
    try {
      return this === EndpointError
        ? (value as { [ENDPOINT_ERROR_BRAND]?: unknown } | null | undefined)?.[ENDPOINT_ERROR_BRAND] === true
        : super[Symbol.hasInstance](value);
    } catch {
      return false;
    }
  }
}

/** `Invalid <what>: <value>; expected a string`: an option or argument of another type. */
export function notAString(code: EndpointErrorCode, what: string, value: unknown): EndpointError {
  return new EndpointError(code, `Invalid ${what}: ${quote(value)}; expected a string`);
}

/** `Invalid <what> "<text>"<where>: not an RFC 9110 token`: a method or a header name (RFC 9110 §5.6.2). */
export function notAToken(code: EndpointErrorCode, what: string, text: string, where = ""): EndpointError {
  return new EndpointError(code, `Invalid ${what} ${quote(text)}${where}: not an RFC 9110 token`);
}

/** `U+XXXX`, at least four uppercase hex digits: a character in a message. */
export function codePointLabel(codePoint: number): string {
  return "U+" + codePoint.toString(16).toUpperCase().padStart(4, "0");
}

/** For a message: a string as JSON, cut at 200 characters; else its type (`null`, `an instance of Foo`). */
export function quote(input: unknown): string {
  const type = typeof input;
  if (type === "string") return quoteString(input as string);
  if (input == null) return "" + input; // "null", "undefined"
  if (type === "number" || type === "boolean") return type + " " + (input as number);
  if (type === "bigint") return "bigint " + (input as bigint) + "n";
  if (type !== "object") return "a " + type; // "a symbol", "a function"
  // Looking at an object can throw (a revoked Proxy): a message is made all the same.
  try {
    if (Array.isArray(input)) return "an array";
    const proto: unknown = Object.getPrototypeOf(input);
    const name: unknown =
      proto !== Object.prototype && (proto as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    // A class name is any string: escaped and cut as a string is, without its quotes.
    return typeof name === "string" && name ? "an instance of " + quote(name).slice(1, -1) : "an object";
  } catch {
    return "an object that cannot be read (a revoked Proxy, or a Proxy trap that throws)";
  }
}

/** A string as a JSON string, its control characters escaped, at most 200 characters between the quotes. */
function quoteString(text: string): string {
  let escaped = "";
  // A code point at a time, so that the cut at 200 characters falls between two escapes.
  for (const character of text) {
    let next = JSON.stringify(character).slice(1, -1);
    // JSON leaves DEL, the C1 controls and the line and paragraph separators as they are.
    if (/[\x7f-\x9f\u2028\u2029]/.test(next)) next = "\\u" + codePointLabel(next.charCodeAt(0)).slice(2);
    if (escaped.length + next.length > 200) return `"${escaped}…"`;
    escaped += next;
  }
  return `"${escaped}"`;
}

/** `quote`, under the name that reads better where the value is rarely a string. */
export { quote as describe };

/** What a method an app wrote threw (an extension point, a subclass constructor): rethrown unchanged. */
export class HookFailure {
  constructor(readonly thrown: unknown) {}
}

/** For reads of the caller's objects: what is no `EndpointError` becomes one of `code`, never a TypeError. */
export function rethrowAs(error: unknown, code: EndpointErrorCode, message: string): never {
  if (error instanceof EndpointError) throw error;
  throw new EndpointError(code, message, { cause: error });
}

/** `rethrowAs` for the builder's methods: what an app's own method threw goes on unchanged. */
export function rethrowAtBoundary(error: unknown): never {
  let hook = false;
  try {
    hook = error instanceof HookFailure;
  } catch {
    // a revoked Proxy was thrown: not a HookFailure
  }
  if (hook) throw (error as HookFailure).thrown;
  rethrowAs(
    error,
    "ERR_INVALID_OPTIONS",
    "Invalid options: they cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)",
  );
}
