import { encodeReserved, encodeUnreserved } from "./encode.js";
import type { TemplateOperator } from "./types.js";

/** Encodes a value with an operator's allowed set; `name` is for error messages only. */
export type Encoder = (value: string, name: string) => string;

/** One row of the table of RFC 6570 Appendix A (the table is keyed by the operator). */
export interface OperatorRow {
  /** Written before the first defined variable of the expression. */
  readonly first: string;
  /** Written between defined variables (and between exploded members). */
  readonly sep: string;
  /** Whether each value is written as `name=value` (§3.2.7–§3.2.9). */
  readonly named: boolean;
  /** Written after a name when the value is the empty string. */
  readonly ifemp: string;
  /** `allow`: U (unreserved only) or U+R (unreserved, reserved and pct-encoded triplets). */
  readonly encode: Encoder;
}

// RFC 6570 Appendix A, one row per operator (object literals of one shape, which the bundle keeps
// smaller than calls of a row-making function).
export const OPERATORS: Readonly<Record<TemplateOperator, OperatorRow>> = /*#__PURE__*/ Object.freeze({
  // §3.2.2 simple string expansion
  "": { first: "", sep: ",", named: false, ifemp: "", encode: encodeUnreserved },
  // §3.2.3 reserved expansion
  "+": { first: "", sep: ",", named: false, ifemp: "", encode: encodeReserved },
  // §3.2.4 fragment expansion
  "#": { first: "#", sep: ",", named: false, ifemp: "", encode: encodeReserved },
  // §3.2.5 label expansion
  ".": { first: ".", sep: ".", named: false, ifemp: "", encode: encodeUnreserved },
  // §3.2.6 path segments
  "/": { first: "/", sep: "/", named: false, ifemp: "", encode: encodeUnreserved },
  // §3.2.7 path-style parameters
  ";": { first: ";", sep: ";", named: true, ifemp: "", encode: encodeUnreserved },
  // §3.2.8 form-style query
  "?": { first: "?", sep: "&", named: true, ifemp: "=", encode: encodeUnreserved },
  // §3.2.9 form-style query continuation
  "&": { first: "&", sep: "&", named: true, ifemp: "=", encode: encodeUnreserved },
});
