import { EndpointError, describe, quote } from "../errors.js";
import { own } from "../object.js";
import type { EndpointErrorCode } from "../errors.js";
import type { RequestOptions } from "../types.js";
import { readRequestOptions } from "./assert-request-options.js";
import { invalidOptions, mustBe, readSafely } from "./read-safely.js";
import { contentTypeOf } from "./outgoing-headers.js";
import { classifyBody, unsupported } from "./request-body.js";

/** Options of `toCurl()`. */
export interface ToCurlOptions {
  /** Each option on its own line, the lines ending with ` \` (still one command). Default `false`. */
  multiline?: boolean | undefined;
}

/** How the error message names each kind of body that cannot be a command-line argument. */
const UNWRITABLE_BODIES = { blob: "Blob", "form-data": "FormData", stream: "ReadableStream" } as const;

/** POSIX shell single quotes: nothing inside is special, and a `'` is written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** UTF-8 for the url and the body; one byte per character for a header line (a ByteString: `é` is E9). */
export type ArgumentEncoding = "utf-8" | "latin1";

// Characters a terminal acts on or hides: controls, bidi overrides, zero-widths… (Unicode §5.21).
const HIDDEN_FROM_TERMINAL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;

// `$'…'` escapes (POSIX.1-2024 XCU 2.2.4); a Map, so no key of a polluted Object.prototype is written raw.
const NAMED_ESCAPES = new Map(Object.entries({ "\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\" }));

function needsEscape(character: string, encoding: ArgumentEncoding): boolean {
  if (character === "\\" || character === "'") return false;
  // Every byte 0x80–0xFF of a header line is written as \xHH: in the shell's text it would be UTF-8.
  if (encoding === "latin1" && character.charCodeAt(0) >= 0x80) return true;
  return HIDDEN_FROM_TERMINAL.test(character);
}

/**
 * One shell word: curl gets `text` as `encoding`'s bytes, and a terminal shows what runs (docs/adapters.md).
 * @example
 * shellArgument("x\r\u001b[2J", "utf-8"); // $'x\r\x1B[2J'
 * shellArgument("x-name: café", "latin1"); // $'x-name: caf\xE9'
 */
export function shellArgument(text: string, encoding: ArgumentEncoding): string {
  const characters = Array.from(text);
  if (!characters.some((character) => needsEscape(character, encoding))) return shellQuote(text);
  let word = "$'";
  let afterByteEscape = false;
  for (const character of characters) {
    const named = NAMED_ESCAPES.get(character);
    if (named !== undefined) {
      word += named;
      afterByteEscape = false;
    } else if (character === "'" || needsEscape(character, encoding)) {
      const codePoint = character.codePointAt(0) ?? 0;
      // (TextEncoder writes a lone surrogate as U+FFFD, as fetch sends it.)
      const bytes =
        character === "'" || encoding === "latin1" ? [codePoint] : new TextEncoder().encode(character);
      for (const byte of bytes) word += `\\x${byte.toString(16).toUpperCase().padStart(2, "0")}`;
      afterByteEscape = true;
    } else {
      // POSIX leaves `\xHH` followed by a third hex digit unspecified: close and reopen the quotes.
      if (afterByteEscape && /[0-9A-Fa-f]/.test(character)) word += "'$'";
      word += character;
      afterByteEscape = false;
    }
  }
  return `${word}'`;
}

// Linux MAX_ARG_STRLEN, NUL included: `bash -c "$command"` passes the whole command as one argument.
const MAX_COMMAND_BYTES = 131071;

/** One argument of the command; `code` and `what` name it when it takes the command over the limit. */
interface Argument {
  text: string;
  code?: EndpointErrorCode;
  what?: string;
}

/** The UTF-8 length of `text`, or its length in code units when even 3 bytes each would fit. */
function utf8Length(text: string): number {
  return text.length * 3 <= MAX_COMMAND_BYTES ? text.length : new TextEncoder().encode(text).length;
}

/** The command, or the `EndpointError` of the (first named) argument that takes it over the limit. */
function joinCommand(args: readonly Argument[], separator: string): string {
  const command = args.map((argument) => argument.text).join(separator);
  const bytes = utf8Length(command);
  if (bytes <= MAX_COMMAND_BYTES) return command;
  let length = -separator.length;
  let culprit: Argument | undefined;
  for (const argument of args) {
    length += separator.length + new TextEncoder().encode(argument.text).length;
    if (length > MAX_COMMAND_BYTES && own(argument, "code") !== undefined) {
      culprit = argument;
      break;
    }
  }
  throw commandTooLong(
    `the command is ${bytes} bytes with ${culprit?.what ?? "the body"}`,
    culprit?.code ?? "ERR_UNSUPPORTED_BODY",
  );
}

function commandTooLong(size: string, code: EndpointErrorCode): EndpointError {
  return new EndpointError(
    code,
    `toCurl: ${size}, over the ${MAX_COMMAND_BYTES} bytes one command-line argument may hold ` +
      "(Linux MAX_ARG_STRLEN), and bash -c takes the command as one; " +
      "send the request another way (toFetch, or curl with the body in a file: --data-binary @file)",
  );
}

/** Bytes that are valid UTF-8 become that text, exactly; anything else cannot be a shell argument. */
function bytesAsText(bytes: ArrayBuffer | ArrayBufferView): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw unsupported(
      "toCurl",
      `the body (${describe(bytes)}) is not UTF-8 text and cannot be written on a command line; ` +
        "save it to a file and send it with --data-binary @file",
    );
  }
}

function readToCurlOptions(options: unknown): { multiline: boolean } {
  if (options === undefined) return { multiline: false };
  if (typeof options !== "object" || options === null) {
    throw invalidOptions(
      "toCurl",
      `the options (second argument) must be an object, got ${describe(options)}`,
    );
  }
  const multiline = readSafely("ERR_INVALID_OPTIONS", "toCurl: the options (second argument)", () =>
    own(options, "multiline"),
  );
  if (multiline !== undefined && typeof multiline !== "boolean") {
    throw mustBe("toCurl", "multiline", "a boolean", multiline);
  }
  return { multiline: multiline === true };
}

// Only http and https, redirects too: a `file:` or `gopher:` location would read a file or send raw bytes.
const PROTOCOLS = ["--proto =http,https", "--proto-redir =http,https"];

/**
 * One shell command that makes `curl` send exactly the request `endpoint()` built, every argument quoted.
 * Throws `EndpointError` for what `endpoint()` could not build or a command cannot carry (docs/adapters.md).
 * @example
 * toCurl(endpoint("POST /issues", { title: "It's" }));
 * // curl -q --globoff --proto =http,https --proto-redir =http,https -X 'POST' --url 'https://api.service.example/issues'
 * //   -H 'accept: …' -H 'user-agent: …' -H 'content-type: application/json; charset=utf-8' --data-binary '{"title":"It'\''s"}'
 */
export function toCurl(requestOptions: RequestOptions, options?: ToCurlOptions): string {
  const { multiline } = readToCurlOptions(options);
  const { method, url, headers, body: given } = readRequestOptions("toCurl", requestOptions, "absolute");
  const body = classifyBody("toCurl", method, given, headers);

  let text: string | undefined;
  switch (body.kind) {
    case "text":
      text = body.text;
      break;
    case "bytes":
      text = bytesAsText(body.value);
      break;
    case "blob":
    case "form-data":
    case "stream":
      throw unsupported(
        "toCurl",
        `a ${UNWRITABLE_BODIES[body.kind]} body cannot be written on a command line; ` +
          "read it into a string or bytes first",
      );
  }
  if (text?.includes("\0"))
    throw unsupported("toCurl", "a body holding a NUL character cannot be a command-line argument");
  // Refused before it is quoted: quoting a body of many megabytes would take as much memory again.
  const bodyBytes = text === undefined ? 0 : utf8Length(text);
  if (bodyBytes > MAX_COMMAND_BYTES)
    throw commandTooLong(`the body alone is ${bodyBytes} bytes`, "ERR_UNSUPPORTED_BODY");

  // `-q` first (curl reads it only there).
  const args: Argument[] = [{ text: "curl -q --globoff" }, ...PROTOCOLS.map((text) => ({ text }))];
  // The method is a token and the url printable ASCII (checked above): plain quotes suffice.
  args.push({
    text: method === "HEAD" ? "--head" : `-X ${shellQuote(method)}`,
    code: "ERR_INVALID_METHOD",
    what: "the method",
  });
  // What fetch sends, as WHATWG URL writes it (curl sends as written); parts, not `href`: no empty "?".
  const parsed = new URL(url);
  const target = parsed.origin + parsed.pathname + parsed.search + parsed.hash;
  args.push({ text: `--url ${shellQuote(target)}`, code: "ERR_INVALID_URL", what: "the url" });
  for (const [name, value] of Object.entries(headers)) {
    // `-H 'name:'` would remove the header; `-H 'name;'` sends it with an empty value.
    const header = value === "" ? `${name};` : `${name}: ${value}`;
    args.push({
      text: `-H ${shellArgument(header, "latin1")}`,
      code: "ERR_INVALID_HEADER",
      what: `the header ${quote(name)}`,
    });
  }
  if (text !== undefined) {
    // Without this, --data-binary makes curl send `content-type: application/x-www-form-urlencoded`.
    if (contentTypeOf(headers) === undefined) args.push({ text: `-H ${shellQuote("content-type:")}` });
    args.push({
      text: `${text.startsWith("@") ? "--data-raw" : "--data-binary"} ${shellArgument(text, "utf-8")}`,
      code: "ERR_UNSUPPORTED_BODY",
      what: "the body",
    });
  }
  return joinCommand(args, multiline ? " \\\n  " : " ");
}
