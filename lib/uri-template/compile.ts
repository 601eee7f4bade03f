import { EndpointError, describe, quote } from "../errors.js";
import { hasOwn } from "../object.js";
import { encodeReserved } from "./encode.js";
import { expandVarspec } from "./expand-varspec.js";
import { tokenize } from "./tokenize.js";
import type { UriTemplate } from "./types.js";

/**
 * Parses a template once into its public parts and a program of steps that `expand` walks:
 * literal output (already encoded) and expressions. Throws `ERR_INVALID_TEMPLATE` for a malformed
 * template. Not cached: see `parseTemplate`.
 */
export function compileTemplate(template: string): UriTemplate {
  const tokens = tokenize(template);
  // RFC 6570 §3.1: literal characters outside the URI syntax (non-ASCII) are pct-encoded UTF-8.
  const steps = tokens.map((token) => (typeof token === "string" ? encodeReserved(token, "") : token));
  const parts = tokens.map((token) => (typeof token === "string" ? token : token.part));
  const names = new Set(
    parts.flatMap((part) => (typeof part === "string" ? [] : part.variables.map(({ name }) => name))),
  );

  const expand = (variables: Readonly<Record<string, unknown>>): string => {
    // Object(x) is x itself only for objects and functions.
    if (Object(variables) !== variables) {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `Invalid variables for URI template ${quote(template)}: expected an object, got ${describe(variables)}`,
      );
    }
    let out = "";
    for (let s = 0; s < steps.length; s++) {
      const step = steps[s]!;
      if (typeof step === "string") {
        out += step;
        continue;
      }
      // RFC 6570 Appendix A: `first` before the first defined varspec, `sep` before each other.
      const { row, offsets } = step;
      const varspecs = step.part.variables;
      let before = row.first;
      for (let v = 0; v < varspecs.length; v++) {
        const spec = varspecs[v]!;
        const name = spec.name;
        const value = variables[name];
        // Own properties only: "{constructor}" never expands Object.prototype.constructor.
        if (value === undefined || !hasOwn(variables, name)) continue;
        const expanded = expandVarspec(out, before, row, spec, value, template, offsets[v]!);
        if (expanded === undefined) continue;
        out = expanded;
        before = row.sep;
      }
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

/**
 * How many expressions (`{…}`) a compiled template has: a weight for the caches that hold
 * templates, since the work and memory of a template grow with its expressions.
 *
 * @example
 * expressionCount(compileTemplate("/repos/{owner}/{repo}{?page}")); // 3
 */
export function expressionCount(template: UriTemplate): number {
  let count = 0;
  for (const part of template.parts) if (typeof part !== "string") count++;
  return count;
}
