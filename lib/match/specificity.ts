import { EndpointError } from "../errors.js";
import { quoteUrl } from "../redact.js";
import type { RoutePattern, Segment } from "./route-pattern.js";

/** A segment's kind at index `i`: literal, placeholder, or none (past the end of a closed route). */
function kindAt(pattern: RoutePattern, i: number): "literal" | "placeholder" | undefined {
  const segment = pattern.segments[i];
  if (segment === undefined) return pattern.open ? "placeholder" : undefined;
  return segment.kind === "literal" ? "literal" : "placeholder";
}

/**
 * Which of two routes that matched the same request of `segmentCount` path segments is more
 * specific: negative for `a`, positive for `b`, 0 when the rules cannot tell. A literal segment
 * beats a placeholder at the first segment where they differ; then fewer placeholders win.
 */
export function compareSpecificity(a: RoutePattern, b: RoutePattern, segmentCount: number): number {
  for (let i = 0; i < segmentCount; i++) {
    const kindOfA = kindAt(a, i);
    const kindOfB = kindAt(b, i);
    if (kindOfA !== kindOfB && kindOfA !== undefined && kindOfB !== undefined) {
      return kindOfA === "literal" ? -1 : 1;
    }
  }
  return a.placeholderCount - b.placeholderCount;
}

/**
 * Could two segments match the same text? Two literals only when they are the same; a
 * placeholder segment when its literal prefix and suffix fit the other's (one starts or ends the
 * other). Conservative: "maybe" is `true`.
 */
function mayOverlap(a: Segment, b: Segment): boolean {
  if (a.kind === "literal" && b.kind === "literal") return a.text === b.text;
  const prefix = (s: Segment) => (s.kind === "literal" ? s.text : s.kind === "expression" ? s.prefix : "");
  const suffix = (s: Segment) => (s.kind === "literal" ? s.text : s.kind === "expression" ? s.suffix : "");
  const fits = (x: string, y: string, starts: boolean) =>
    starts ? x.startsWith(y) || y.startsWith(x) : x.endsWith(y) || y.endsWith(x);
  return fits(prefix(a), prefix(b), true) && fits(suffix(a), suffix(b), false);
}

/**
 * Throws `ERR_AMBIGUOUS_ROUTES` when two routes of one method could match one request and the
 * rules could not choose between them: at every segment both are literals (the same) or both
 * placeholders, and they have as many placeholders. Checked once, when the matcher is built, so
 * that a match never has to guess.
 */
export function assertUnambiguous(a: RoutePattern, b: RoutePattern): void {
  if (a.method !== b.method) return;
  const length = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i++) {
    const segmentOfA = a.segments[i];
    const segmentOfB = b.segments[i];
    // Past the end of a closed route, the other one still needs a segment: no request matches
    // both. Past the end of an open one, its expression writes placeholder segments.
    if ((segmentOfA === undefined && !a.open) || (segmentOfB === undefined && !b.open)) return;
    const literalInA = segmentOfA?.kind === "literal";
    const literalInB = segmentOfB?.kind === "literal";
    if (literalInA !== literalInB) return; // the literal one wins
    if (segmentOfA !== undefined && segmentOfB !== undefined && !mayOverlap(segmentOfA, segmentOfB)) return;
  }
  if (a.placeholderCount !== b.placeholderCount) return;
  throw new EndpointError(
    "ERR_AMBIGUOUS_ROUTES",
    `Ambiguous routes ${quoteUrl(a.route)} and ${quoteUrl(b.route)}: a request can match both, and neither has ` +
      "a literal segment where the other has a placeholder, nor fewer placeholders",
  );
}
