// The engine answers in time linear in its input: tokenizing, compiling and expanding a template,
// and encoding its values. Each family of inputs is checked for its exact answer at 10,000 and at
// 100,000 characters, and the work done is counted, not timed (a busy machine makes times flaky):
// each call of a built-in method the engine reads or builds strings, arrays and maps with counts
// one, plus the characters or items it copies or may scan. Ten times the input must take at most
// 11 times the work: a scan or a copy per character or per varspec would take about 100 times.
import { endpoint } from "../lib/index.js";
import { parseTemplate } from "../lib/uri-template/index.js";
import { formQuery } from "../lib/uri-template/form-query.js";
import { errorOf } from "./helpers/thrown.js";

/** The length of a string or an array, 0 for anything else. */
const lengthOf = (value: unknown): number =>
  typeof value === "string" || Array.isArray(value) ? value.length : 0;

/**
 * What a call costs besides itself: what it copies (its result) or may scan (its receiver);
 * `lastIndex` is a regular expression's before the call.
 */
type Cost = (receiver: unknown, args: unknown[], result: unknown, lastIndex: number) => number;
const copies: Cost = (_receiver, _args, result) => lengthOf(result);
const scans: Cost = (receiver) => lengthOf(receiver);
// A sticky expression scans from lastIndex to where it stops; a global one from lastIndex to the
// end of its match, or of its input when it finds none; any other scans its whole input.
const matches: Cost = (receiver, args, _result, lastIndex) => {
  const { sticky, global, lastIndex: end } = receiver as RegExp;
  if (sticky) return Math.max(0, end - lastIndex);
  return global ? (end === 0 ? lengthOf(args[0]) : end) - lastIndex : lengthOf(args[0]);
};
const once: Cost = () => 0;

const COUNTED: [object, Record<string, Cost>][] = [
  [
    String.prototype,
    { slice: copies, charAt: once, charCodeAt: once, codePointAt: once, indexOf: scans, includes: scans },
  ],
  [RegExp.prototype, { test: matches, exec: matches }],
  [
    Array.prototype,
    { push: once, slice: copies, map: copies, indexOf: scans, includes: scans, join: copies },
  ],
  [Array.prototype, { flat: copies, fill: copies }],
  [Map.prototype, { get: once, set: once, has: once }],
  [Object, { keys: copies, freeze: once, fromEntries: once }],
];

/** The work `run` does, as COUNTED counts it. */
function work(run: () => void): number {
  let total = 0;
  const restores = COUNTED.flatMap(([owner, methods]) =>
    Object.entries(methods).map(([method, cost]) => {
      const original = (owner as Record<string, (...args: unknown[]) => unknown>)[method]!;
      const counted = function (this: unknown, ...args: unknown[]): unknown {
        const lastIndex = this instanceof RegExp ? this.lastIndex : 0;
        const result = original.apply(this, args);
        total += 1 + cost(this, args, result, lastIndex);
        return result;
      };
      Object.defineProperty(owner, method, { configurable: true, writable: true, value: counted });
      return () =>
        Object.defineProperty(owner, method, { configurable: true, writable: true, value: original });
    }),
  );
  try {
    run();
  } finally {
    for (const restore of restores) restore();
  }
  return total;
}

/** `count` distinct variable names of one length, `v00000`, `v00001`, … */
const names = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `v${String(i).padStart(5, "0")}`);

/**
 * Families of inputs of about `size` characters: the template, its variables and the expansion
 * (or the exact error), each made from `size` alone. Templates longer than 4096 characters are
 * never cached, so every run compiles.
 */
const FAMILIES: [string, (size: number) => [string, Record<string, unknown>, string | Error]][] = [
  ["expressions {a}{a}…", (size) => ["{a}".repeat(size / 3), { a: "x" }, "x".repeat(size / 3)]],
  ["path segments {/a}{/a}…", (size) => ["{/a}".repeat(size / 4), { a: "b c" }, "/b%20c".repeat(size / 4)]],
  ["a literal", (size) => ["/" + "a".repeat(size), {}, "/" + "a".repeat(size)]],
  ["a non-ASCII literal", (size) => ["/" + "é".repeat(size), {}, "/" + "%C3%A9".repeat(size)]],
  [
    "one expression of many variables",
    (size) => {
      const list = names(size / 7);
      const variables = Object.fromEntries(list.map((name) => [name, 1]));
      return [`{?${list.join(",")}}`, variables, "?" + list.map((name) => `${name}=1`).join("&")];
    },
  ],
  [
    "one variable many times",
    (size) => [`{${"a,".repeat(size / 2)}a}`, { a: 1 }, "1,".repeat(size / 2) + "1"],
  ],
  ["a value to encode", (size) => ["{x}", { x: "a b".repeat(size / 3) }, "a%20b".repeat(size / 3)]],
  ["a non-ASCII value", (size) => ["{+x}", { x: "€".repeat(size) }, "%E2%82%AC".repeat(size)]],
  [
    "a list",
    (size) => [
      "{?l*}",
      { l: Array(size / 5).fill("v") },
      "?" +
        Array(size / 5)
          .fill("l=v")
          .join("&"),
    ],
  ],
  [
    "an object",
    (size) => {
      const list = names(size / 10);
      const o = Object.fromEntries(list.map((name) => [name, "x"]));
      return ["{;o*}", { o }, list.map((name) => `;${name}=x`).join("")];
    },
  ],
  [
    "prefixes {x:9}{x:9}…",
    (size) => ["{x:9}".repeat(size / 5), { x: "é".repeat(20) }, "%C3%A9".repeat((9 * size) / 5)],
  ],
  [
    "an unclosed expression of many names",
    (size) => [
      "{" + "a,".repeat(size / 2),
      {},
      new Error(`Invalid URI template "{${"a,".repeat(99)}a…": unclosed expression at offset 0`),
    ],
  ],
];

describe.each(FAMILIES)("%s", (_label, family) => {
  it("gives the exact answer at 10,000 and 100,000 characters, with linear work", () => {
    const units = [10_000, 100_000].map((size) => {
      const [template, variables, expected] = family(size);
      const expand = (): string => parseTemplate(template).expand(variables);
      if (expected instanceof Error) {
        expect(errorOf(expand)).toEqual({ code: "ERR_INVALID_TEMPLATE", message: expected.message });
        return work(() => errorOf(expand));
      }
      expect(expand()).toBe(expected);
      return work(expand);
    });
    expect(units[0]).toBeGreaterThan(0);
    expect(units[1]! / units[0]!).toBeLessThanOrEqual(11);
  });
});

it("formQuery() of many pairs does linear work", () => {
  const units = [2_000, 20_000].map((count) => {
    const entries = names(count).map((name): [string, unknown] => [name, "a b"]);
    expect(formQuery(entries, "?")).toBe(
      "?" +
        names(count)
          .map((name) => `${name}=a%20b`)
          .join("&"),
    );
    return work(() => formQuery(entries, "?"));
  });
  expect(units[1]! / units[0]!).toBeLessThanOrEqual(11);
});

describe("a route of `/:a` segments through endpoint()", () => {
  // route.ts rewrites each `/:a` to `/{a}`, then the template is tokenized and compiled and the
  // url checked and built: a scan of the url per placeholder would make the work grow tenfold per
  // character. The work per character is bounded too, with room to spare, as counted, not timed.
  it.each([["/:a"], ["/{a}"]])("%s x 30,000 does linear work, and little per character", (segment) => {
    const units = [3_000, 30_000].map((count) => {
      const route = "GET " + segment.repeat(count);
      const call = (): string => endpoint(route, { a: "x" }).url;
      expect(call()).toBe("https://api.service.example" + "/x".repeat(count));
      return work(call) / route.length;
    });
    expect(units[1]! / units[0]!).toBeLessThanOrEqual(1.1);
    // About 16 (`/{a}`) and 25 (`/:a`) units per character today.
    expect(units[1]).toBeLessThanOrEqual(40);
  });
  // What compileUrl decides in its walk over the parts: the fast path, dot slots, whole segments
  // (runs of two placeholders here), the authority of an absolute url, a literal query's names.
  const BASE = "https://api.service.example";
  it.each<[string, (count: number) => string, Record<string, string>, (count: number) => string]>([
    ["{/a}", (count) => "{/a}".repeat(count), { a: "x" }, (count) => BASE + "/x".repeat(count)],
    ["/{+a}", (count) => "/{+a}".repeat(count), { a: "x" }, (count) => BASE + "/x".repeat(count)],
    [
      "/{a}{b}",
      (count) => "/{a}{b}".repeat(count),
      { a: "x", b: "y" },
      (count) => BASE + "/xy".repeat(count),
    ],
    [
      "https://h.example/{a}/…",
      (count) => "https://h.example/" + "{a}/".repeat(count),
      { a: "x" },
      (count) => "https://h.example/" + "x/".repeat(count),
    ],
    ["/x?a=1&…", (count) => "/x?" + "a=1&".repeat(count), {}, (count) => BASE + "/x?" + "a=1&".repeat(count)],
  ])("%s x 30,000 does linear work, and little per character", (_label, url, parameters, expected) => {
    const units = [3_000, 30_000].map((count) => {
      const route = "GET " + url(count);
      const call = (): string => endpoint(route, parameters).url;
      expect(call()).toBe(expected(count));
      return work(call) / route.length;
    });
    expect(units[1]! / units[0]!).toBeLessThanOrEqual(1.1);
    // From about 11 (`{/a}`) to 24 (the literal query) units per character today.
    expect(units[1]).toBeLessThanOrEqual(40);
  });
});
