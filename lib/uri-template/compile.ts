import { EndpointError, describe } from "../errors.js";
import { quoteUrl } from "../redact.js";
import { hasOwn, own } from "../object.js";
// (tokenize first: the bundle then holds the tokenizer's modules before the expander's, which
// compresses better)
import { tokenize, type Step } from "./tokenize.js";
import { expandVarspec } from "./expand-varspec.js";
import type { UriTemplate } from "./types.js";

/**
 * The expander of each compiled template that reads its values by slot, `values[i]` being the
 * value of `variableNames[i]` (or `undefined`): the endpoint reads each parameter once, in one walk
 * of the options, instead of once per check and once more per expansion. And its program (one
 * entry, not a second WeakMap: the bundle of parseTemplate alone stays under 3,000 B).
 */
const SLOT_EXPANDERS = new WeakMap<UriTemplate, Program>();

/** A compiled template's slot expander, its steps, and the slot of each variable name. */
type Program = [
  expand: (values: readonly unknown[]) => string,
  steps: readonly Step[],
  slots: ReadonlyMap<string, number>,
];

/**
 * The program of a template `compileTemplate` made: its slot expander, a step per part
 * (lib/compiled-url.ts, `expandParts`), and the tokenizer's map of names to slots
 * (`compileUrl`'s `slotOf`).
 */
export function programOf(template: UriTemplate): Program {
  return SLOT_EXPANDERS.get(template)!;
}

/**
 * Parses a template once into its public parts and a program of steps that `expand` walks:
 * literal output (already encoded) and expressions whose varspecs know their slot. Throws
 * `ERR_INVALID_TEMPLATE` for a malformed template. Not cached: see `parseTemplate`.
 */
export function compileTemplate(template: string): UriTemplate {
  // Each varspec reads its value from a slot: the index of its name in `variableNames`.
  const [parts, steps, slots] = tokenize(template);
  const variableNames = Object.freeze([...slots.keys()]);

  const expandSlots = (values: readonly unknown[]): string => {
    let out = "";
    for (let s = 0; s < steps.length; s++) {
      const step = steps[s]!;
      if (typeof step === "string") {
        out += step;
        continue;
      }
      // RFC 6570 Appendix A: `first` before the first defined varspec, `sep` before each other.
      let later = false;
      for (let v = 0; v < step.length; v++) {
        const spec = step[v]!;
        const value = values[spec.slot];
        // §2.3: undefined and null are undefined values, which expand to nothing.
        if (value == null) continue;
        // The usual values, without a prefix modifier, are written here as expandVarspec would
        // write them, without a call: once other templates have run, V8 no longer inlines
        // expandVarspec here, and the calls measured 7–8% of the bench template's expansion for
        // its four strings and about as much for its one number (decisions §18). A non-empty
        // string: head, then the value encoded (§3.2.1). A number between -1e21 and 1e21: its
        // text is digits, ".", "-" and "e" only (ECMA-262 Number::toString; "1e+21" and beyond
        // have a "+"), all unreserved, so it is written as it is. Anything else (an empty string,
        // a prefix, a list, an object, a boolean, an invalid value) takes expandVarspec.
        const head = later ? spec.sep : spec.first;
        const text =
          typeof value === "string" && value && spec.maxLength === undefined
            ? head + spec.row.encode(value, spec.name)
            : typeof value === "number" && value > -1e21 && value < 1e21 && spec.maxLength === undefined
              ? head + value
              : expandVarspec(spec, value, template, later);
        if (text === undefined) continue;
        out += text;
        later = true;
      }
    }
    return out;
  };

  // The name and slot of the n-th variable the walk found in the last call: one entry per variable
  // (the walk never reads past them), and no hole, which would read Object.prototype. (0 at first,
  // which is no name: a name the walk gives replaces it, the engine's one copy, compared by pointer.)
  const keySlots = variableNames.map(() => 0);
  const keys: unknown[] = [...keySlots];
  const expand = (variables: Readonly<Record<string, unknown>>): string => {
    try {
      // Object(x) is x itself only for objects and functions.
      if (Object(variables) !== variables) {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `Invalid variables for URI template ${quoteUrl(template)}: expected an object, got ${describe(variables)}`,
        );
      }
      // Own properties only: "{constructor}" never expands Object.prototype.constructor. One
      // for…in walk reads the enumerable ones (V8 checks that a key it yields is own from the
      // object's shape alone and reads it without a lookup); names it did not give are looked up
      // apart, for an own property that is not enumerable.
      const values: unknown[] = Array(variableNames.length);
      let found = 0;
      for (const name in variables) {
        if (!hasOwn(variables, name)) continue;
        // Callers pass objects of one shape again and again: the n-th variable found is most often
        // the same key as in the last call, whose slot is then known without a Map lookup.
        let slot: number | undefined = keySlots[found];
        if (keys[found] !== name) {
          slot = slots.get(name);
          if (slot === undefined) continue;
          keys[found] = name;
          keySlots[found] = slot;
        }
        values[slot!] = variables[name];
        found++;
      }
      // (A loop, not a callback: a closure here would move `values` and `variables` into a heap
      // context and slow every read of the walk above.)
      // The slots it left are filled, the names it did not give looked up apart (an own property
      // that is not enumerable). No hole is left: reading one would read Array.prototype and
      // Object.prototype, so `Object.prototype[1] = "x"` would fill a missing variable
      // (docs/security.md item 12).
      // (`found` counts the slots filled, each once: the walk yields a key once and each key has
      // its own slot, so the loop ends at the last hole, and at once when there is none.)
      for (let slot = 0; found < values.length; slot++) {
        if (!hasOwn(values, slot)) {
          values[slot] = own(variables, variableNames[slot]!);
          found++;
        }
      }
      return expandSlots(values);
    } catch (error) {
      // A revoked Proxy, or a getter or Proxy trap that throws, as the variables or inside a
      // value: an EndpointError that keeps what was thrown as its cause, never a TypeError from
      // inside the engine.
      // rethrowAs()'s rule, written out: the call made this expansion 2–3% slower after the
      // endpoint mix (interleaved, three processes) and the bundle 12 B larger.
      if (error instanceof EndpointError) throw error;
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `Invalid variables for URI template ${quoteUrl(template)}: they cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)`,
        { cause: error },
      );
    }
  };

  const compiled: UriTemplate = Object.freeze({
    template,
    variableNames,
    parts: Object.freeze(parts),
    expand,
  });
  SLOT_EXPANDERS.set(compiled, [expandSlots, steps, slots]);
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
