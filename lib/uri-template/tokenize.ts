import { ALPHA_DIGIT, asciiSet } from "../ascii-set.js";
import { hasOwn } from "../object.js";
import { encodeReserved } from "./encode.js";
import { describeCharacter, templateError } from "./template-error.js";
import { OPERATORS } from "./operators.js";
import type { Varspec } from "./expand-varspec.js";
import type { TemplateExpression, TemplateOperator, TemplateVariable } from "./types.js";

/**
 * A step of the program `expand` walks: literal output (already encoded), or an expression: its
 * varspecs, each knowing its operator's row and its slot.
 */
export type Step = string | readonly Varspec[];

/**
 * A template as parsed (a tuple: the bundle carries no property names for it): its public parts
 * (literals as written and frozen expressions, in template order), the program `expand` walks,
 * and the slot of each variable name (its index in order of first appearance).
 */
export type Tokens = [parts: (string | TemplateExpression)[], steps: Step[], slots: Map<string, number>];

// RFC 6570 §2.3 varchar = ALPHA / DIGIT / "_" / pct-encoded (pct-encoded is handled by the caller).
const VARCHAR_ASCII = /*#__PURE__*/ asciiSet(ALPHA_DIGIT, "_");

/** One varchar code unit (pct-encoded aside); `NaN` (past the end) is not. */
export function isVarchar(code: number): boolean {
  return VARCHAR_ASCII[code] === 1;
}

/**
 * Splits a template into literals and expressions in one pass, left to right (the sticky regular
 * expressions match runs of characters without ever backtracking); every character is looked at a
 * bounded number of times (linear time on any input). The same pass encodes each literal, gives
 * each variable name its slot and each varspec the text written before it, so nothing is walked
 * twice. Throws `ERR_INVALID_TEMPLATE` at the first character the RFC 6570 §2 grammar does not allow.
 */
export function tokenize(template: string): Tokens {
  const parts: Tokens[0] = [];
  const steps: Step[] = [];
  const slots = new Map<string, number>();
  let i = 0;
  const fail = (problem: string, offset = i): never => {
    throw templateError(template, problem, offset);
  };
  // Where a sticky regular expression's match from i ends (0 when it does not match).
  const matchEnd = (pattern: RegExp): number => {
    pattern.lastIndex = i;
    pattern.test(template);
    return pattern.lastIndex;
  };
  let code: number;
  // Each turn reads a run of literals, then stops at the end or reads one expression.
  for (;;) {
    // RFC 6570 §2.1 literals: a run of them is one token.
    const literalEnd = matchEnd(LITERALS);
    if (literalEnd > i) {
      const literal = template.slice(i, (i = literalEnd));
      parts.push(literal);
      // RFC 6570 §3.1: literal characters outside the URI syntax (non-ASCII) are pct-encoded UTF-8.
      steps.push(encodeReserved(literal, ""));
    }
    if (i === template.length) break;
    code = template.charCodeAt(i);
    if (code === 0x25 /* % */) fail("invalid percent-encoding");
    if (code === 0x7d /* } */) fail('stray "}"');
    if (code !== 0x7b /* { */) fail(`invalid literal character ${describeCharacter(template, i)}`);
    // §2.2 expression = "{" [ operator ] variable-list "}"
    const start = i++;
    let operator = template.charAt(i) as TemplateOperator; // "" past the end: no operator
    if (hasOwn(OPERATORS, operator)) i += operator.length;
    // §2.2 op-reserve: operators reserved for future extensions.
    else if (/[=,!@|]/.test(operator)) fail(`reserved operator ${describeCharacter(template, i)}`);
    else operator = "";
    const variables: TemplateVariable[] = [];
    const specs: Varspec[] = [];
    const row = OPERATORS[operator];
    do {
      // varspec = varname [ modifier-level4 ] (§2.3, §2.4)
      const nameStart = i;
      const name = template.slice(i, (i = matchEnd(VARNAME)));
      if ((code = template.charCodeAt(i)) === 0x25 /* % */) fail("invalid percent-encoding in variable name");
      let explode = false;
      let maxLength: number | undefined;
      if (name) {
        if (code === 0x3a /* : */) {
          // §2.4.1 prefix = ":" max-length; max-length = %x31-39 0*3DIGIT
          const digits = ++i;
          if ((i = matchEnd(MAX_LENGTH)) === 0)
            fail("prefix length must be an integer from 1 to 9999", digits);
          maxLength = +template.slice(digits, i);
        } else if (code === 0x2a /* * */) {
          explode = true; // §2.4.2 explode = "*"
          i++;
        }
        // ":" after "*", or "*" after a prefix
        if ((code = template.charCodeAt(i)) === (explode ? 0x3a : 0x2a)) {
          fail("prefix and explode modifiers together");
        }
      }
      if (code === 0x7d /* } */ || code === 0x2c /* , */) {
        if (!name) {
          if (code === 0x7d && variables.length === 0) fail("empty expression", start);
          fail("missing variable name");
        }
        const variable = Object.freeze({ name, explode, maxLength });
        variables.push(variable);
        // §3.2.7–§3.2.9: named operators write "name=" before a non-empty scalar value.
        const head = row.named ? name + "=" : "";
        specs.push({
          ...variable,
          row,
          // A new name takes the next slot.
          slot: slots.get(name) ?? slots.set(name, slots.size).size - 1,
          offset: nameStart,
          first: row.first + head,
          sep: row.sep + head,
        });
      } else {
        if (i >= template.length || code === 0x7b /* { */) fail("unclosed expression", start);
        fail(
          `invalid character ${describeCharacter(template, i)} ${explode || maxLength ? "after a modifier" : "in variable name"}`,
        );
      }
      i++;
    } while (code !== 0x7d /* } */);
    parts.push(Object.freeze({ operator, variables: Object.freeze(variables), offset: start }));
    steps.push(specs);
  }
  return [parts, steps, slots];
}

// (The patterns after the tokenizer that reads them, which it only does when called: the bundle
// compresses better this way, −1 B.)

// RFC 6570 §2.3 varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded:
// the longest one at lastIndex (maybe empty): varchars, each maybe followed by one "." when a
// varchar or a "%" (which then must start a triplet) comes next. Each character is read once.
const VARNAME = /(?:(?:\w|%[\dA-Fa-f]{2})(?:\.(?=[\w%]))?)*/y;
// RFC 6570 §2.4.1 max-length = %x31-39 0*3DIGIT, and no fifth digit.
const MAX_LENGTH = /[1-9]\d{0,3}(?!\d)/y;

// RFC 6570 §2.1 literal = %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E
// / ucschar / iprivate / pct-encoded, with erratum 6937 ("'" is one, as the RFC's own examples use
// it): the unreserved and reserved characters of a URI, pct-encoded triplets, and the non-ASCII
// code points of §1.5 ucschar and iprivate (A0-D7FF, E000-FFEF, 10000-DFFFF, E1000-10FFFF): those
// that are not ASCII, not the C1 controls 80-9F, not surrogates, not FFF0-FFFF, not plane 14 below
// E1000, and no noncharacter (FDD0-FDEF and xFFFE-xFFFF of every plane).
const LITERALS =
  /(?:[\w.~:/?#[\]@!$&'()*+,;=-]|%[\dA-Fa-f]{2}|(?!\p{NChar})[^\0-\x9F\uD800-\uDFFF\uFFF0-\uFFFF\u{E0000}-\u{E0FFF}])*/uy;
