import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EndpointBuilder, callable, querySerializer } from "../lib/index.js";
import type {
  ArrayStyle,
  ObjectStyle,
  QueryContext,
  QueryParameters,
  QuerySerializerOptions,
} from "../lib/index.js";
import { formQuery } from "../lib/uri-template/form-query.js";
import { fingerprint, hostileString, hostileValue } from "./helpers/hostile.js";
import { errorOf, outcome, thrown } from "./helpers/thrown.js";

// Issue 13 §1: query styles, named as OpenAPI names them (docs/query-styles.md).

// The parameters of the README example.
const TABLE_PARAMETERS: QueryParameters = [
  ["ids", [1, 2]],
  ["filter", { status: "open", type: "bug" }],
  ["q", "a b"],
];

const ARRAY_STYLES: readonly ArrayStyle[] = [
  "form",
  "repeat",
  "brackets",
  "indices",
  "spaceDelimited",
  "pipeDelimited",
];
const OBJECT_STYLES: readonly ObjectStyle[] = ["form", "explode", "deepObject"];

describe("querySerializer", () => {
  it("writes the README example", () => {
    const railsQuery = querySerializer({ array: "brackets", object: "deepObject" });
    expect(railsQuery(TABLE_PARAMETERS)).toBe(
      "ids%5B%5D=1&ids%5B%5D=2&filter%5Bstatus%5D=open&filter%5Btype%5D=bug&q=a%20b",
    );
  });

  describe("the table of styles in docs/query-styles.md", () => {
    const doc = readFileSync(join(__dirname, "..", "docs", "query-styles.md"), "utf8");
    const rows = [
      ...doc.matchAll(/^\| `(array|object): "(\w+)"`(?: \(default\))? +\|[^|]+\| `([^`|]+)` +\|$/gm),
    ].map(([, option, style, query]) => [option, style, query] as [string, string, string]);

    it("has a row for every style", () => {
      expect(rows.map(([option, style]) => `${option}: ${style}`)).toEqual([
        ...ARRAY_STYLES.map((style) => `array: ${style}`),
        ...OBJECT_STYLES.map((style) => `object: ${style}`),
      ]);
    });

    it.each(rows)("%s %j writes %s", (option, style, query) => {
      const parameters: QueryParameters = [
        option === "array" ? ["ids", [1, 2]] : ["filter", { status: "open", type: "bug" }],
      ];
      expect(querySerializer({ [option]: style } as QuerySerializerOptions)(parameters)).toBe(query);
    });
  });

  it.each([
    ["form", "ids=1,2&filter=status,open,type,bug&q=a%20b"],
    ["repeat", "ids=1&ids=2&filter=status,open,type,bug&q=a%20b"],
    ["brackets", "ids%5B%5D=1&ids%5B%5D=2&filter=status,open,type,bug&q=a%20b"],
    ["indices", "ids%5B0%5D=1&ids%5B1%5D=2&filter=status,open,type,bug&q=a%20b"],
    ["spaceDelimited", "ids=1%202&filter=status,open,type,bug&q=a%20b"],
    ["pipeDelimited", "ids=1%7C2&filter=status,open,type,bug&q=a%20b"],
  ] as const)("array %j leaves objects and scalars in the form style", (array, expected) => {
    expect(querySerializer({ array })(TABLE_PARAMETERS)).toBe(expected);
  });

  it.each([
    ["form", "ids=1,2&filter=status,open,type,bug&q=a%20b"],
    ["explode", "ids=1,2&status=open&type=bug&q=a%20b"],
    ["deepObject", "ids=1,2&filter%5Bstatus%5D=open&filter%5Btype%5D=bug&q=a%20b"],
  ] as const)("object %j leaves lists and scalars in the form style", (object, expected) => {
    expect(querySerializer({ object })(TABLE_PARAMETERS)).toBe(expected);
  });

  describe("the default", () => {
    const values = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.constantFrom(undefined, null, "", "a b", "x/y?z", "é", 0, -1.5, 1e21, NaN, true, 10n),
        fc.string(),
        fc.date(),
        fc.array(tie("value"), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie("value"), { maxKeys: 3 }),
      ),
    })).value;
    const parameters = fc.array(fc.tuple(fc.string({ maxLength: 5 }), values), { maxLength: 4 });

    it("is today's serializeQuery, byte for byte, errors included", () => {
      const serialize = querySerializer();
      const explicit = querySerializer({ array: "form", object: "form" });
      const builder = new EndpointBuilder();
      // Typed with the context argument, so that this compiles whether the builder's method takes it or not.
      const builderQuery: (parameters: QueryParameters, context: QueryContext) => string =
        builder.serializeQuery.bind(builder);
      const context: QueryContext = { method: "GET", url: "/items" };
      fc.assert(
        fc.property(parameters, (list) => {
          const expected = outcome(() => formQuery(list, ""));
          expect(outcome(() => serialize(list))).toStrictEqual(expected);
          expect(outcome(() => explicit(list, context))).toStrictEqual(expected);
          expect(outcome(() => builderQuery(list, context))).toStrictEqual(expected);
        }),
        { seed: 1301, numRuns: 300 },
      );
    });

    it("writes lists in the form style the same way whatever the object style", () => {
      const flatLists = fc.array(
        fc.tuple(
          fc.string({ maxLength: 5 }),
          fc.array(fc.option(fc.oneof(fc.string(), fc.integer()), { nil: null }), { maxLength: 4 }),
        ),
        { maxLength: 4 },
      );
      fc.assert(
        fc.property(flatLists, fc.constantFrom(...OBJECT_STYLES), (list, object) => {
          expect(querySerializer({ object })(list)).toBe(formQuery(list, ""));
        }),
        { seed: 1302, numRuns: 200 },
      );
    });
  });

  describe("as today, in every style", () => {
    const everyStyle = [
      ...ARRAY_STYLES.map((array) => ({ array })),
      ...OBJECT_STYLES.map((object) => ({ object })),
    ];

    it.each(everyStyle)(
      "%j: pct-encodes every reserved character of names and values, %20 for a space",
      (style) => {
        expect(querySerializer(style)([["a b&c=d+[]", "x/y?z#w:@!$'()*,;=%é😀"]])).toBe(
          "a%20b%26c%3Dd%2B%5B%5D=x%2Fy%3Fz%23w%3A%40%21%24%27%28%29%2A%2C%3B%3D%25%C3%A9%F0%9F%98%80",
        );
      },
    );

    it.each(everyStyle)(
      "%j: leaves out undefined, null, empty lists and empty objects (RFC 6570 §2.3)",
      (style) => {
        expect(
          querySerializer(style)([
            ["a", undefined],
            ["b", null],
            ["c", []],
            ["d", [null, undefined]],
            ["e", {}],
            ["f", { x: null, y: undefined }],
            ["g", ""],
          ]),
        ).toBe("g=");
      },
    );

    it.each(everyStyle)("%j: writes Dates as ISO 8601, and bigints and booleans as their text", (style) => {
      expect(
        querySerializer(style)([
          ["since", new Date(Date.UTC(2026, 10, 23, 12, 0, 0))],
          ["n", 12345678901234567890n],
          ["yes", true],
        ]),
      ).toBe("since=2026-11-23T12%3A00%3A00.000Z&n=12345678901234567890&yes=true");
    });

    it.each(everyStyle)("%j: never mutates the parameters", (style) => {
      const list = Object.freeze([
        Object.freeze(["ids", Object.freeze([1, 2])] as const),
        Object.freeze(["filter", Object.freeze({ a: "1" })] as const),
      ]);
      const copy = JSON.stringify(list);
      querySerializer(style)(list);
      expect(JSON.stringify(list)).toBe(copy);
    });

    it("returns an empty string for no parameters", () => {
      expect(querySerializer({ array: "brackets", object: "deepObject" })([])).toBe("");
    });
  });

  describe("array styles", () => {
    it.each([
      ["form", "ids=a,,c%20d&x=1"],
      ["repeat", "ids=a&ids=&ids=c%20d&x=1"],
      ["brackets", "ids%5B%5D=a&ids%5B%5D=&ids%5B%5D=c%20d&x=1"],
      ["indices", "ids%5B0%5D=a&ids%5B2%5D=&ids%5B3%5D=c%20d&x=1"],
      ["spaceDelimited", "ids=a%20%20c%20d&x=1"],
      ["pipeDelimited", "ids=a%7C%7Cc%20d&x=1"],
    ] as const)(
      "%j skips undefined members, keeps empty strings, and indexes by position in the list",
      (array, expected) => {
        expect(
          querySerializer({ array })([
            ["ids", ["a", null, "", "c d"]],
            ["x", 1],
          ]),
        ).toBe(expected);
      },
    );

    it.each(ARRAY_STYLES.filter((style) => style !== "form"))(
      "%j refuses a list or an object inside a list, naming the parameter",
      (array) => {
        expect(errorOf(() => querySerializer({ array })([["ids", [1, { a: 1 }]]]))).toStrictEqual({
          code: "ERR_INVALID_PARAMETER",
          message: `Invalid parameter "ids": the array style "${array}" cannot write an object at index 1 of a list`,
        });
        expect(errorOf(() => querySerializer({ array })([["ids", [[1]]]]))).toStrictEqual({
          code: "ERR_INVALID_PARAMETER",
          message: `Invalid parameter "ids": the array style "${array}" cannot write an array at index 0 of a list`,
        });
      },
    );

    it("the form style refuses a nested list with today's message", () => {
      expect(errorOf(() => querySerializer({ array: "form" })([["ids", [[1]]]]))).toStrictEqual({
        code: "ERR_INVALID_PARAMETER",
        message: 'Invalid parameter "ids": cannot expand an array at index 0 of a list in a URI template',
      });
    });

    it.each(ARRAY_STYLES)(
      "%j refuses a value that has no text, naming the parameter and the index",
      (array) => {
        expect(errorOf(() => querySerializer({ array })([["ids", [1, Symbol("s")]]]))).toStrictEqual({
          code: "ERR_INVALID_PARAMETER",
          message: 'Invalid parameter "ids": cannot expand a symbol at index 1 of a list in a URI template',
        });
      },
    );
  });

  describe("object styles", () => {
    it("explode writes each member as its own parameter, keys pct-encoded", () => {
      expect(querySerializer({ object: "explode" })([["filter", { "a b": "1", c: "", d: null, e: 2 }]])).toBe(
        "a%20b=1&c=&e=2",
      );
    });

    it.each([
      [{ a: { b: 1 } }, 'an object at key "a" of an object'],
      [{ a: [1] }, 'an array at key "a" of an object'],
    ])("explode refuses %j, naming the parameter", (value, what) => {
      expect(errorOf(() => querySerializer({ object: "explode" })([["filter", value]]))).toStrictEqual({
        code: "ERR_INVALID_PARAMETER",
        message: `Invalid parameter "filter": the object style "explode" cannot write ${what}; the object style "deepObject" can`,
      });
    });

    it("form refuses a nested object with today's message", () => {
      expect(errorOf(() => querySerializer({ object: "form" })([["filter", { a: { b: 1 } }]]))).toStrictEqual(
        {
          code: "ERR_INVALID_PARAMETER",
          message:
            'Invalid parameter "filter": cannot expand an object at key "a" of an object in a URI template',
        },
      );
    });

    it("deepObject writes nested objects recursively, brackets pct-encoded", () => {
      expect(
        querySerializer({ object: "deepObject" })([
          ["a", { b: { c: 1, "d e": { f: "g" } }, h: {}, i: null, j: "" }],
        ]),
      ).toBe("a%5Bb%5D%5Bc%5D=1&a%5Bb%5D%5Bd%20e%5D%5Bf%5D=g&a%5Bj%5D=");
    });

    it.each([
      ["form", "f%5Bids%5D=1,2"],
      ["repeat", "f%5Bids%5D=1&f%5Bids%5D=2"],
      ["brackets", "f%5Bids%5D%5B%5D=1&f%5Bids%5D%5B%5D=2"],
      ["indices", "f%5Bids%5D%5B0%5D=1&f%5Bids%5D%5B1%5D=2"],
      ["spaceDelimited", "f%5Bids%5D=1%202"],
      ["pipeDelimited", "f%5Bids%5D=1%7C2"],
    ] as const)("deepObject writes a list member in the array style %j", (array, expected) => {
      expect(querySerializer({ array, object: "deepObject" })([["f", { ids: [1, 2], none: [] }]])).toBe(
        expected,
      );
    });

    it("deepObject refuses an object inside a list member, naming the parameter", () => {
      expect(
        errorOf(() =>
          querySerializer({ array: "indices", object: "deepObject" })([["f", { ids: [{ a: 1 }] }]]),
        ),
      ).toStrictEqual({
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "f": the array style "indices" cannot write an object at index 0 of a list',
      });
    });

    it("deepObject names the key of a value that has no text", () => {
      expect(
        errorOf(() => querySerializer({ object: "deepObject" })([["f", { a: { b: () => 1 } }]])),
      ).toStrictEqual({
        code: "ERR_INVALID_PARAMETER",
        message: 'Invalid parameter "f": cannot expand a function at key "b" of an object in a URI template',
      });
    });

    it("deepObject answers a cycle or deep nesting with an EndpointError, never a RangeError", () => {
      const cycle: Record<string, unknown> = { a: 1 };
      cycle.self = cycle;
      let deep: Record<string, unknown> = { leaf: 1 };
      for (let i = 0; i < 10_000; i++) deep = { d: deep };
      const serialize = querySerializer({ object: "deepObject" });
      expect(errorOf(() => serialize([["f", cycle]]))).toStrictEqual({
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "f": it reaches the same object again at key "self" (shared, or a cycle), and the object style "deepObject" would write it once per path to it; pass a copy',
      });
      expect(errorOf(() => serialize([["f", deep]]))).toStrictEqual({
        code: "ERR_INVALID_PARAMETER",
        message: 'Invalid parameter "f": nested more than 100 levels deep',
      });
    });

    // Found by the review of 2026-11-26: 23 shared objects made 2^22 pairs, a RangeError after
    // 6.9 s (or the heap ran out); each object or list of a parameter is written once.
    it("deepObject refuses an object or list reached twice in milliseconds, never a RangeError (2^22 paths, 23 objects)", () => {
      let chain: Record<string, unknown> = { v: "x" };
      for (let i = 0; i < 22; i++) chain = { a: chain, b: chain };
      const shared = {
        message:
          'Invalid parameter "f": it reaches the same object again at key "b" (shared, or a cycle), and the object style "deepObject" would write it once per path to it; pass a copy',
      };
      const serialize = querySerializer({ object: "deepObject" });
      const started = performance.now();
      expect(errorOf(() => serialize([["f", chain]]))).toStrictEqual({
        code: "ERR_INVALID_PARAMETER",
        ...shared,
      });
      class Rails extends EndpointBuilder {
        override serializeQuery = serialize;
      }
      expect(errorOf(() => callable(new Rails())("GET /x", { f: chain }))).toStrictEqual({
        code: "ERR_INVALID_PARAMETER",
        ...shared,
      });
      expect(performance.now() - started).toBeLessThan(1_000);
      const ids = Array.from({ length: 3 }, (_, i) => i);
      expect(
        errorOf(() =>
          querySerializer({ array: "indices", object: "deepObject" })([["f", { a: ids, b: ids }]]),
        ),
      ).toStrictEqual({
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "f": it reaches the same list again at key "b" (shared, or a cycle), and the object style "deepObject" would write it once per path to it; pass a copy',
      });
    });

    it("deepObject writes equal objects that are not the same object, and one object in two parameters", () => {
      const range = { gte: 1 };
      const serialize = querySerializer({ object: "deepObject" });
      expect(serialize([["f", { a: { gte: 1 }, b: { gte: 1 } }]])).toBe(
        "f%5Ba%5D%5Bgte%5D=1&f%5Bb%5D%5Bgte%5D=1",
      );
      expect(
        serialize([
          ["f", range],
          ["g", range],
        ]),
      ).toBe("f%5Bgte%5D=1&g%5Bgte%5D=1");
    });

    it("property: deepObject writes every tree, and refuses exactly the values that reach an object or list twice", () => {
      const leaf = fc.oneof(
        fc.constantFrom("x", 1, null),
        fc.array(fc.constantFrom("y", 2), { maxLength: 2 }),
      );
      const tree = fc.letrec<{ node: unknown }>((tie) => ({
        node: fc.oneof(
          { depthSize: "small" },
          leaf,
          fc.dictionary(fc.constantFrom("a", "b", "c"), tie("node"), { maxKeys: 3 }),
        ),
      })).node;
      // (A copy made here: structuredClone's objects are of another realm under jest.)
      const copy = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(copy)
          : typeof value === "object" && value !== null
            ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]))
            : value;
      const serialize = querySerializer({ array: "repeat", object: "deepObject" });
      fc.assert(
        fc.property(tree, fc.constantFrom("a", "b", "c"), fc.boolean(), (value, key, share) => {
          if (typeof value !== "object" || value === null || Array.isArray(value)) return;
          // The same value at a second key: a shared reference when it is an object or a list.
          const member = (value as Record<string, unknown>)[key];
          const twice = { ...value, z: share ? member : copy(member) };
          const result = outcome(() => serialize([["f", twice]]));
          const reachedTwice = share && typeof member === "object" && member !== null;
          expect("code" in result).toBe(reachedTwice);
          if (!reachedTwice) expect(result).toStrictEqual({ value: serialize([["f", copy(twice)]]) });
        }),
        { seed: 20261126, numRuns: 300 },
      );
    });

    it("deepObject writes objects nested 100 levels deep, and refuses 101", () => {
      const nested = (levels: number): unknown => {
        let value: unknown = "v";
        for (let i = 0; i < levels; i++) value = { k: value };
        return value;
      };
      const serialize = querySerializer({ object: "deepObject" });
      expect(serialize([["f", nested(100)]])).toBe("f" + "%5Bk%5D".repeat(100) + "=v");
      expect(errorOf(() => serialize([["f", nested(101)]]))).toStrictEqual({
        code: "ERR_INVALID_PARAMETER",
        message: 'Invalid parameter "f": nested more than 100 levels deep',
      });
    });
  });

  describe("options, checked when the serializer is made", () => {
    it.each([
      [
        { array: "bracket" },
        'Invalid querySerializer array style "bracket": expected one of "form", "repeat", "brackets", "indices", "spaceDelimited", "pipeDelimited"',
      ],
      [
        { array: "Form" },
        'Invalid querySerializer array style "Form": expected one of "form", "repeat", "brackets", "indices", "spaceDelimited", "pipeDelimited"',
      ],
      [
        { object: "deep" },
        'Invalid querySerializer object style "deep": expected one of "form", "explode", "deepObject"',
      ],
      [
        { object: 1 },
        'Invalid querySerializer object style number 1: expected one of "form", "explode", "deepObject"',
      ],
      [{ arrays: "repeat" }, 'Invalid querySerializer option "arrays": expected only "array" and "object"'],
      [
        "brackets",
        'Invalid querySerializer options: "brackets"; expected { array?: string, object?: string }',
      ],
      [null, "Invalid querySerializer options: null; expected { array?: string, object?: string }"],
    ])("%j is ERR_INVALID_OPTIONS", (options, message) => {
      expect(errorOf(() => querySerializer(options as QuerySerializerOptions))).toStrictEqual({
        code: "ERR_INVALID_OPTIONS",
        message,
      });
    });

    it("takes undefined members as the defaults", () => {
      expect(querySerializer({ array: undefined, object: undefined })(TABLE_PARAMETERS)).toBe(
        "ids=1,2&filter=status,open,type,bug&q=a%20b",
      );
    });
  });

  describe("parameters that are not [name, value] pairs", () => {
    it.each([
      [undefined, "Invalid query parameters: undefined; expected an array of [name, value] pairs"],
      [{ a: 1 }, "Invalid query parameters: an object; expected an array of [name, value] pairs"],
      [[["a", 1], "b"], 'Invalid query parameter name: expected a string, got "b"'],
      [[[1, 1]], "Invalid query parameter name: expected a string, got number 1"],
    ])("%j is ERR_INVALID_PARAMETER, for the default and the other styles", (parameters, message) => {
      for (const options of [undefined, { array: "repeat" as const }]) {
        expect(
          errorOf(() => querySerializer(options)(parameters as unknown as QueryParameters)),
        ).toStrictEqual({
          code: "ERR_INVALID_PARAMETER",
          message,
        });
      }
    });
  });

  // docs/security.md item 14: a value that cannot be read is ERR_INVALID_OPTIONS, as in endpoint(),
  // with what was thrown as its cause; never the raw TypeError or the trap's own Error.
  describe("values that cannot be read", () => {
    const UNREADABLE = "cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)";
    const revoked = (): object => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    };
    const trapError = new Error("get trap");
    const throwingGet = <T extends object>(target: T): T =>
      new Proxy(target, {
        get() {
          throw trapError;
        },
      });
    const ALL_STYLES: QuerySerializerOptions[] = [
      {},
      ...ARRAY_STYLES.map((array) => ({ array })),
      ...OBJECT_STYLES.map((object) => ({ object })),
    ];

    /** The code, message and cause of the EndpointError `operation` throws. */
    function failure(operation: () => unknown): { code: string; message: string; cause: unknown } {
      const { code, message, cause } = thrown(operation);
      return { code, message, cause };
    }

    it.each(ALL_STYLES)("%j: a revoked Proxy as a value names the parameter", (style) => {
      const failed = failure(() => querySerializer(style)([["ids", revoked()]]));
      expect(failed).toStrictEqual({
        code: "ERR_INVALID_OPTIONS",
        message: `Invalid parameter "ids": it ${UNREADABLE}`,
        cause: failed.cause,
      });
      expect(failed.cause).toBeInstanceOf(TypeError);
    });

    it.each(ALL_STYLES)("%j: a revoked Proxy in a list names the parameter", (style) => {
      const failed = failure(() =>
        querySerializer(style)([
          ["q", "a"],
          ["ids", [1, revoked()]],
        ]),
      );
      expect([failed.code, failed.message]).toEqual([
        "ERR_INVALID_OPTIONS",
        `Invalid parameter "ids": it ${UNREADABLE}`,
      ]);
      expect(failed.cause).toBeInstanceOf(TypeError);
    });

    it.each([
      [{ array: "repeat" }, [["ids", throwingGet([1, 2])]]],
      [{ array: "brackets" }, [["ids", throwingGet([1, 2])]]],
      [{ object: "explode" }, [["filter", throwingGet({ a: 1 })]]],
      [{ object: "deepObject" }, [["filter", { a: throwingGet({ b: 1 }) }]]],
    ] as [QuerySerializerOptions, QueryParameters][])(
      "%j: a Proxy whose get trap throws gives ERR_INVALID_OPTIONS with the trap's error as cause",
      (style, parameters) => {
        const name = parameters[0]![0];
        expect(failure(() => querySerializer(style)(parameters))).toStrictEqual({
          code: "ERR_INVALID_OPTIONS",
          message: `Invalid parameter ${JSON.stringify(name)}: it ${UNREADABLE}`,
          cause: trapError,
        });
      },
    );

    it("a getter that throws gives ERR_INVALID_OPTIONS with its error as cause", () => {
      const filter = {
        get state(): string {
          throw trapError;
        },
      };
      expect(failure(() => querySerializer({ object: "deepObject" })([["filter", filter]]))).toStrictEqual({
        code: "ERR_INVALID_OPTIONS",
        message: `Invalid parameter "filter": it ${UNREADABLE}`,
        cause: trapError,
      });
    });

    it.each([
      ["a revoked Proxy as the list", () => revoked()],
      ["a revoked Proxy as a pair", () => [["a", 1], revoked()]],
      ["a list whose get trap throws", () => throwingGet([["a", 1]])],
    ])("%s: the parameters cannot be read, and no name is known", (_title, make) => {
      for (const style of ALL_STYLES) {
        const failed = failure(() => querySerializer(style)(make() as QueryParameters));
        expect([failed.code, failed.message]).toEqual([
          "ERR_INVALID_OPTIONS",
          `Invalid query parameters: they ${UNREADABLE}`,
        ]);
        expect(failed.cause).toBeInstanceOf(Error);
      }
    });

    // Found by the review of 2026-11-26: querySerializer(options) let the TypeError through.
    it.each([
      ["a revoked Proxy", () => revoked()],
      ["an object whose get trap throws", () => throwingGet({ array: "comma" })],
    ])("%s as the options of querySerializer()", (_title, make) => {
      const failed = failure(() => querySerializer(make() as QuerySerializerOptions));
      expect([failed.code, failed.message]).toEqual([
        "ERR_INVALID_OPTIONS",
        `Invalid querySerializer options: they ${UNREADABLE}`,
      ]);
      expect(failed.cause).toBeInstanceOf(Error);
    });

    it("a pair whose value cannot be read names its parameter", () => {
      const pair = new Proxy(["ids", 1], {
        get(target, key) {
          if (key === "1") throw trapError;
          return target[key as unknown as number];
        },
      });
      expect(
        failure(() => querySerializer()([["q", "a"], pair as unknown as [string, unknown]])),
      ).toStrictEqual({
        code: "ERR_INVALID_OPTIONS",
        message: `Invalid parameter "ids": it ${UNREADABLE}`,
        cause: trapError,
      });
    });

    it("the EndpointErrors the serializer throws itself pass through unchanged", () => {
      expect(errorOf(() => querySerializer({ array: "repeat" })([["ids", [Symbol("s")]]]))).toStrictEqual({
        code: "ERR_INVALID_PARAMETER",
        message: 'Invalid parameter "ids": cannot expand a symbol at index 0 of a list in a URI template',
      });
    });

    it("a subclass's serializeQuery gives the same error through endpoint()", () => {
      class RailsEndpoint extends EndpointBuilder {
        override serializeQuery = querySerializer({ array: "brackets" });
      }
      // endpoint() walks a call's lists itself (depth and cycles) and meets the revoked Proxy
      // first: its own boundary's error, with the same cause.
      const failed = failure(() => new RailsEndpoint().endpoint("GET /x", { ids: [revoked()] }));
      expect([failed.code, failed.message]).toEqual([
        "ERR_INVALID_OPTIONS",
        `Invalid options: they ${UNREADABLE}`,
      ]);
      expect(failed.cause).toBeInstanceOf(TypeError);
      // Called itself, the serializer names the parameter.
      const serialized = failure(() => new RailsEndpoint().serializeQuery([["ids", [revoked()]]]));
      expect([serialized.code, serialized.message]).toEqual([
        "ERR_INVALID_OPTIONS",
        `Invalid parameter "ids": it ${UNREADABLE}`,
      ]);
      // A list whose get trap throws: endpoint()'s own walk of the call meets it first.
      expect(
        failure(() => callable(new RailsEndpoint())("GET /x", { ids: throwingGet([1, 2]) })),
      ).toStrictEqual({
        code: "ERR_INVALID_OPTIONS",
        message: `Invalid options: they ${UNREADABLE}`,
        cause: trapError,
      });
      expect(failure(() => new RailsEndpoint().serializeQuery([["ids", throwingGet([1, 2])]]))).toStrictEqual(
        {
          code: "ERR_INVALID_OPTIONS",
          message: `Invalid parameter "ids": it ${UNREADABLE}`,
          cause: trapError,
        },
      );
    });
  });

  describe("the request context", () => {
    const context: QueryContext = { method: "GET", url: "/repos/{owner}/{repo}/issues" };

    it.each([...ARRAY_STYLES.map((array) => ({ array })), ...OBJECT_STYLES.map((object) => ({ object }))])(
      "%j takes it as its second argument; a style's output does not depend on it",
      (style) => {
        const serialize = querySerializer(style);
        expect(serialize(TABLE_PARAMETERS, context)).toBe(serialize(TABLE_PARAMETERS));
      },
    );

    it("lets a serializer choose a style by route", () => {
      const legacy = querySerializer({ array: "brackets" });
      const modern = querySerializer({ array: "repeat" });
      const byRoute = (parameters: QueryParameters, request?: QueryContext) =>
        request?.url.startsWith("/legacy/") ? legacy(parameters, request) : modern(parameters, request);
      expect(byRoute([["ids", [1, 2]]], { method: "GET", url: "/legacy/items{?page}" })).toBe(
        "ids%5B%5D=1&ids%5B%5D=2",
      );
      expect(byRoute([["ids", [1, 2]]], { method: "GET", url: "/items" })).toBe("ids=1&ids=2");
    });
  });

  describe("in a subclass", () => {
    // The one line docs/query-styles.md shows: a property may implement the inherited method.
    class RailsEndpoint extends EndpointBuilder {
      override serializeQuery = querySerializer({ array: "brackets", object: "deepObject" });
    }

    // The method form, for a style chosen per request.
    const railsQuery = querySerializer({ array: "brackets" });
    class RailsMethodEndpoint extends EndpointBuilder {
      override serializeQuery(parameters: QueryParameters, context?: QueryContext): string {
        return railsQuery(parameters, context);
      }
    }

    it("selects the style for the builder and every builder .defaults() returns", () => {
      const rails = new RailsEndpoint()
        .defaults({ baseUrl: "https://api.acme.test" })
        .defaults({ per_page: 50 });
      expect(rails).toBeInstanceOf(RailsEndpoint);
      expect(rails.endpoint("GET /items", { ids: [1, 2], filter: { state: "open" } })).toStrictEqual({
        method: "get",
        url: "https://api.acme.test/items?per_page=50&ids%5B%5D=1&ids%5B%5D=2&filter%5Bstate%5D=open",
        headers: new EndpointBuilder().endpoint("GET /").headers,
      });
    });

    it("selects it through callable() and its .defaults()", () => {
      const rails = callable(new RailsEndpoint()).defaults({ baseUrl: "https://api.acme.test" });
      expect(rails("GET /items{?page}", { page: 2, ids: [1, 2] }).url).toBe(
        "https://api.acme.test/items?page=2&ids%5B%5D=1&ids%5B%5D=2",
      );
    });

    it("selects it with a method override, kept by .defaults()", () => {
      const rails = callable(new RailsMethodEndpoint()).defaults({ baseUrl: "https://api.acme.test" });
      expect(rails("GET /items", { ids: [1, 2] }).url).toBe(
        "https://api.acme.test/items?ids%5B%5D=1&ids%5B%5D=2",
      );
    });

    it("reports a value the style cannot write as the endpoint's error", () => {
      expect(errorOf(() => new RailsEndpoint().endpoint("GET /items", { ids: [[1]] }))).toStrictEqual({
        code: "ERR_INVALID_PARAMETER",
        message:
          'Invalid parameter "ids": the array style "brackets" cannot write an array at index 0 of a list',
      });
    });
  });

  // docs/security.md item 12. `"separator" in row` read Object.prototype.separator, and a list in
  // "repeat", "brackets" or "indices" was joined with its text: "&admin=true&x=" added a parameter.
  it("reads no separator or key that other code put on Object.prototype", () => {
    class Rails extends EndpointBuilder {
      override serializeQuery = querySerializer({ array: "brackets" });
    }
    const rails = callable(new Rails());
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.separator = "&admin=true&x=";
    prototype.key = () => "admin";
    try {
      expect(querySerializer({ array: "repeat" })([["ids", [1, 2]]])).toBe("ids=1&ids=2");
      expect(querySerializer({ array: "indices" })([["ids", [1, 2]]])).toBe("ids%5B0%5D=1&ids%5B1%5D=2");
      expect(querySerializer({ array: "pipeDelimited" })([["ids", [1, 2]]])).toBe("ids=1%7C2");
      expect(rails("GET /issues", { ids: [1, 2] }).url).toBe(
        "https://api.service.example/issues?ids%5B%5D=1&ids%5B%5D=2",
      );
      expect(
        rails("POST /issues", {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          ids: [1],
        }).body,
      ).toBe("ids%5B%5D=1");
    } finally {
      delete prototype.separator;
      delete prototype.key;
    }
  });

  it("answers hostile parameters in every style with url-safe text or ERR_INVALID_PARAMETER, mutating nothing", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(hostileString, hostileValue), { maxLength: 4 }),
        fc.constantFrom<ArrayStyle | undefined>(undefined, ...ARRAY_STYLES),
        fc.constantFrom<ObjectStyle | undefined>(undefined, ...OBJECT_STYLES),
        (list, array, object) => {
          const before = fingerprint(list);
          const result = outcome(() => querySerializer({ array, object })(list));
          if ("value" in result) expect(result.value).toMatch(/^[A-Za-z0-9\-._~%=&,]*$/);
          else expect(result.code).toBe("ERR_INVALID_PARAMETER");
          expect(fingerprint(list)).toBe(before);
        },
      ),
      { seed: 1304, numRuns: 300 },
    );
  });

  describe("round trip through URLSearchParams, for flat values", () => {
    // Names and values with reserved characters, spaces, "+", "%", non-ASCII and astral characters.
    const text = fc.string({
      unit: fc.constantFrom(
        "a",
        "Z",
        "0",
        " ",
        "+",
        "%",
        "&",
        "=",
        "[",
        "]",
        ",",
        "|",
        "#",
        "?",
        "/",
        "é",
        "😀",
      ),
      maxLength: 6,
    });
    const scalar = fc.oneof(text, fc.integer(), fc.boolean());
    const flatValue = fc.oneof(
      scalar,
      fc.array(fc.option(text, { nil: null }), { maxLength: 3 }),
      fc.dictionary(text, fc.option(text, { nil: undefined }), { maxKeys: 3 }),
    );
    const parameters = fc.array(fc.tuple(text, fc.option(flatValue, { nil: undefined })), { maxLength: 4 });

    /** What URLSearchParams reads back from one parameter written in `array`/`object` styles. */
    function expectedEntries(
      name: string,
      value: unknown,
      array: ArrayStyle,
      object: ObjectStyle,
    ): string[][] {
      if (value === undefined || value === null) return [];
      if (Array.isArray(value)) {
        const items = value.map((item, index) => [index, item] as const).filter(([, item]) => item !== null);
        if (items.length === 0) return [];
        const texts = items.map(([, item]) => String(item));
        switch (array) {
          case "form":
            return [[name, texts.join(",")]];
          case "spaceDelimited":
            return [[name, texts.join(" ")]];
          case "pipeDelimited":
            return [[name, texts.join("|")]];
          case "repeat":
            return texts.map((item) => [name, item]);
          case "brackets":
            return texts.map((item) => [name + "[]", item]);
          case "indices":
            return items.map(([index, item]) => [`${name}[${index}]`, String(item)]);
        }
      }
      if (typeof value === "object") {
        const members = Object.entries(value).filter(([, member]) => member !== undefined);
        if (members.length === 0) return [];
        switch (object) {
          case "form":
            return [[name, members.flat().join(",")]];
          case "explode":
            return members.map(([key, member]) => [key, String(member)]);
          case "deepObject":
            return members.map(([key, member]) => [`${name}[${key}]`, String(member)]);
        }
      }
      return [[name, String(value)]];
    }

    it("decodes to the entries each style stands for", () => {
      fc.assert(
        fc.property(
          parameters,
          fc.constantFrom(...ARRAY_STYLES),
          fc.constantFrom(...OBJECT_STYLES),
          (list, array, object) => {
            const query = querySerializer({ array, object })(list);
            expect(query).toMatch(/^[A-Za-z0-9\-._~%=&,]*$/);
            expect([...new URLSearchParams(query)]).toEqual(
              list.flatMap(([name, value]) => expectedEntries(name, value, array, object)),
            );
          },
        ),
        { seed: 1303, numRuns: 400 },
      );
    });
  });
});
