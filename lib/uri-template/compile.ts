import { EndpointError, describe, quote } from "../errors.js";
import { hasOwn } from "../object.js";
import { encodeReserved } from "./encode.js";
import { type CompiledVarspec, expandVarspec } from "./expand-varspec.js";
import { OPERATORS, type OperatorRow } from "./operators.js";
import { tokenize } from "./tokenize.js";
import type { TemplateExpression, UriTemplate } from "./types.js";

interface CompiledExpression {
  readonly row: OperatorRow;
  readonly varspecs: readonly CompiledVarspec[];
}

/** A step of the compiled program: literal output (already encoded) or an expression. */
type Step = string | CompiledExpression;

/**
 * Parses a template once into its public parts and a program of steps that `expand` walks.
 * Throws `ERR_INVALID_TEMPLATE` for a malformed template. Not cached: see `parseTemplate`.
 */
export function compileTemplate(template: string): UriTemplate {
  const tokens = tokenize(template);
  const parts: (string | TemplateExpression)[] = [];
  const steps: Step[] = [];
  const names = new Set<string>();
  for (const token of tokens) {
    if (typeof token === "string") {
      parts.push(token);
      // RFC 6570 §3.1: literal characters outside the URI syntax (non-ASCII) are pct-encoded UTF-8.
      steps.push(encodeReserved(token, ""));
      continue;
    }
    const variables = token.variables.map(({ name, explode, maxLength }) =>
      Object.freeze({ name, explode, maxLength }),
    );
    parts.push(
      Object.freeze({ operator: token.operator, variables: Object.freeze(variables), offset: token.offset }),
    );
    steps.push({ row: OPERATORS[token.operator], varspecs: token.variables });
    for (const variable of token.variables) names.add(variable.name);
  }

  const expand = (variables: Readonly<Record<string, unknown>>): string => {
    if (variables === null || (typeof variables !== "object" && typeof variables !== "function")) {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `Invalid variables for URI template ${quote(template)}: expected an object, got ${describe(variables)}`,
      );
    }
    let out = "";
    for (let s = 0; s < steps.length; s++) {
      const step = steps[s]!;
      out += typeof step === "string" ? step : expandExpression(step, variables, template);
    }
    return out;
  };

  return Object.freeze({
    template,
    variableNames: Object.freeze([...names]),
    parts: Object.freeze(parts),
    expand,
  });
}

// RFC 6570 Appendix A: `first` before the first defined varspec, `sep` between the others.
function expandExpression(
  expression: CompiledExpression,
  variables: Readonly<Record<string, unknown>>,
  template: string,
): string {
  const { row, varspecs } = expression;
  let out = "";
  let defined = false;
  for (let v = 0; v < varspecs.length; v++) {
    const spec = varspecs[v]!;
    let value = variables[spec.name];
    // Own properties only: "{constructor}" never expands Object.prototype.constructor.
    if (value !== undefined && !hasOwn(variables, spec.name)) value = undefined;
    let text: string | undefined;
    if (typeof value === "string" && spec.maxLength === undefined) {
      // The common case, inlined: a string without prefix (Appendix A, with §3.2.7–§3.2.9 naming).
      if (!row.named) text = row.encode(value, spec.name);
      else if (value === "") text = spec.outputName + row.ifemp;
      else text = spec.outputName + "=" + row.encode(value, spec.name);
    } else {
      text = expandVarspec(row, spec, value, template);
      if (text === undefined) continue;
    }
    out += defined ? row.sep + text : row.first + text;
    defined = true;
  }
  return out;
}
