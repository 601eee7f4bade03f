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

// RFC 6570 §2.3 varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded:
// the longest one at lastIndex (maybe empty). Each character is read once: a "." is taken only
// before a varchar or a "%" (which then must start a triplet).
const VARNAME = /(?:(?:\w|%[\dA-Fa-f]{2})(?:\w|%[\dA-Fa-f]{2}|\.(?=[\w%]))*)?/y;
// RFC 6570 §2.4.1 max-length = %x31-39 0*3DIGIT, and no fifth digit.
const MAX_LENGTH = /[1-9]\d{0,3}(?!\d)/y;

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
  let i = 0;
  const fail = (problem: string, offset = i): never => {
    throw templateError(template, problem, offset);
  };
  // RFC 3986 §2.1 pct-encoded = "%" HEXDIG HEXDIG; `where` completes the message.
  const skipPctEncoded = (where: string): void => {
    if (!isPctEncodedAt(template, i)) fail("invalid percent-encoding" + where);
    i += 3;
  };
  let literalStart = 0;
  let code: number;
  while (i < template.length) {
    code = template.charCodeAt(i);
    if (code === 0x7b /* { */) {
      if (i > literalStart) tokens.push(template.slice(literalStart, i));
      // §2.2 expression = "{" [ operator ] variable-list "}"
      const start = i++;
      let operator = template.charAt(i) as TemplateOperator; // "" past the end: no operator
      if (hasOwn(OPERATORS, operator)) i += operator.length;
      // §2.2 op-reserve: operators reserved for future extensions.
      else if (/[=,!@|]/.test(operator)) fail(`reserved operator ${describeCharacter(template, i)}`);
      else operator = "";
      const variables: TemplateVariable[] = [];
      const offsets: number[] = [];
      do {
        // varspec = varname [ modifier-level4 ] (§2.3, §2.4)
        const nameStart = (VARNAME.lastIndex = i);
        VARNAME.exec(template);
        const name = template.slice(nameStart, (i = VARNAME.lastIndex));
        if ((code = template.charCodeAt(i)) === 0x25 /* % */)
          fail("invalid percent-encoding in variable name");
        let explode = false;
        let maxLength: number | undefined;
        if (name !== "") {
          if (code === 0x3a /* : */) {
            // §2.4.1 prefix = ":" max-length; max-length = %x31-39 0*3DIGIT
            const digits = (MAX_LENGTH.lastIndex = ++i);
            if (!MAX_LENGTH.test(template)) fail("prefix length must be an integer from 1 to 9999", digits);
            maxLength = Number(template.slice(digits, (i = MAX_LENGTH.lastIndex)));
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
          if (name === "") {
            if (code === 0x7d && variables.length === 0) fail("empty expression", start);
            fail("missing variable name");
          }
          variables.push(Object.freeze({ name, explode, maxLength }));
          offsets.push(nameStart);
        } else {
          if (i >= template.length || code === 0x7b /* { */) fail("unclosed expression", start);
          const where = explode || maxLength !== undefined ? "after a modifier" : "in variable name";
          fail(`invalid character ${describeCharacter(template, i)} ${where}`);
        }
        i++;
      } while (code !== 0x7d /* } */);
      tokens.push({
        part: Object.freeze({ operator, variables: Object.freeze(variables), offset: start }),
        row: OPERATORS[operator],
        offsets,
      });
      literalStart = i;
    } else if (ALLOW_UR[code] === 1) {
      // RFC 6570 §2.1 literals, with erratum 6937 ("'" is one, as the RFC's own examples use it):
      // %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E, the unreserved
      // and reserved characters of a URI (plus pct-encoded, ucschar and iprivate, checked apart).
      i++;
    } else if (code === 0x25 /* % */) {
      skipPctEncoded("");
    } else if (code === 0x7d /* } */) {
      fail('stray "}"');
    } else {
      // Any other ASCII character is below U+00A0, so not a ucschar either.
      const codePoint = template.codePointAt(i)!;
      if ((codePoint & 0xfffe) === 0xfffe || !UCS_OR_PRIVATE.test(String.fromCodePoint(codePoint))) {
        fail(`invalid literal character ${describeCharacter(template, i)}`);
      }
      i += codePoint > 0xffff ? 2 : 1;
    }
  }
  if (i > literalStart) tokens.push(template.slice(literalStart));
  return tokens;
}
