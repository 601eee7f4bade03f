import deepmerge from "deepmerge";
import { mergeMediaType } from "./media-type.js";
import type { NormalizedOptions } from "./normalize.js";
import { assertNestingDepth, freezeCopy, hasOwn, isPlainObject, setOwn } from "./object.js";
import type { EndpointDefaults, MediaType, MergedOptions } from "./types.js";

// deepmerge 4.3.1 merges into ordinary `{}` objects: it skips any key found on the target's
// prototype chain ("constructor", "toString", …) and assigns "__proto__" through the setter.
// So it is fed null-prototype trees with "__proto__" escaped as a symbol, and `clone: false`.
const PROTO_KEY = /*#__PURE__*/ Symbol("__proto__");

/** Holds `data`: the body is never merged, the later one replaces the earlier one by reference. */
class Opaque {
  constructor(readonly value: unknown) {}
}

type Tree = Record<string | symbol, unknown>;

/**
 * The `.defaults()` merge: `options` over a DEFAULTS snapshot, with deepmerge, returning a new
 * deep-frozen snapshot. Plain objects merge deeply, everything else is replaced by reference,
 * `mediaType.previews` is the union, earlier first.
 */
export function mergeDefaults(defaults: EndpointDefaults, options: NormalizedOptions): EndpointDefaults {
  // The walks below (deepmerge, freezeCopy) recurse into data, request and arrays too.
  for (const key of Object.keys(options)) assertNestingDepth(options[key], key);
  const merged = deepmerge<Tree>(toTree(defaults, options) as Tree, toTree(options, undefined) as Tree, {
    isMergeableObject: isPlainObject,
    arrayMerge: (_target: unknown[], source: unknown[]) => source,
    clone: false,
  });
  const snapshot = fromTree(merged, defaults, options) as unknown as MergedOptions;
  // deepmerge replaces arrays; previews are the one list that is a union instead.
  if (options.mediaType !== undefined) {
    snapshot.mediaType = mergeMediaType(defaults.mediaType as MediaType, options.mediaType);
  }
  return freezeCopy(snapshot) as EndpointDefaults;
}

/**
 * A null-prototype copy for deepmerge. Where `later` has a plain object over a value of the
 * earlier level that is a class instance or function, that value becomes an empty object, so
 * deepmerge replaces it wholesale instead of filtering keys against its prototype.
 */
function toTree(value: unknown, later: unknown, key?: string): unknown {
  if (key === "data") return new Opaque(value);
  if (!isPlainObject(value)) {
    const laterIsPlain = isPlainObject(later);
    if (laterIsPlain && value !== null && (typeof value === "object" || typeof value === "function")) {
      return Object.create(null) as Tree;
    }
    return value;
  }
  const tree = Object.create(null) as Tree;
  for (const name of Object.keys(value)) {
    // Only the top level's "data" is the body; a parameter's nested "data" key merges as usual.
    tree[name === "__proto__" ? PROTO_KEY : name] = toTree(
      value[name],
      member(later, name),
      key === undefined ? name : "",
    );
  }
  return tree;
}

/**
 * Back from deepmerge's result to ordinary objects. Key order is rebuilt from the two levels
 * (the earlier level's keys, then the later level's new ones) because deepmerge lists symbol
 * keys, and so the escaped "__proto__", after all string keys.
 */
function fromTree(value: unknown, earlier: unknown, later: unknown): unknown {
  if (value instanceof Opaque) return value.value;
  // deepmerge builds ordinary objects; the trees it was given have no prototype.
  if (!isPlainObject(value)) return value;
  const tree = value as Tree;
  const earlierKeys = isPlainObject(earlier) ? Object.keys(earlier) : [];
  const names = new Set(earlierKeys);
  if (isPlainObject(later)) for (const name of Object.keys(later)) names.add(name);
  const result: Record<string, unknown> = {};
  for (const name of names) {
    const treeKey = name === "__proto__" ? PROTO_KEY : name;
    if (!hasOwn(tree, treeKey)) continue;
    setOwn(result, name, fromTree(tree[treeKey], member(earlier, name), member(later, name)));
  }
  return result;
}

/** `parent[name]` when `parent` is a plain object with that own key, else `undefined`. */
function member(parent: unknown, name: string): unknown {
  return isPlainObject(parent) && hasOwn(parent, name) ? parent[name] : undefined;
}
