import { ALPHA_DIGIT, asciiSet } from "../ascii-set.js";
import { hasOwn } from "../object.js";
import { ALLOW_UR, isPctEncodedAt } from "./encode.js";
import { describeCharacter, templateError } from "./template-error.js";
import { OPERATORS, type OperatorRow } from "./operators.js";
import type { TemplateExpression, TemplateOperator, TemplateVariable } from "./types.js";

/** An expression as parsed: its public, frozen part, its operator's row and its varspecs' offsets. */
export interface ExpressionToken {
  readonly part: TemplateExpression;
  readonly row: OperatorRow;
  /** Where each varspec starts in the template, for a prefix error at expansion (§2.4.1). */
  readonly offsets: readonly number[];
}

/** A literal (raw text, as written) or an expression, in template order. */
export type Token = string | ExpressionToken;

// RFC 6570 §2.3 varchar = ALPHA / DIGIT / "_" / pct-encoded (pct-encoded is handled by the caller).
const VARCHAR_ASCII = /*#__PURE__*/ asciiSet(ALPHA_DIGIT, "_");

// RFC 6570 §2.2 op-reserve: operators reserved for future extensions (those in use are OPERATORS).
const RESERVED_OPERATOR = /[=,!@|]/;

// RFC 6570 §1.5 ucschar / iprivate: the non-ASCII code points a literal may hold; not surrogates,
// the noncharacters FDD0-FDEF, the specials FFF0-FFFF, plane 14 below E1000, nor xFFFE and xFFFF
// of any plane (checked apart).
const UCS_OR_PRIVATE = /[\xA0-\uD7FF\uE000-\uFDCF\uFDF0-\uFFEF\u{10000}-\u{DFFFF}\u{E1000}-\u{10FFFF}]/u;

/** One varchar code unit (pct-encoded aside); `NaN` (past the end) is not. */
export function isVarchar(code: number): boolean {
  return VARCHAR_ASCII[code] === 1;
}

/**
 * Splits a template into literals and expressions in one pass, left to right (regular expressions
 * only test single characters); every character is looked at a bounded number of times (linear
 * time on any input).
 * Throws `ERR_INVALID_TEMPLATE` at the first character the RFC 6570 §2 grammar does not allow.
 */
export function tokenize(template: string): Token[] {
  const tokens: Token[] = [];
  let literalStart = 0;
  let i = 0;
  while (i < template.length) {
    const code = template.charCodeAt(i);
    if (code === 0x7b /* { */) {
      if (i > literalStart) tokens.push(template.slice(literalStart, i));
      i = literalStart = readExpression(template, i, tokens);
    } else if (ALLOW_UR[code] === 1) {
      // RFC 6570 §2.1 literals, with erratum 6937 ("'" is one, as the RFC's own examples use it):
      // %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E, the unreserved
      // and reserved characters of a URI (plus pct-encoded, ucschar and iprivate, checked apart).
      i++;
    } else if (code === 0x25 /* % */) {
      if (!isPctEncodedAt(template, i)) throw templateError(template, "invalid percent-encoding", i);
      i += 3;
    } else if (code === 0x7d /* } */) {
      throw templateError(template, 'stray "}"', i);
    } else {
      // Any other ASCII character is below U+00A0, so not a ucschar either.
      const codePoint = template.codePointAt(i)!;
      const character = String.fromCodePoint(codePoint);
      if ((codePoint & 0xfffe) === 0xfffe || !UCS_OR_PRIVATE.test(character)) {
        throw templateError(template, `invalid literal character ${describeCharacter(template, i)}`, i);
      }
      i += character.length;
    }
  }
  if (template.length > literalStart) tokens.push(template.slice(literalStart));
  return tokens;
}

// RFC 6570 §2.2 expression = "{" [ operator ] variable-list "}"; `start` is at the "{".
// Pushes the expression onto `tokens` and returns the offset after its "}".
function readExpression(template: string, start: number, tokens: Token[]): number {
  let i = start + 1;
  let operator = template.charAt(i) as TemplateOperator; // "" past the end: no operator
  if (hasOwn(OPERATORS, operator)) {
    i += operator.length;
  } else if (RESERVED_OPERATOR.test(operator)) {
    throw templateError(template, `reserved operator ${describeCharacter(template, i)}`, i);
  } else {
    operator = "";
  }
  const variables: TemplateVariable[] = [];
  const offsets: number[] = [];
  for (;;) {
    // varspec = varname [ modifier-level4 ] (§2.3, §2.4);
    // varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded
    const nameStart = i;
    let code = template.charCodeAt(i);
    while (
      isVarchar(code) ||
      code === 0x25 /* % */ ||
      (code === 0x2e /* . */ &&
        i > nameStart &&
        (isVarchar(template.charCodeAt(i + 1)) || template[i + 1] === "%"))
    ) {
      if (code === 0x25 /* % */ && !isPctEncodedAt(template, i)) {
        throw templateError(template, "invalid percent-encoding in variable name", i);
      }
      code = template.charCodeAt((i += code === 0x25 /* % */ ? 3 : 1));
    }
    const name = template.slice(nameStart, i);
    let explode = false;
    let maxLength: number | undefined;
    if (name !== "") {
      if (code === 0x3a /* : */) {
        // §2.4.1 prefix = ":" max-length; max-length = %x31-39 0*3DIGIT
        const digitsStart = ++i;
        while ((template.charCodeAt(i) ^ 0x30) < 10) i++; // an ASCII digit ("0" is 0x30); NaN is not
        if (i === digitsStart || i - digitsStart > 4 || template[digitsStart] === "0") {
          throw templateError(template, "prefix length must be an integer from 1 to 9999", digitsStart);
        }
        maxLength = Number(template.slice(digitsStart, i));
      } else if (code === 0x2a /* * */) {
        explode = true; // §2.4.2 explode = "*"
        i++;
      }
      code = template.charCodeAt(i);
      // ":" after "*", or "*" after a prefix
      if (code === (explode ? 0x3a : 0x2a)) {
        throw templateError(template, "prefix and explode modifiers together", i);
      }
    }
    if (code === 0x7d /* } */ || code === 0x2c /* , */) {
      if (name === "") {
        const empty = code === 0x7d /* } */ && variables.length === 0;
        throw templateError(
          template,
          empty ? "empty expression" : "missing variable name",
          empty ? start : i,
        );
      }
      variables.push(Object.freeze({ name, explode, maxLength }));
      offsets.push(nameStart);
      if (code === 0x7d /* } */) break;
      i++;
      continue;
    }
    if (i >= template.length || code === 0x7b /* { */)
      throw templateError(template, "unclosed expression", start);
    const where = explode || maxLength !== undefined ? "after a modifier" : "in variable name";
    throw templateError(template, `invalid character ${describeCharacter(template, i)} ${where}`, i);
  }
  tokens.push({
    part: Object.freeze({ operator, variables: Object.freeze(variables), offset: start }),
    row: OPERATORS[operator],
    offsets,
  });
  return i + 1;
}
