import { EndpointError, describe } from "../errors.js";
import type { RequestOptions } from "../types.js";
import { assertRequestOptions } from "./assert-request-options.js";
import { outgoingHeaders } from "./outgoing-headers.js";
import { JSON_CONTENT_TYPE } from "../media-type.js";
import { classifyBody, sendsEmptyBody } from "./request-body.js";

/** Options of `toCurl()`. */
export interface ToCurlOptions {
  /**
   * Put each option on its own line, ending the lines with ` \` (still one shell command).
   * Default `false`: a single line.
   *
   * @example
   * toCurl(endpoint("GET /"), { multiline: true });
   * // curl --globoff \
   * //   -X 'GET' \
   * //   --url 'https://api.service.example/' \
   * //   -H 'accept: application/vnd.service.v3+json' \
   * //   -H 'user-agent: service-endpoint.js/0.1.0'
   */
  multiline?: boolean | undefined;
}

/** The content-type fetch gives a `URLSearchParams` body; curl sends the same. */
const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded;charset=UTF-8";

/** How the error message names each kind of body that cannot be a command-line argument. */
const UNWRITABLE_BODIES = { blob: "Blob", "form-data": "FormData", stream: "ReadableStream" } as const;

/** POSIX shell single quotes: nothing inside is special, and a `'` is written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function rejectBody(reason: string): never {
  throw new EndpointError("ERR_UNSUPPORTED_BODY", `toCurl: ${reason}`);
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

/**
 * Turns request options (the result of `endpoint()`) into one POSIX shell command line that makes
 * `curl` send exactly the request that was built: `--globoff` (so `[]{}` in the url are not curl
 * globs), the method with `-X` (`--head` for HEAD, because `-X HEAD` makes curl wait for a body),
 * the url with `--url`, every header with `-H`, the body with `--data-binary`. Every argument is in
 * single quotes, so no character of the url, the headers or the body reaches the shell.
 *
 * - `content-length`, `host` and the other headers curl computes (`CLIENT_COMPUTED_HEADERS`) are left
 *   out; a header with an empty value is written `-H 'name;'` (curl's form for it);
 * - a plain object or array body is sent as JSON (content-type `application/json; charset=utf-8`
 *   when none is set); a string, bytes that are UTF-8 text, and `URLSearchParams` (content-type
 *   `application/x-www-form-urlencoded;charset=UTF-8` when none is set, as fetch does) as text;
 *   `--data-raw` instead of `--data-binary` when the text starts with `@` (else curl reads a file);
 * - without a content-type `-H 'content-type:'` stops curl from adding its own;
 * - a PATCH, POST or PUT without body sends a zero-length body (`content-length: 0`), as `toFetch()`;
 * - `requestOptions.request` is ignored.
 *
 * Throws `EndpointError` `ERR_UNSUPPORTED_BODY` for a body that cannot be a shell argument: bytes
 * that are not UTF-8, text holding NUL, a `Blob`, `FormData`, a `ReadableStream` (and, as
 * `toFetch()`, a GET body or a plain object with a non-JSON content-type).
 *
 * @example
 * toCurl(endpoint("POST /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", title: "It's" }));
 * // curl --globoff -X 'POST' --url 'https://api.service.example/repos/octo/hello/issues'
 * //   -H 'accept: application/vnd.service.v3+json' -H 'user-agent: service-endpoint.js/0.1.0'
 * //   -H 'content-type: application/json; charset=utf-8' --data-binary '{"title":"It'\''s"}'
 * // (one line)
 */
export function toCurl(requestOptions: RequestOptions, options: ToCurlOptions = {}): string {
  assertRequestOptions("toCurl", requestOptions);
  const method = requestOptions.method.toUpperCase();
  const headers = outgoingHeaders("toCurl", requestOptions.headers);
  const body = classifyBody("toCurl", method, requestOptions.body, headers["content-type"]);

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
      headers["content-type"] ??= FORM_CONTENT_TYPE;
      text = body.value.toString();
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

  const args = ["curl --globoff"];
  args.push(method === "HEAD" ? "--head" : `-X ${shellQuote(method)}`);
  args.push(`--url ${shellQuote(requestOptions.url)}`);
  for (const [name, value] of Object.entries(headers)) {
    // `-H 'name:'` would remove the header; `-H 'name;'` sends it with an empty value.
    args.push(`-H ${shellQuote(value === "" ? `${name};` : `${name}: ${value}`)}`);
  }
  if (text !== undefined) {
    // Without this, --data-binary makes curl send `content-type: application/x-www-form-urlencoded`.
    if (headers["content-type"] === undefined) args.push(`-H ${shellQuote("content-type:")}`);
    args.push(`${text.startsWith("@") ? "--data-raw" : "--data-binary"} ${shellQuote(text)}`);
  }
  return args.join(options.multiline === true ? " \\\n  " : " ");
}
