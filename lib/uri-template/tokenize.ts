import { ALPHA_DIGIT, asciiSet } from "../ascii-set.js";
import { isPctEncodedAt } from "./encode.js";
import { describeCharacter, templateError } from "./template-error.js";
import type { CompiledVarspec } from "./expand-varspec.js";
import type { TemplateOperator } from "./types.js";

/** An expression as parsed: its varspecs are ready for expansion, with their offsets for errors. */
export interface ExpressionToken {
  readonly operator: TemplateOperator;
  readonly variables: readonly CompiledVarspec[];
  readonly offset: number;
}

/** A literal (raw text, as written) or an expression, in template order. */
export type Token = string | ExpressionToken;

const CURLY_OPEN = 0x7b;
const CURLY_CLOSE = 0x7d;
const PERCENT = 0x25;
const COMMA = 0x2c;
const DOT = 0x2e;
const COLON = 0x3a;
const ASTERISK = 0x2a;

// RFC 6570 §2.1 literals, with erratum 6937 ("'" is a literal, as the RFC's own examples use it):
// %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E (plus pct-encoded,
// ucschar and iprivate, checked apart).
const LITERAL_ASCII = /*#__PURE__*/ asciiSet(ALPHA_DIGIT, "!#$&'()*+,-./:;=?@[]_~");

// RFC 6570 §2.3 varchar = ALPHA / DIGIT / "_" / pct-encoded (pct-encoded is handled by the caller).
const VARCHAR_ASCII = /*#__PURE__*/ asciiSet(ALPHA_DIGIT, "_");

// RFC 6570 §2.2: operators in use, and those reserved for future extensions.
const OPERATOR_CHARACTERS = "+#./;?&";
const RESERVED_OPERATOR_CHARACTERS = "=,!@|";

/** RFC 6570 §1.5 ucschar / iprivate: the non-ASCII code points a literal may hold. */
function isUcsOrPrivate(codePoint: number): boolean {
  if (codePoint < 0xa0) return false;
  if (codePoint <= 0xd7ff) return true;
  if (codePoint < 0xe000) return false; // surrogates
  if (codePoint <= 0xfdcf) return true; // iprivate E000-F8FF, ucschar F900-FDCF
  if (codePoint < 0xfdf0) return false; // noncharacters FDD0-FDEF
  if (codePoint <= 0xffef) return true;
  if (codePoint < 0x10000) return false; // specials FFF0-FFFF
  if ((codePoint & 0xfffe) === 0xfffe) return false; // xFFFE and xFFFF of every plane
  return codePoint < 0xe0000 || codePoint >= 0xe1000; // plane 14 starts at E1000
}

/** One varchar code unit (pct-encoded aside); `NaN` (past the end) is not. */
export function isVarchar(code: number): boolean {
  return VARCHAR_ASCII[code] === 1;
}

/**
 * Splits a template into literals and expressions in one pass, left to right, without regular
 * expressions; every character is looked at a bounded number of times (linear time on any input).
 * Throws `ERR_INVALID_TEMPLATE` at the first character the RFC 6570 §2 grammar does not allow.
 */
export function tokenize(template: string): Token[] {
  const tokens: Token[] = [];
  const length = template.length;
  let literalStart = 0;
  let i = 0;
  while (i < length) {
    const code = template.charCodeAt(i);
    if (code === CURLY_OPEN) {
      if (i > literalStart) tokens.push(template.slice(literalStart, i));
      i = literalStart = readExpression(template, i, tokens);
    } else if (code < 0x80 && LITERAL_ASCII[code] === 1) {
      i++;
    } else if (code === PERCENT) {
      if (!isPctEncodedAt(template, i)) {
        throw templateError(template, "invalid percent-encoding", i);
      }
      i += 3;
    } else if (code === CURLY_CLOSE) {
      throw templateError(template, 'stray "}"', i);
    } else {
      // Any other ASCII character is below U+00A0, so not a ucschar either.
      const codePoint = template.codePointAt(i)!;
      if (!isUcsOrPrivate(codePoint)) {
        throw templateError(template, `invalid literal character ${describeCharacter(template, i)}`, i);
      }
      i += codePoint > 0xffff ? 2 : 1;
    }
  }
  if (length > literalStart) tokens.push(template.slice(literalStart));
  return tokens;
}

// RFC 6570 §2.2 expression = "{" [ operator ] variable-list "}"; `start` is at the "{".
// Pushes the expression onto `tokens` and returns the offset after its "}".
function readExpression(template: string, start: number, tokens: Token[]): number {
  const length = template.length;
  let i = start + 1;
  let operator: TemplateOperator = "";
  const first = template.charAt(i);
  if (OPERATOR_CHARACTERS.includes(first) && first !== "") {
    operator = first as TemplateOperator;
    i++;
  } else if (RESERVED_OPERATOR_CHARACTERS.includes(first) && first !== "") {
    throw templateError(template, `reserved operator ${describeCharacter(template, i)}`, i);
  }
  const variables: CompiledVarspec[] = [];
  for (;;) {
    // varspec = varname [ modifier-level4 ] (§2.3, §2.4)
    const nameStart = i;
    i = readVarname(template, i, start, variables.length === 0);
    const name = template.slice(nameStart, i);
    let explode = false;
    let maxLength: number | undefined;
    let code = template.charCodeAt(i);
    if (code === COLON) {
      // §2.4.1 prefix = ":" max-length; max-length = %x31-39 0*3DIGIT
      const digitsStart = ++i;
      while (i < length && template.charCodeAt(i) >= 0x30 && template.charCodeAt(i) <= 0x39) i++;
      const digits = template.slice(digitsStart, i);
      if (digits.length === 0 || digits.length > 4 || digits.charCodeAt(0) === 0x30) {
        throw templateError(template, "prefix length must be an integer from 1 to 9999", digitsStart);
      }
      maxLength = Number(digits);
      code = template.charCodeAt(i);
      if (code === ASTERISK) throw templateError(template, "prefix and explode modifiers together", i);
    } else if (code === ASTERISK) {
      // §2.4.2 explode = "*"
      explode = true;
      code = template.charCodeAt(++i);
      if (code === COLON) throw templateError(template, "prefix and explode modifiers together", i);
    }
    // A varname is ALPHA / DIGIT / "_" / "." / pct-encoded: written as it is (§3.2.7).
    variables.push({ name, outputName: name, explode, maxLength, offset: nameStart });
    if (code === CURLY_CLOSE) break;
    if (code === COMMA) {
      i++;
      continue;
    }
    if (i >= length || code === CURLY_OPEN) throw templateError(template, "unclosed expression", start);
    const where = explode || maxLength !== undefined ? "after a modifier" : "in variable name";
    throw templateError(template, `invalid character ${describeCharacter(template, i)} ${where}`, i);
  }
  tokens.push({ operator, variables, offset: start });
  return i + 1;
}

// §2.3 varname = varchar *( ["."] varchar ); varchar = ALPHA / DIGIT / "_" / pct-encoded.
// Returns the offset after the name; throws where the name is missing or malformed.
function readVarname(template: string, i: number, expressionStart: number, isFirst: boolean): number {
  const length = template.length;
  const nameStart = i;
  for (;;) {
    const code = template.charCodeAt(i);
    if (isVarchar(code)) {
      i++;
      continue;
    }
    if (code === PERCENT) {
      if (!isPctEncodedAt(template, i)) {
        throw templateError(template, "invalid percent-encoding in variable name", i);
      }
      i += 3;
      continue;
    }
    if (code === DOT && i > nameStart) {
      const next = template.charCodeAt(i + 1);
      if (isVarchar(next) || next === PERCENT) {
        i++;
        continue;
      }
      throw templateError(template, `invalid character "." in variable name`, i);
    }
    if (i > nameStart) return i;
    // No name at all here.
    if (i >= length || code === CURLY_OPEN)
      throw templateError(template, "unclosed expression", expressionStart);
    if (code === CURLY_CLOSE && isFirst) throw templateError(template, "empty expression", expressionStart);
    if (code === CURLY_CLOSE || code === COMMA) throw templateError(template, "missing variable name", i);
    throw templateError(template, `invalid character ${describeCharacter(template, i)} in variable name`, i);
  }
}
