import { EndpointError, quote } from "../errors.js";
import { isPlainObject, own } from "../object.js";
import { quoteUrl } from "../redact.js";
import { programOf } from "../uri-template/compile.js";
import { expandVarspec } from "../uri-template/expand-varspec.js";
import {
  authorityEnd,
  dotSegmentLabel,
  findDotSegment,
  invalidUrl,
  isAbsoluteUrl,
  mayMakeDotSegment,
} from "../url.js";
import type { CompiledUrl } from "../pipeline/types.js";

/** Spec §2.2 rule 1: the expansion inside its checks (required, whole and dot segments); `texts`: parts'. */
export function checkedExpansion(compiled: CompiledUrl, slots: unknown[], texts?: string[]): string {
  const names = compiled.template.variableNames;
  // A non-empty string or a number in every required slot passes the first two checks.
  if (!holdsText(slots, compiled.requiredSlots)) {
    // One read, into copies: a getter or Proxy could answer "x" to a check and null to the expansion.
    for (const slot of compiled.requiredSlots) slots[slot] = readOnce(slots[slot]);
    for (const slot of compiled.requiredSlots) {
      if (definedMembers(slots[slot]).length === 0) {
        const name = names[slot]!;
        const problem = `a path placeholder needs a value (write {/${name}} for an optional segment)`;
        throw urlParameterError("ERR_MISSING_PARAMETER", compiled, name, problem);
      }
    }
    for (const run of compiled.wholeSegments) {
      if (run.every((slot) => expandsToNothing(slots[slot]))) {
        const problem =
          "an empty value would leave its path segment empty, and many servers would read a shorter path";
        throw urlParameterError("ERR_MISSING_PARAMETER", compiled, names[run[0]!]!, problem);
      }
    }
  }
  let expanded: string;
  if (texts === undefined) expanded = compiled.expand(slots);
  else {
    for (let part = 0; part < compiled.template.parts.length; part++) texts.push("");
    for (const [part, , text] of expandPieces(compiled, slots)) texts[part] += text;
    expanded = texts.join("");
  }
  assertNoDotSegment(compiled, expanded, slots);
  return expanded;
}

/** `Invalid parameter "name" for url "…": <problem>` (or `Missing …`); no name, `Invalid url …`. */
export function urlParameterError(
  code: "ERR_MISSING_PARAMETER" | "ERR_INVALID_PARAMETER",
  compiled: CompiledUrl,
  name: string | undefined,
  problem: string,
): EndpointError {
  if (name === undefined) return invalidUrl(compiled.url, problem);
  const what = code === "ERR_MISSING_PARAMETER" ? "Missing" : "Invalid";
  return new EndpointError(
    code,
    `${what} parameter ${quote(name)} for url ${quoteUrl(compiled.url)}: ${problem}`,
  );
}

/** Does every one of `required` hold a non-empty string or a number? */
function holdsText(slots: readonly unknown[], required: readonly number[]): boolean {
  for (const slot of required) {
    const value = slots[slot];
    if (typeof value === "string" ? value === "" : typeof value !== "number") return false;
  }
  return true;
}

/** A list's own items or a plain object's own members, read once into a copy (RFC 6570 §2.3). */
function readOnce(value: unknown): unknown {
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      // A hole stays a hole, never an index inherited from Array.prototype.
      const item = own(value, i);
      if (item !== undefined) copy[i] = item;
    }
    return copy;
  }
  return isPlainObject(value) ? { ...value } : value;
}

/** RFC 6570 §2.3: the own members that are not undefined or null, in order; a scalar is a list of one. */
function definedMembers(value: unknown): unknown[] {
  const list = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : [value];
  const members: unknown[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = own(list, i);
    if (item != null) members.push(item);
  }
  return members;
}

/** Does a defined value of `{x}` or `{+x}` expand to ""? `""`, or a list of one defined `""` (§3.2.1). */
function expandsToNothing(value: unknown): boolean {
  const members = isPlainObject(value) ? [] : definedMembers(value);
  return members.length === 1 && members[0] === "";
}

/** The expansion as `[part, variable, text]` pieces; RFC 6570 §3: each expression expands apart. */
function* expandPieces(
  compiled: CompiledUrl,
  values: readonly unknown[],
): Generator<[part: number, variable: string | undefined, text: string]> {
  const steps = programOf(compiled.template)[1];
  for (let part = 0; part < steps.length; part++) {
    const step = steps[part]!;
    if (typeof step === "string") {
      yield [part, undefined, step];
      continue;
    }
    // RFC 6570 Appendix A: `first` before the first defined varspec, `sep` before each other.
    let later = false;
    for (const spec of step) {
      const value = values[spec.slot];
      const text = value == null ? undefined : expandVarspec(spec, value, compiled.template.template, later);
      if (text === undefined) continue;
      later = true;
      yield [part, spec.name, text];
    }
  }
}

/** For a message: the variable that wrote some of `[start, end)` of the expansion (expanded again). */
export function writerOf(
  compiled: CompiledUrl,
  values: readonly unknown[],
  start: number,
  end: number,
): string | undefined {
  let offset = 0;
  for (const [, name, text] of expandPieces(compiled, values)) {
    offset += text.length;
    if (name !== undefined && offset > start && offset - text.length < end) return name;
  }
  return undefined;
}

/** No value makes a "." or ".." segment: clients resolve it away (`/repos/o/..` is sent as `/repos/`). */
export function assertNoDotSegment(
  compiled: CompiledUrl,
  expanded: string,
  values: readonly unknown[],
): void {
  // Most values cannot make one: then the url need not be scanned.
  const dotSlots = compiled.dotSlots;
  if (dotSlots !== undefined) {
    let suspect = false;
    for (let i = 0; i < dotSlots.length && !suspect; i++) {
      // A list or object is not read again (it could answer otherwise): the url is scanned.
      const entry = dotSlots[i]!;
      const value = values[entry < 0 ? ~entry : entry];
      suspect =
        typeof value === "string"
          ? entry >= 0
            ? mayMakeDotSegment(value)
            : value.includes(".") || value.includes("%")
          : typeof value === "object" && value !== null;
    }
    if (!suspect) return;
  }
  let start = compiled.pathStart;
  if (start === 0 && !compiled.isPath && isAbsoluteUrl(expanded)) start = authorityEnd(expanded);
  const found = findDotSegment(expanded, start);
  if (found === undefined) return;
  const [from, to] = found;
  const segment = dotSegmentLabel(expanded, found);
  // Dots ended or begun by an encoded "/" or "\": name the value that wrote the dots, else that end.
  const before = from > start && !/[/?#]/.test(expanded.charAt(from - 1)) ? 3 : 0;
  const after = expanded.charCodeAt(to) === 0x25 /* % */ ? 3 : 0;
  const who = /;|%3b/i.test(expanded.slice(from, to))
    ? 'servers that drop ";" parameters'
    : before || after
      ? `${segment.startsWith("path") ? "servers" : "routers"} that decode "%2F" and "%5C"`
      : "clients";
  const name = writerOf(compiled, values, from, to) ?? writerOf(compiled, values, from - before, to + after);
  const problem =
    name === undefined
      ? `the ${segment} would be resolved away by ${who}`
      : `it makes the ${segment}, which ${who} resolve away (a value cannot be "." or ".." as a whole segment, in any spelling)`;
  throw urlParameterError("ERR_INVALID_PARAMETER", compiled, name, problem);
}
