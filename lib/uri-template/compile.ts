import { EndpointError, describe, quote } from "../errors.js";
import { hasOwn } from "../object.js";
import { encodeReserved } from "./encode.js";
import { expandVarspec } from "./expand-varspec.js";
import { tokenize } from "./tokenize.js";
import type { UriTemplate } from "./types.js";

/**
 * The expander of each compiled template that reads its values by slot, `values[i]` being the
 * value of `variableNames[i]` (or `undefined`): the endpoint reads each parameter once, in one walk
 * of the options, instead of once per check and once more per expansion.
 */
const SLOT_EXPANDERS = new WeakMap<UriTemplate, (values: readonly unknown[]) => string>();

/** The slot expander of a template `compileTemplate` made. */
export function slotExpander(template: UriTemplate): (values: readonly unknown[]) => string {
  return SLOT_EXPANDERS.get(template)!;
}

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
  const names = new Map<string, number>();
  for (const part of parts) {
    if (typeof part !== "string")
      for (const { name } of part.variables) if (!names.has(name)) names.set(name, names.size);
  }
  // Each varspec reads its value from a slot: the index of its name in `variableNames`.
  const slots = steps.map((step) =>
    typeof step === "string" ? [] : step.part.variables.map(({ name }) => names.get(name)!),
  );

  const expandSlots = (values: readonly unknown[]): string => {
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
      const stepSlots = slots[s]!;
      let before = row.first;
      for (let v = 0; v < varspecs.length; v++) {
        const value = values[stepSlots[v]!];
        if (value === undefined) continue;
        const expanded = expandVarspec(out, before, row, varspecs[v]!, value, template, offsets[v]!);
        if (expanded === undefined) continue;
        out = expanded;
        before = row.sep;
      }
    }
    return out;
  };
  const variableNames = Object.freeze([...names.keys()]);

  const expand = (variables: Readonly<Record<string, unknown>>): string => {
    // Object(x) is x itself only for objects and functions.
    if (Object(variables) !== variables) {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `Invalid variables for URI template ${quote(template)}: expected an object, got ${describe(variables)}`,
      );
    }
    // Own properties only: "{constructor}" never expands Object.prototype.constructor.
    const values: unknown[] = [];
    for (const name of variableNames) values.push(hasOwn(variables, name) ? variables[name] : undefined);
    return expandSlots(values);
  };

  const compiled: UriTemplate = Object.freeze({
    template,
    variableNames,
    parts: Object.freeze(parts),
    expand,
  });
  SLOT_EXPANDERS.set(compiled, expandSlots);
  return compiled;
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
