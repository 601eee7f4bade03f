import { setOwn } from "../object.js";
import { decodeValue } from "./decode.js";
import type { MatchedParameters } from "./decode.js";
import type { RoutePattern } from "./route-pattern.js";

/**
 * Reads a request's query (the text after "?", without the fragment) into `parameters`, as
 * `endpoint()` writes one: the template's literal pairs must be there; a pair named by a `{?…}` or
 * `{&…}` variable is that variable (RFC 6570 §3.2.8, §3.2.9: repeated for an exploded list); any
 * other pair is a parameter of its own, as `endpoint()` writes the parameters a GET route does not
 * name. The pairs may come in any order. `false` when the query is not one the route could
 * have made: a literal pair missing, a pair that is not UTF-8, a variable that is not exploded
 * given twice, or a pair named after a placeholder of the path.
 */
export function matchQuery(pattern: RoutePattern, query: string, parameters: MatchedParameters): boolean {
  const pairs = query === "" ? [] : query.split("&");
  for (const literal of pattern.queryPairs) {
    const at = pairs.indexOf(literal);
    if (at === -1) return false;
    pairs[at] = ""; // used
  }
  for (const pair of pairs) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const name = decodeValue(equals === -1 ? pair : pair.slice(0, equals), "");
    const value = decodeValue(equals === -1 ? "" : pair.slice(equals + 1), "?");
    if (name === undefined || value === undefined) return false;
    const known = Object.prototype.hasOwnProperty.call(parameters, name) ? parameters[name] : undefined;
    const variable = pattern.queryVariables.get(name);
    if (variable === undefined && pattern.names.has(name)) return false;
    if (known === undefined) {
      setOwn(parameters, name, variable?.explode ? [value] : value);
    } else if (variable === undefined || variable.explode) {
      // An exploded list repeats its name; so does a list of a parameter the route does not name.
      if (Array.isArray(known)) known.push(value);
      else setOwn(parameters, name, [known, value]);
    } else {
      return false;
    }
  }
  return true;
}
