import type { OperatorRow } from "./operators.js";

/** Public types of the RFC 6570 engine. */

/** An RFC 6570 operator (§2.2); `""` is simple string expansion. */
export type TemplateOperator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

/** One varspec of an expression (RFC 6570 §2.3, §2.4): `{name}`, `{name*}` or `{name:3}`. */
export interface TemplateVariable {
  /** The varname as written, pct-encoded triplets included (`{foo%20bar}` → `"foo%20bar"`). */
  readonly name: string;
  /** The explode modifier `*` (§2.4.2). */
  readonly explode: boolean;
  /** The prefix modifier `:N` (§2.4.1), 1–9999; `undefined` without one. */
  readonly maxLength: number | undefined;
}

/** One `{…}` expression of a template (RFC 6570 §2.2). */
export interface TemplateExpression {
  readonly operator: TemplateOperator;
  readonly variables: readonly TemplateVariable[];
  /** Offset of the opening `{` in the template. */
  readonly offset: number;
}

/**
 * A compiled RFC 6570 template. Frozen, and shared: `parseTemplate` returns the same object for
 * the same template string while it is cached.
 *
 * @example
 * const t = parseTemplate("/repos/{owner}/{repo}/issues{?state,labels}");
 * t.variableNames; // ["owner", "repo", "state", "labels"]
 * t.expand({ owner: "octo", repo: "hello", labels: ["bug", "ui"] });
 * // "/repos/octo/hello/issues?labels=bug,ui"
 */
export interface UriTemplate {
  /** The template string as given. */
  readonly template: string;
  /** Every variable name in order of first appearance, without duplicates. */
  readonly variableNames: readonly string[];
  /** Literals (raw text, as written) and expressions, in template order. */
  readonly parts: readonly (string | TemplateExpression)[];
  /**
   * Expands the template (RFC 6570 §3). Only own properties of `variables` are read.
   * Throws `EndpointError` `ERR_INVALID_PARAMETER` for a value that cannot be expanded, and
   * `ERR_INVALID_TEMPLATE` for a prefix modifier on a list or object value.
   */
  expand(variables: Readonly<Record<string, unknown>>): string;
}

/** A varspec as compiled (internal): what its expansion needs besides its value. */
export interface Varspec extends TemplateVariable {
  /** The row of its expression's operator (RFC 6570 Appendix A). */
  readonly row: OperatorRow;
  /** The index of its value in the values `expand` reads (its name's index in `variableNames`). */
  readonly slot: number;
  /** Where the varspec starts in the template, for the error of a prefix on a composite value. */
  readonly offset: number;
  /** What comes before a first defined scalar value: the operator's `first`, and `name=` if named. */
  readonly first: string;
  /** The same with the operator's `sep`, before a value that follows another defined one. */
  readonly sep: string;
}
