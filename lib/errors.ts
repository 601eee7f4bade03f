/**
 * Every failure of the library is an `EndpointError` with one of these stable codes.
 * The codes are part of the public contract: they never change meaning between releases.
 */
export type EndpointErrorCode =
  /**
   * `options` (or `defaults`) is not a plain object, or `route` is neither a string nor an
   * object; a route and an option give different methods or urls; `data` on a method without a
   * body; `request` that is not an object; options nested more than 100 levels deep or cyclic;
   * options that cannot be read (a revoked Proxy, a getter that throws: the `cause` is what was
   * thrown); an adapter given something that is not request options; an extension point of a
   * subclass (`serializeQuery`, `allowsAbsoluteUrl`) that is not a function, or is a class or a
   * revoked Proxy, when it is called.
   */
  | "ERR_INVALID_OPTIONS"
  /** A route string that is not `"URL"` or `"METHOD URL"`. */
  | "ERR_INVALID_ROUTE"
  /** A method that is not an RFC 9110 token. */
  | "ERR_INVALID_METHOD"
  /** Neither the route nor the options give a url. */
  | "ERR_MISSING_URL"
  /**
   * `url` is not a string; the built url is not well-formed, or absolute with a scheme other than
   * http or https; an overriding `serializeQuery()` returned something that is not url-safe.
   */
  | "ERR_INVALID_URL"
  /**
   * `baseUrl` is needed (the url is a path) but is neither an absolute http(s) URL nor a path, or
   * holds a character, a second "@", a pct-encoded host or a dot segment that parsers read differently.
   */
  | "ERR_INVALID_BASE_URL"
  /**
   * The url is absolute, or its `baseUrl` is not the builder's own, and `allowsAbsoluteUrl` did not
   * return `true`.
   */
  | "ERR_ABSOLUTE_URL"
  /** A malformed RFC 6570 template, or a prefix modifier applied to a list or object value. */
  | "ERR_INVALID_TEMPLATE"
  /**
   * A required path placeholder has no value: `undefined`, `null`, or a list or object without a
   * defined member (RFC 6570 §2.3); or `""` for one that is a whole path segment.
   */
  | "ERR_MISSING_PARAMETER"
  /**
   * A template value that cannot be expanded (a symbol, a function, an invalid Date, a non-finite
   * number, a class instance), or one that would make a "." or ".." path segment.
   */
  | "ERR_INVALID_PARAMETER"
  /** A header name that is not a token, or a value that is not a string or number, or holds CR, LF or NUL. */
  | "ERR_INVALID_HEADER"
  /** `mediaType` is not `{ format?: string, previews?: string[] }`. */
  | "ERR_INVALID_MEDIA_TYPE"
  /** An adapter cannot carry this body (for example binary data on a curl command line). */
  | "ERR_UNSUPPORTED_BODY";

/** The longest message an `EndpointError` has. */
export const MAX_MESSAGE_LENGTH = 1000;

/**
 * The brand of every `EndpointError`, in the global symbol registry so that every copy of the
 * package (the CommonJS and the ES module build, two installed versions) shares it.
 */
const ENDPOINT_ERROR_BRAND: unique symbol = Symbol.for("service-endpoint.EndpointError");

/**
 * The one error class of service-endpoint.
 *
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

  /**
   * `options.cause`: what made this error, when something else was thrown first (ES2022). Written
   * out rather than as the lib's `ErrorOptions`, which only `lib` ES2022 or later declares: the
   * declarations users compile (dist/index.d.mts, .d.cts) would otherwise need it.
   */
  constructor(code: EndpointErrorCode, message: string, options?: { cause?: unknown }) {
    // The bound of every message (docs/security.md, "What errors show"), whatever it quotes.
    super(
      message.length > MAX_MESSAGE_LENGTH ? message.slice(0, MAX_MESSAGE_LENGTH - 1) + "…" : message,
      options,
    );
    this.name = "EndpointError";
    this.code = code;
  }

  /**
   * The brand `instanceof` reads: a getter on the prototype, so that no instance carries it as a
   * property of its own (it shows in no log, no JSON and no deep-equality check).
   */
  get [ENDPOINT_ERROR_BRAND](): true {
    return true;
  }

  /**
   * `error instanceof EndpointError` is `true` for an `EndpointError` of any copy of the package:
   * the CommonJS build and the ES module build are two modules with two classes, and an app whose
   * dependencies `require()` one and `import` the other must still catch both by class. The
   * check is the brand every instance carries. A subclass keeps the ordinary prototype check
   * (`instanceof MyError` is `true` only for instances of `MyError`), because it is the app's own
   * class and exists once.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // (A primitive reads its wrapper's prototype, which has no brand.) Never throws: a revoked
    // Proxy, or one whose trap throws, thrown by a caller's getter, is no EndpointError, and the
    // library's own `catch` blocks ask this of whatever was thrown.
    try {
      return this === EndpointError
        ? (value as { [ENDPOINT_ERROR_BRAND]?: unknown } | null | undefined)?.[ENDPOINT_ERROR_BRAND] === true
        : super[Symbol.hasInstance](value);
    } catch {
      return false;
    }
  }
}

/** `U+XXXX`, at least four uppercase hex digits: a character in a message. */
export function codePointLabel(codePoint: number): string {
  return "U+" + codePoint.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * Quotes any input for an error message: strings as JSON strings (so control characters show
 * escaped), cut to 200 characters so a hostile 100 kB input does not make a 100 kB message;
 * any other value by its type: `null`, `an array`, `number 42`, `an instance of Foo`.
 */
export function quote(input: unknown): string {
  const type = typeof input;
  if (type === "string") return quoteString(input as string);
  if (input == null) return "" + input; // "null", "undefined"
  if (type === "number" || type === "boolean") return type + " " + (input as number);
  if (type === "bigint") return "bigint " + (input as bigint) + "n";
  if (type !== "object") return "a " + type; // "a symbol", "a function"
  // Looking at an object can throw (a revoked Proxy, a Proxy trap that throws): a message is
  // made all the same, so no TypeError escapes from the making of one.
  try {
    if (Array.isArray(input)) return "an array";
    const proto: unknown = Object.getPrototypeOf(input);
    // (A plain object's and a null prototype's name is no class name.)
    const name: unknown =
      proto !== Object.prototype && (proto as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    // The class name is any string the object's prototype gives: escaped and cut as a string is
    // (without its quotes), so a name of 100 kB or with a CR LF cannot make the message.
    return typeof name === "string" && name ? "an instance of " + quote(name).slice(1, -1) : "an object";
  } catch {
    return "an object that cannot be read (a revoked Proxy, or a Proxy trap that throws)";
  }
}

/** A string as a JSON string, its control characters escaped, at most 200 characters between the quotes. */
function quoteString(text: string): string {
  const json = JSON.stringify(text.slice(0, 200)).slice(1, -1);
  // JSON leaves DEL, the C1 controls and the line and paragraph separators as they are.
  let escaped = "";
  for (const character of json) {
    const code = character.charCodeAt(0);
    const control = (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    escaped += control ? "\\u" + codePointLabel(code).slice(2) : character;
  }
  if (escaped.length <= 200 && text.length <= 200) return `"${escaped}"`;
  // Cut at 200 characters, never inside an escape (`\n` is 2 characters, `\u0001` is 6).
  let end = 0;
  while (end < escaped.length) {
    const next = end + (escaped[end] !== "\\" ? 1 : escaped[end + 1] === "u" ? 6 : 2);
    if (next > 200) break;
    end = next;
  }
  return `"${escaped.slice(0, end)}…"`;
}

/**
 * Names the type of a value for a message (a string is quoted): the same function as `quote`,
 * under the name that reads better where the value is rarely a string.
 */
export { quote as describe };

/**
 * What a method an app wrote threw (`serializeQuery()`, `allowsAbsoluteUrl()`, a subclass
 * constructor): carried through the library's boundary, then thrown again unchanged.
 */
export class HookFailure {
  constructor(readonly thrown: unknown) {}
}

/**
 * Rethrows `error` from code that reads the caller's objects: an `EndpointError` goes on
 * unchanged; anything else (a revoked Proxy, a getter or a Proxy trap that throws) becomes an
 * `EndpointError` of `code` and `message`, the original kept as its `cause`, so that no TypeError
 * from inside the library reaches the caller. The catch of every public method of the builder and
 * of the adapters (`readSafely`); `parseTemplate(t).expand(v)` writes the same rule out.
 */
export function rethrowAs(error: unknown, code: EndpointErrorCode, message: string): never {
  if (error instanceof EndpointError) throw error;
  throw new EndpointError(code, message, { cause: error });
}

/** `rethrowAs` for the builder's methods, which also call the app's hooks: unreadable options are `ERR_INVALID_OPTIONS`. */
export function rethrowAtBoundary(error: unknown): never {
  // What an app's own method threw goes on unchanged. (Asked in a `try`: `instanceof` reads the
  // prototype of what was thrown, and a revoked Proxy a caller's getter threw refuses that.)
  let hook = false;
  try {
    hook = error instanceof HookFailure;
  } catch {
    // not a HookFailure
  }
  if (hook) throw (error as HookFailure).thrown;
  rethrowAs(
    error,
    "ERR_INVALID_OPTIONS",
    "Invalid options: they cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)",
  );
}
