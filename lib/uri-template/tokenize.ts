import { codePointLabel, quote } from "../errors.js";
import { hasOwn } from "../object.js";
import { encodeReserved } from "./encode.js";
import { OPERATORS } from "./operators.js";
import { templateError } from "./values.js";
import type { TemplateExpression, TemplateOperator, Varspec } from "./types.js";

/** A step of the program `expand` walks: a literal already encoded, or an expression's varspecs. */
export type Step = string | readonly Varspec[];

/**
 * Reads a template into the program `expand` walks, where each step starts, and each variable
 * name's slot. One pass, left to right, by the grammar of RFC 6570 §2: sticky regular
 * expressions match each run of literal characters, each name and each prefix length without
 * backtracking, so the time is linear in the template. Throws `ERR_INVALID_TEMPLATE` at the
 * first character the grammar does not allow.
 */
export function tokenize(template: string): [Step[], number[], Map<string, number>] {
  const steps: Step[] = [];
  const starts: number[] = [];
  const slots = new Map<string, number>();
  // The varspecs of the expression being read, the first `count` of them: the array is reused.
  const specs: Varspec[] = [];
  // By slot, the step of the name's last expression of one varspec without a prefix, for its
  // repeats (`/{a}/{a}/…`). A prefix keeps its own step: its error quotes its offset.
  const lastSteps: (readonly Varspec[] | undefined)[] = [];
  const fail = (problem: string, offset: number): never => {
    throw templateError(template, problem, offset);
  };
  let i = 0;
  while (i < template.length) {
    const literalEnd = template[i] === "{" ? i : matchEnd(LITERALS, template, i);
    if (literalEnd > i) {
      starts.push(i);
      const literal = template.slice(i, (i = literalEnd));
      // §3.1: literal characters outside the URI syntax (non-ASCII) are written as UTF-8 triplets.
      steps.push(encodeReserved(literal, ""));
      continue;
    }
    if (template[i] === "%") fail("invalid percent-encoding", i);
    if (template[i] === "}") fail('stray "}"', i);
    if (template[i] !== "{") fail(`invalid literal character ${describeCharacter(template, i)}`, i);
    // §2.2 expression = "{" [ operator ] variable-list "}"
    const start = i++;
    starts.push(start);
    let operator = template.charAt(i) as TemplateOperator;
    if (hasOwn(OPERATORS, operator)) i += operator.length;
    // §2.2 op-reserve: operators reserved for future extensions.
    else if ("=,!@|".includes(operator)) fail(`reserved operator ${describeCharacter(template, i)}`, i);
    else operator = "";
    const row = OPERATORS[operator];
    let count = 0;
    let next: string;
    do {
      // §2.3 varspec = varname [ modifier-level4 ]
      const offset = i;
      const name = template.slice(i, (i = matchEnd(VARNAME, template, i)));
      if ((next = template.charAt(i)) === "%") fail("invalid percent-encoding in variable name", i);
      let explode = false;
      let maxLength: number | undefined;
      if (name && next === ":") {
        // §2.4.1 prefix = ":" max-length
        const digits = ++i;
        i = matchEnd(MAX_LENGTH, template, i);
        if (i === 0) fail("prefix length must be an integer from 1 to 9999", digits);
        maxLength = +template.slice(digits, i);
      } else if (name && next === "*") {
        explode = true; // §2.4.2 explode = "*"
        i++;
      }
      next = template.charAt(i);
      if ((explode && next === ":") || (maxLength && next === "*")) {
        fail("prefix and explode modifiers together", i);
      }
      if (next !== "}" && next !== ",") {
        if (next === "" || next === "{") fail("unclosed expression", start);
        const where = explode || maxLength ? "after a modifier" : "in variable name";
        fail(`invalid character ${describeCharacter(template, i)} ${where}`, i);
      }
      if (!name) {
        if (next === "}" && count === 0) fail("empty expression", start);
        fail("missing variable name", i);
      }
      let slot = slots.get(name);
      if (slot === undefined) {
        slots.set(name, (slot = slots.size)); // a new name takes the next slot
        lastSteps.push(undefined);
      }
      // §3.2.7–§3.2.9: a named operator writes "name=" before a value (the varname as written).
      const named = row.named ? name + "=" : "";
      const first = row.first + named;
      specs[count++] = { name, explode, maxLength, row, slot, offset, first, sep: row.sep + named };
      i++;
    } while (next !== "}");
    const spec = specs[0]!;
    const single = count === 1 && spec.maxLength === undefined;
    const last = single ? lastSteps[spec.slot] : undefined;
    if (last !== undefined && last[0]!.row === row && last[0]!.explode === spec.explode) {
      steps.push(last);
      continue;
    }
    const step = specs.slice(0, count);
    if (single) lastSteps[spec.slot] = step;
    steps.push(step);
  }
  return [steps, starts, slots];
}

/**
 * The public parts of a tokenized template, frozen: raw literals as written, and each expression's
 * operator, variables and offset. Built only when read: the library walks the steps.
 */
export function partsOf(template: string, steps: readonly Step[], starts: readonly number[]) {
  const parts = steps.map((step, i): string | TemplateExpression => {
    const offset = starts[i]!;
    if (typeof step === "string") return template.slice(offset, starts[i + 1] ?? template.length);
    const variables = step.map(({ name, explode, maxLength }) => Object.freeze({ name, explode, maxLength }));
    return Object.freeze({ operator: step[0]!.row.operator, variables: Object.freeze(variables), offset });
  });
  return Object.freeze(parts);
}

/** A character for a message: `"-"` for visible ASCII, `" " (U+0020)` or `"ä" (U+00E4)` for the rest. */
export function describeCharacter(template: string, offset: number): string {
  const codePoint = template.codePointAt(offset)!;
  return (
    quote(String.fromCodePoint(codePoint)) +
    (codePoint > 0x20 && codePoint < 0x7f ? "" : " (" + codePointLabel(codePoint) + ")")
  );
}

/** Where the sticky `pattern` stops matching `text` from `from` (0 when it does not match). */
function matchEnd(pattern: RegExp, text: string, from: number): number {
  pattern.lastIndex = from;
  pattern.test(text);
  return pattern.lastIndex;
}

// §2.3 varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded: the
// longest one (maybe empty); a "." is taken only when a varchar follows, so each character is read once.
const VARNAME = /(?:(?:\w|%[\dA-Fa-f]{2})(?:\.(?=[\w%]))?)*/y;
// §2.4.1 max-length = %x31-39 0*3DIGIT, and no fifth digit.
const MAX_LENGTH = /[1-9]\d{0,3}(?!\d)/y;
// §2.1 literal, with erratum 6937 ("'" is one, as the RFC's own examples use it): the unreserved
// and reserved characters of a URI, pct-encoded triplets, and the non-ASCII code points of §1.5
// ucschar and iprivate: not C1 controls, surrogates, FFF0-FFFF, plane 14 below E1000, or noncharacters.
const LITERALS =
  /(?:[\w.~:/?#[\]@!$&'()*+,;=-]|%[\dA-Fa-f]{2}|(?!\p{NChar})[^\0-\x9F\uD800-\uDFFF\uFFF0-\uFFFF\u{E0000}-\u{E0FFF}])*/uy;
