import { quote } from "../errors.js";
import { redactUrl } from "../redact.js";
import type { TemplateExpression } from "../uri-template/index.js";
import { authorityEnd } from "../url.js";
import { urlParameterError, writerOf } from "./checks.js";
import type { CompiledUrl } from "../pipeline/types.js";

const OWN_SCHEME = `puts a scheme and host of its own before the url's "//"`;

/**
 * No value moves the host an absolute url's route writes (RFC 3986 §3.2, RFC 6454 §4; the rules are
 * in docs/design/architecture.md). `texts` are what each part wrote: what is checked is what is sent.
 */
export function assertAuthorityKept(
  compiled: CompiledUrl,
  values: readonly unknown[],
  texts: readonly string[],
  expanded: string,
): void {
  const parts = compiled.template.parts;
  let offset = 0;
  const ends = texts.map((text) => (offset += text.length));
  const starts = (part: number): number => ends[part]! - texts[part]!.length;
  // The part that wrote the character at `at`.
  const writer = (at: number): number => ends.findIndex((end) => end > at);
  const isValue = (part: number): boolean => typeof parts[part] !== "string";
  // Names the variable that wrote the character at `at`, quoting its expression's text.
  const refuse = (at: number, problem: string): never => {
    const name = writerOf(compiled, values, at, at + 1) ?? "";
    const writes = `it writes ${quoteAuthority(texts[writer(at)]!)}, which ${problem}`;
    throw urlParameterError("ERR_INVALID_PARAMETER", compiled, name, writes);
  };
  // The route's own "//": at the first "/", "?" or "#" of its first literal holding one.
  const route = parts.findIndex((part) => typeof part === "string" && /[/?#]/.test(part));
  // (No such literal: "", which has no "//".)
  const literal = texts[route] ?? "";
  const slashes = literal.search(/[/?#]/);
  const colon = expanded.indexOf("://");
  if (!literal.startsWith("//", slashes)) {
    // The values write the scheme and the host: the url is theirs, but not half of a "://".
    const at = [colon, colon + 1, colon + 2];
    const value = at.find((i) => isValue(writer(i)));
    if (value !== undefined && !at.every((i) => isValue(writer(i)))) refuse(value, OWN_SCHEME);
    return;
  }
  // A value may write the scheme, never a "//" and host of its own before the route's.
  if (colon + 1 !== starts(route) + slashes) refuse(colon + 1, OWN_SCHEME);
  const authorityStart = colon + 3;
  const authorityStop = authorityEnd(expanded);
  const first = writer(authorityStart);
  // Where the route's own authority ends: its literals from its "//" to their first "/", "?" or "#".
  let lastRouteAuthority = -1;
  for (let i = route; i < parts.length; i++) {
    if (isValue(i)) continue;
    const text = i === route ? texts[i]!.slice(slashes + 2) : texts[i]!;
    const stop = text.search(/[/?#]/);
    if (stop !== 0 && text !== "") lastRouteAuthority = i;
    if (stop !== -1) break;
  }
  if (lastRouteAuthority === -1) return; // the values write the whole authority (`https://{host}/`)
  for (let i = first; i < parts.length && starts(i) <= authorityStop; i++) {
    if (!isValue(i)) continue;
    const inside = expanded.slice(Math.max(starts(i), authorityStart), Math.min(ends[i]!, authorityStop));
    if (inside.includes("@")) {
      refuse(
        expanded.indexOf("@", Math.max(starts(i), authorityStart)),
        `puts "@" into the authority ${quoteAuthority(expanded.slice(authorityStart, authorityStop))}`,
      );
    }
    if (ends[i]! > authorityStop && i < lastRouteAuthority) {
      refuse(authorityStop, "ends the authority early, while the url writes more of it after");
    }
  }
  // The host: after the user info, up to the port (an IP literal up to its "]": RFC 3986 §3.2.2).
  const hostStart = expanded.lastIndexOf("@", authorityStop - 1) + 1 || authorityStart;
  const close = expanded.charAt(hostStart) === "[" ? expanded.indexOf("]", hostStart) + 1 : 0;
  const port = expanded.indexOf(":", close || hostStart);
  const hostStop = Math.min(authorityStop, port === -1 ? authorityStop : port);
  // The first part that writes some of [from, to): a value's (with text) if `value`, else the route's.
  const writerIn = (from: number, to: number, value: boolean): number => {
    for (let i = writer(from); i !== -1 && i < parts.length && starts(i) < to; i++) {
      if (isValue(i) === value && texts[i] !== "") return i;
    }
    return -1;
  };
  const refuseHost = (at: number): never =>
    refuse(at, `would change the host the url writes: ${quote(expanded.slice(hostStart, hostStop))}`);
  // No value writes a "." (a label) into a host the route began, but `{.x}` right after it (RFC 6570 §3.2.5).
  const ipLiteral = expanded.charCodeAt(hostStart) === 0x5b; /* [ */
  let routeHost = false; // has the route written some of the host (so far)?
  let labels = false;
  let last = -1; // the last part that writes some of the host, those labels aside
  let dotted = -1; // where a value first writes a "." after the route's host text
  for (let i = writer(hostStart); i !== -1 && i < parts.length && starts(i) < hostStop; i++) {
    labels =
      isValue(i) && (parts[i] as TemplateExpression).operator === "." && i > 0 && (!isValue(i - 1) || labels);
    if (labels || texts[i] === "") continue;
    if (!isValue(i)) routeHost = true;
    else if (dotted === -1 && routeHost && !ipLiteral) {
      const dot = expanded.indexOf(".", Math.max(starts(i), hostStart));
      if (dot !== -1 && dot < Math.min(ends[i]!, hostStop)) dotted = dot;
    }
    last = i;
  }
  // RFC 6454 §4: the port is part of the origin. A port the route writes digits of is its own.
  if (hostStop < authorityStop) {
    const colon = writer(hostStop);
    const digit =
      writerIn(hostStop + 1, authorityStop, false) === -1 ? -1 : writerIn(hostStop + 1, authorityStop, true);
    const by =
      isValue(colon) && routeHost ? hostStop : digit === -1 ? -1 : Math.max(starts(digit), hostStop + 1);
    if (by !== -1) {
      refuse(
        by,
        `would give the url's host another port: ${quote(expanded.slice(hostStart, authorityStop))}`,
      );
    }
  }
  if (dotted !== -1) refuseHost(dotted);
  // A host all written by values is theirs (`https://{host}/`); so is a last label of the route's.
  if (!routeHost || !isValue(last)) return;
  // A last label of its own after the route's "." or "-" (`https://10.0.0.{n}/`), not more of the route's.
  const from = Math.max(starts(last), hostStart);
  if (!/[.-]/.test(expanded.charAt(from - 1)) || isValue(writer(from - 1))) refuseHost(from);
}

/** Text that a url's authority holds, quoted with any user-info password redacted. */
function quoteAuthority(text: string): string {
  return quote(redactUrl("//" + text).slice(2));
}
