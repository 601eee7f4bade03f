import { encodeReserved, encodeUnreserved } from "./encode.js";
import type { TemplateOperator } from "./types.js";

/** One row of the table of RFC 6570 Appendix A. */
export interface OperatorRow {
  /** The operator as written. */
  readonly operator: TemplateOperator;
  /** Written before the first defined variable of the expression. */
  readonly first: string;
  /** Written between defined variables (and between exploded members). */
  readonly sep: string;
  /** Whether each value is written as `name=value` (§3.2.7–§3.2.9). */
  readonly named: boolean;
  /** Written after a name when the value is the empty string. */
  readonly ifemp: string;
  /** `allow`: U (unreserved only) or U+R (and reserved, and pct-encoded triplets); `name` for errors. */
  readonly encode: (value: string, name: string) => string;
}

/** RFC 6570 Appendix A, one row per operator: everything the expansion of an operator depends on. */
export const OPERATORS: Readonly<Record<TemplateOperator, OperatorRow>> = /*#__PURE__*/ Object.freeze({
  "": { operator: "", first: "", sep: ",", named: false, ifemp: "", encode: encodeUnreserved }, // §3.2.2
  "+": { operator: "+", first: "", sep: ",", named: false, ifemp: "", encode: encodeReserved }, // §3.2.3
  "#": { operator: "#", first: "#", sep: ",", named: false, ifemp: "", encode: encodeReserved }, // §3.2.4
  ".": { operator: ".", first: ".", sep: ".", named: false, ifemp: "", encode: encodeUnreserved }, // §3.2.5
  "/": { operator: "/", first: "/", sep: "/", named: false, ifemp: "", encode: encodeUnreserved }, // §3.2.6
  ";": { operator: ";", first: ";", sep: ";", named: true, ifemp: "", encode: encodeUnreserved }, // §3.2.7
  "?": { operator: "?", first: "?", sep: "&", named: true, ifemp: "=", encode: encodeUnreserved }, // §3.2.8
  "&": { operator: "&", first: "&", sep: "&", named: true, ifemp: "=", encode: encodeUnreserved }, // §3.2.9
});
