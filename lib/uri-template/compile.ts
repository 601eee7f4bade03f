import { EndpointError, describe } from "../errors.js";
import { quoteUrl } from "../redact.js";
import { hasOwn, own } from "../object.js";
import { expandVarspec } from "./expand-varspec.js";
import { partsOf, tokenize, type Step } from "./tokenize.js";
import type { UriTemplate } from "./types.js";

/** A compiled template's expansion from slots, the steps it walks, and each variable name's slot. */
type Program = [(values: readonly unknown[]) => string, readonly Step[], ReadonlyMap<string, number>];

const PROGRAMS = new WeakMap<UriTemplate, Program>();

/** The program of a template `compileTemplate` made, for the library's url expansion. */
export function programOf(template: UriTemplate): Program {
  return PROGRAMS.get(template)!;
}

/**
 * Parses a template once into its public parts and a program of steps that `expand` walks:
 * literals already encoded, and expressions whose varspecs know their slot. Throws
 * `ERR_INVALID_TEMPLATE` for a malformed template. Not cached: see `parseTemplate`.
 */
export function compileTemplate(template: string): UriTemplate {
  const [steps, starts, slots] = tokenize(template);
  const variableNames = Object.freeze([...slots.keys()]);

  const expandSlots = (values: readonly unknown[]): string => {
    let out = "";
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if (typeof step === "string") {
        out += step;
        continue;
      }
      // RFC 6570 Appendix A: `first` before the first defined varspec, `sep` before the others.
      let later = false;
      for (const spec of step) {
        const value = values[spec.slot];
        if (value == null) continue; // §2.3: undefined
        const text = expandVarspec(spec, value, template, later);
        if (text === undefined) continue;
        out += text;
        later = true;
      }
    }
    return out;
  };

  // The n-th key the walk below found in the last call, and its slot: objects of one shape give
  // their keys in one order, so a key is looked up only when the shape changes.
  const keys: unknown[] = Array(variableNames.length).fill(undefined);
  const keySlots: number[] = Array(variableNames.length).fill(0);
  const expand = (variables: Readonly<Record<string, unknown>>): string => {
    // Object(x) is x itself only for objects and functions.
    if (Object(variables) !== variables) {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `Invalid variables for URI template ${quoteUrl(template)}: expected an object, got ${describe(variables)}`,
      );
    }
    try {
      // Own properties only, each read once: "{constructor}" never reads Object.prototype.
      const values: unknown[] = Array(variableNames.length);
      let found = 0;
      for (const name in variables) {
        if (!hasOwn(variables, name)) continue;
        if (keys[found] !== name) {
          const slot = slots.get(name);
          if (slot === undefined) continue;
          keys[found] = name;
          keySlots[found] = slot;
        }
        values[keySlots[found++]!] = variables[name];
      }
      // A name the walk did not give may be an own property that is not enumerable. No hole is
      // left: reading one would read Array.prototype.
      for (let slot = 0; found < values.length; slot++) {
        if (!hasOwn(values, slot)) {
          values[slot] = own(variables, variableNames[slot]!);
          found++;
        }
      }
      return expandSlots(values);
    } catch (error) {
      // A revoked Proxy, or a getter or Proxy trap that throws: never a TypeError from inside.
      if (error instanceof EndpointError) throw error;
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `Invalid variables for URI template ${quoteUrl(template)}: they cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)`,
        { cause: error },
      );
    }
  };

  let parts: UriTemplate["parts"] | undefined;
  const compiled: UriTemplate = Object.freeze({
    template,
    variableNames,
    // Made on first read: the library's own walks read the steps.
    get parts() {
      return (parts ??= partsOf(template, steps, starts));
    },
    expand,
  });
  PROGRAMS.set(compiled, [expandSlots, steps, slots]);
  return compiled;
}
