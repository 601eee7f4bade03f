import { EndpointError, quote } from "../errors.js";
import { own } from "../object.js";
import type { EndpointErrorCode } from "../errors.js";
import type { RequestOptions } from "../types.js";
import { readRequestOptions } from "./assert-request-options.js";
import { FORM_CONTENT_TYPE, JSON_CONTENT_TYPE } from "../media-type.js";
import { describeSafely as describe, readSafely } from "./read-safely.js";
import { contentTypeOf } from "./outgoing-headers.js";
import { classifyBody, sendsEmptyBody, urlSearchParamsText } from "./request-body.js";

/** Options of `toCurl()`. */
export interface ToCurlOptions {
  /**
   * Put each option on its own line, ending the lines with ` \` (still one shell command).
   * Default `false`: a single line.
   *
   * @example
   * toCurl(endpoint("GET /"), { multiline: true });
   * // curl -q --globoff \
   * //   --proto =http,https \
   * //   --proto-redir =http,https \
   * //   -X 'GET' \
   * //   --url 'https://api.service.example/' \
   * //   -H 'accept: application/vnd.service.v3+json' \
   * //   -H 'user-agent: service-endpoint.js/0.1.0'
   */
  multiline?: boolean | undefined;
}

/** How the error message names each kind of body that cannot be a command-line argument. */
const UNWRITABLE_BODIES = { blob: "Blob", "form-data": "FormData", stream: "ReadableStream" } as const;

/** POSIX shell single quotes: nothing inside is special, and a `'` is written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * How the characters of an argument become the bytes curl sends: `"utf-8"` for the url and the
 * body (fetch and node:http encode a string body as UTF-8), `"latin1"` for a header line, whose
 * characters U+0000–U+00FF are one byte each on the wire in fetch and node:http (a ByteString,
 * https://webidl.spec.whatwg.org/#es-ByteString), so `café` must reach curl as the byte E9.
 */
export type ArgumentEncoding = "utf-8" | "latin1";

/**
 * Characters a terminal acts on or hides instead of showing: controls (C0, DEL, C1 — CR moves the
 * cursor, ESC starts a sequence that can clear the screen), format characters (the bidi overrides
 * U+202A–U+202E and isolates U+2066–U+2069 that reorder what is shown, zero-width characters, the
 * BOM), line and paragraph separators, lone surrogates (no character at all), and the other
 * characters Unicode makes invisible (Default_Ignorable_Code_Point, Unicode §5.21: the combining
 * grapheme joiner U+034F, variation selectors, Hangul fillers), which are not format characters.
 */
const HIDDEN_FROM_TERMINAL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;

/** What a lone surrogate becomes when a string is encoded as UTF-8 (U+FFFD), as fetch sends it. */
const REPLACEMENT_CHARACTER_BYTES = [0xef, 0xbf, 0xbd];

/** The UTF-8 bytes of one code point (RFC 3629 §3). */
function utf8Bytes(codePoint: number): number[] {
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return REPLACEMENT_CHARACTER_BYTES;
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)];
  if (codePoint < 0x10000) {
    return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
  }
  return [
    0xf0 | (codePoint >> 18),
    0x80 | ((codePoint >> 12) & 0x3f),
    0x80 | ((codePoint >> 6) & 0x3f),
    0x80 | (codePoint & 0x3f),
  ];
}

/**
 * The escapes of `$'…'` (POSIX.1-2024 XCU 2.2.4) that read better than a byte escape. A Map, not
 * an object literal: `NAMED_ESCAPES[character]` would read a key set on Object.prototype by other
 * code, and write it raw into the shell word.
 */
const NAMED_ESCAPES: ReadonlyMap<string, string> = new Map([
  ["\n", "\\n"],
  ["\r", "\\r"],
  ["\t", "\\t"],
  ["\\", "\\\\"],
]);

/** Does `character` need an escape in an argument of this encoding? */
function needsEscape(character: string, encoding: ArgumentEncoding): boolean {
  if (character === "\\" || character === "'") return false;
  // Every byte 0x80–0xFF of a header line is written as \xHH: in the shell's text it would be UTF-8.
  if (encoding === "latin1" && character.charCodeAt(0) >= 0x80) return true;
  return HIDDEN_FROM_TERMINAL.test(character);
}

/**
 * One shell word that gives curl `text` as the bytes of `encoding` and shows on a terminal as
 * exactly what runs. Plain text is written in POSIX single quotes (`shellQuote()`); text holding a
 * character a terminal would act on or hide (see `HIDDEN_FROM_TERMINAL`), or, for a header, any
 * byte 0x80–0xFF, is written in dollar-single-quotes, `$'…'`, with each such character as its
 * bytes in `\xHH` escapes (`\n`, `\r`, `\t` by name), `\` as `\\` and `'` as `\x27`.
 * `$'…'` is POSIX.1-2024 and bash, zsh, ksh93, mksh and BusyBox sh read it; dash (`/bin/sh` of
 * Debian and Ubuntu) does not. Byte escapes, not `\u202e`: bash writes `\u` escapes as UTF-8
 * only in a UTF-8 locale.
 *
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
      const bytes = character === "'" || encoding === "latin1" ? [codePoint] : utf8Bytes(codePoint);
      word += bytes.map((byte) => `\\x${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
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

function rejectBody(reason: string): never {
  throw new EndpointError("ERR_UNSUPPORTED_BODY", `toCurl: ${reason}`);
}

/**
 * The most bytes one command-line argument may hold on Linux (MAX_ARG_STRLEN, 32 pages of 4 KiB,
 * its NUL included): `execve` refuses a longer one with E2BIG, so the shell prints "Argument list
 * too long" and curl never runs. `bash -c "$command"` passes the whole command as one argument,
 * so the whole command must fit, not only each of its arguments (which also keeps it far below
 * ARG_MAX, 2 MiB, for curl's own arguments). A command is refused rather than printed broken.
 */
const MAX_COMMAND_BYTES = 131071;

/** One argument of the command; `code` and `what` name it when it takes the command over the limit. */
interface Argument {
  text: string;
  code?: EndpointErrorCode;
  what?: string;
}

/**
 * The UTF-8 length of `text` (RFC 3629), which the shell reads, or — when even 3 bytes per UTF-16
 * code unit are within `MAX_COMMAND_BYTES` — its length in code units, a lower bound that is
 * enough to decide it fits without counting.
 */
function utf8Length(text: string): number {
  return text.length * 3 <= MAX_COMMAND_BYTES ? text.length : new TextEncoder().encode(text).length;
}

/**
 * The command, or the `EndpointError` of the argument with which it grows past
 * `MAX_COMMAND_BYTES` (the first named one from there: the fixed options name nothing).
 */
function joinCommand(args: readonly Argument[], separator: string): string {
  const command = args.map((argument) => argument.text).join(separator);
  if (command.length * 3 <= MAX_COMMAND_BYTES) return command;
  const bytes = new TextEncoder().encode(command).length;
  if (bytes <= MAX_COMMAND_BYTES) return command;
  let length = -separator.length;
  let culprit: Argument | undefined;
  for (const argument of args) {
    length += separator.length + new TextEncoder().encode(argument.text).length;
    // (Own members only: the fixed options have none, and Object.prototype.code is no one's.)
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
    return rejectBody(
      `the body (${describe(bytes)}) is not UTF-8 text and cannot be written on a command line; ` +
        "save it to a file and send it with --data-binary @file",
    );
  }
}

/** Reads and checks the second argument of `toCurl()`. */
function readToCurlOptions(options: unknown): { multiline: boolean } {
  if (options === undefined) return { multiline: false };
  if (typeof options !== "object" || options === null) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `toCurl: the options (second argument) must be an object, got ${describe(options)}`,
    );
  }
  const multiline = readSafely(
    "ERR_INVALID_OPTIONS",
    "toCurl: the options (second argument) cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)",
    // Own only: an Object.prototype.multiline set by other code is not the caller's option.
    () => own(options, "multiline"),
  );
  if (multiline !== undefined && typeof multiline !== "boolean") {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `toCurl: "multiline" must be a boolean, got ${describe(multiline)}`,
    );
  }
  return { multiline: multiline === true };
}

/**
 * curl follows only http and https, also after a redirect (`--proto`, `--proto-redir`): a url or
 * a `location` header with `file:`, `gopher:` or `dict:` would read a local file or send raw bytes.
 */
const PROTOCOLS = ["--proto =http,https", "--proto-redir =http,https"];

/**
 * Turns request options (the result of `endpoint()`) into one shell command line that makes
 * `curl` send exactly the request that was built: `-q` first (curl reads no ~/.curlrc, whose
 * `header`, `data` or `proxy` lines would change the request), `--globoff` (so `[]{}` in the url are not curl
 * globs), `--proto =http,https --proto-redir =http,https` (nothing but http(s), redirects
 * included), the method with `-X` (`--head` for HEAD, because `-X HEAD` makes curl wait for a
 * body), the url with `--url` as WHATWG URL serialises it (what fetch sends), every header with
 * `-H`, the body with `--data-binary`. Every
 * argument is quoted, so no character of the url, the headers or the body reaches the shell.
 *
 * - the url must be an absolute http(s) url: curl has no page to resolve an origin-relative
 *   `/path` against (`ERR_INVALID_URL`);
 * - the method and header names must be RFC 9110 tokens and header values what `endpoint()`
 *   accepts, as in `toFetch()`;
 * - what a terminal shows is what runs: an argument holding a control character (CR, ESC, …), a
 *   bidi override or another invisible character is written in `$'…'` with escapes (`\r`,
 *   `\x1B`, `\xE2\x80\xAE`), which bash, zsh, ksh93, mksh and BusyBox sh read (POSIX.1-2024),
 *   not dash; any other command is plain POSIX single quotes;
 * - header values go out as the same bytes as through fetch and node:http: a character
 *   U+0080–U+00FF is one byte (`café` → `$'…caf\xE9'`), not its UTF-8;
 * - `content-length`, `host` and the other headers curl computes (`CLIENT_COMPUTED_HEADERS`) are left
 *   out; header values go out as fetch sends them, without leading and trailing spaces and tabs
 *   (`fieldValue()`), and a header whose value is then empty is written `-H 'name;'` (curl's form
 *   for it: `-H 'name:'`, also with only whitespace after the colon, removes the header);
 * - a plain object or array body is sent as JSON (content-type `application/json; charset=utf-8`
 *   when none is set; any content-type whose subtype names `json` is JSON); a string, bytes that
 *   are UTF-8 text, and `URLSearchParams` (content-type
 *   `application/x-www-form-urlencoded;charset=UTF-8` when none is set, as fetch does) as text;
 *   `--data-raw` instead of `--data-binary` when the text starts with `@` (else curl reads a file);
 * - without a content-type `-H 'content-type:'` stops curl from adding its own;
 * - a body of `null` (`endpoint()` gives it for `data: null`) is no body, as `undefined`; a PATCH,
 *   POST or PUT without body sends a zero-length body (`content-length: 0`), as `toFetch()`;
 * - `requestOptions.request` is ignored (but must be an object when given);
 * - the whole command fits in 131,071 bytes, what `bash -c` takes as its one argument (Linux
 *   MAX_ARG_STRLEN): a longer one is refused with the code of the part (method, url, header,
 *   body) that takes it over the limit.
 *
 * Throws `EndpointError`: `ERR_INVALID_OPTIONS`, `ERR_INVALID_METHOD`, `ERR_INVALID_URL` and
 * `ERR_INVALID_HEADER` for options `endpoint()` could not have built, `ERR_UNSUPPORTED_BODY` for a
 * body that cannot be a shell argument: bytes that are not UTF-8, text holding NUL, a `Blob`,
 * `FormData`, a `ReadableStream` (and, as `toFetch()`, a GET body or a plain object with a
 * non-JSON content-type). See docs/adapters.md.
 *
 * @example
 * toCurl(endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "It's" }));
 * // curl -q --globoff --proto =http,https --proto-redir =http,https -X 'POST'
 * //   --url 'https://api.service.example/repos/octo/hello/issues'
 * //   -H 'accept: application/vnd.service.v3+json' -H 'user-agent: service-endpoint.js/0.1.0'
 * //   -H 'content-type: application/json; charset=utf-8' --data-binary '{"title":"It'\''s"}'
 * // (one line)
 */
export function toCurl(requestOptions: RequestOptions, options?: ToCurlOptions): string {
  const { multiline } = readToCurlOptions(options);
  const { method, url, headers, body: given } = readRequestOptions("toCurl", requestOptions, "absolute");
  const body = classifyBody("toCurl", method, given, contentTypeOf(headers));

  let text: string | undefined;
  switch (body.kind) {
    case "none":
      if (sendsEmptyBody(method)) text = "";
      break;
    case "text":
      text = body.text;
      break;
    case "json":
      if (body.addContentType) headers["content-type"] = JSON_CONTENT_TYPE;
      text = body.text;
      break;
    case "bytes":
      text = bytesAsText(body.value);
      break;
    case "url-search-params":
      if (contentTypeOf(headers) === undefined) headers["content-type"] = FORM_CONTENT_TYPE;
      text = urlSearchParamsText(body.value);
      break;
    case "blob":
    case "form-data":
    case "stream":
      rejectBody(
        `a ${UNWRITABLE_BODIES[body.kind]} body cannot be written on a command line; ` +
          "read it into a string or bytes first",
      );
  }
  if (text?.includes("\0")) rejectBody("a body holding a NUL character cannot be a command-line argument");
  // Refused before it is quoted: quoting a body of many megabytes would take as much memory again.
  const bodyBytes = text === undefined ? 0 : utf8Length(text);
  if (bodyBytes > MAX_COMMAND_BYTES)
    throw commandTooLong(`the body alone is ${bodyBytes} bytes`, "ERR_UNSUPPORTED_BODY");

  // `-q` first (curl reads it only there): ~/.curlrc could add headers, a body or a proxy.
  const args: Argument[] = [{ text: "curl -q --globoff" }, ...PROTOCOLS.map((text) => ({ text }))];
  // The method is a token and the url printable ASCII (checked above): plain quotes suffice.
  args.push({
    text: method === "HEAD" ? "--head" : `-X ${shellQuote(method)}`,
    code: "ERR_INVALID_METHOD",
    what: "the method",
  });
  // The url as WHATWG URL parses it (https://url.spec.whatwg.org/#concept-url-serializer), which
  // is what fetch, node:http, undici and got send: curl sends it as written, so `'` in a query,
  // `{}"<>` ` in a path, an uppercase host or a default port would reach another target (or send
  // another host header) than through fetch. Its parts, not `href`: an empty query ("/search?")
  // is no query to Node's fetch and node:http (`search` is ""), which send "/search". (User info
  // is refused in readRequestOptions(), where the url is parsed.)
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
