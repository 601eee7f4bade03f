import { EndpointError, codePointLabel, quote } from "../errors.js";
import { quoteUrl } from "../redact.js";

/** `Invalid URI template "/a{b": unclosed expression at offset 2` */
export function templateError(template: string, problem: string, offset: number): EndpointError {
  return new EndpointError(
    "ERR_INVALID_TEMPLATE",
    `Invalid URI template ${quoteUrl(template)}: ${problem} at offset ${offset}`,
  );
}

/** A character for a message: `"-"` for visible ASCII, `" " (U+0020)` or `"ä" (U+00E4)` for the rest. */
export function describeCharacter(template: string, offset: number): string {
  const codePoint = template.codePointAt(offset)!;
  return (
    quote(String.fromCodePoint(codePoint)) +
    (codePoint > 0x20 && codePoint < 0x7f ? "" : " (" + codePointLabel(codePoint) + ")")
  );
}
