// Laws of the engine, checked on random inputs (fast-check, seeded: the same cases on every run).
import fc from "fast-check";
import { EndpointError } from "../lib/errors.js";
import { formQuery, parseTemplate } from "../lib/uri-template/index.js";
import { outcome } from "./helpers/thrown.js";

const settings = { seed: 42, numRuns: 300 };

/** Any Unicode text without lone surrogates, ASCII-heavy half of the time. */
const text = fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "binary-ascii" }));

const U_ONLY = /^([A-Za-z0-9\-._~]|%[0-9A-F]{2})*$/;
const U_OR_R = /^([A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

describe("properties", () => {
  it("{var} decodes back to the value and holds only unreserved characters and %XX", () => {
    const template = parseTemplate("{var}");
    fc.assert(
      fc.property(text, (value) => {
        const out = template.expand({ var: value });
        expect(out).toMatch(U_ONLY);
        expect(decodeURIComponent(out)).toBe(value);
      }),
      settings,
    );
  });

  it("{+var} holds only U+R characters and triplets, decodes back when the value has no %, and is idempotent", () => {
    const template = parseTemplate("{+var}");
    fc.assert(
      fc.property(text, (value) => {
        const out = template.expand({ var: value });
        expect(out).toMatch(U_OR_R);
        if (!value.includes("%")) expect(decodeURI(out)).toBe(value);
        expect(template.expand({ var: out })).toBe(out);
      }),
      settings,
    );
  });

  it("{var:n} is {var} of the first n code points", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 20 }), (value, n) => {
        const prefix = Array.from(value).slice(0, n).join("");
        expect(parseTemplate(`{var:${n}}`).expand({ var: value })).toBe(
          parseTemplate("{var}").expand({ var: prefix }),
        );
      }),
      settings,
    );
  });

  const varname = fc.stringMatching(/^[A-Za-z0-9_]{1,6}(\.[A-Za-z0-9_]{1,4})?$/);
  const value = fc.oneof(
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(undefined),
    fc.constant(null),
    fc.array(fc.option(text), { maxLength: 4 }),
    fc.dictionary(text, fc.option(text), { maxKeys: 4 }),
  );

  it("formQuery agrees with a parsed {?…} / {&…} template when names are varnames", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(varname, value), { selector: ([name]) => name, maxLength: 6 }),
        fc.boolean(),
        (entries, continuation) => {
          const expected =
            entries.length === 0
              ? ""
              : parseTemplate(
                  `{${continuation ? "&" : "?"}${entries.map(([name]) => name).join(",")}}`,
                ).expand(Object.fromEntries(entries));
          expect(formQuery(entries, continuation ? "&" : "?")).toBe(expected);
        },
      ),
      settings,
    );
  });

  it("formQuery agrees with the engine on scalars, errors included (its string and number path)", () => {
    const scalar = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom("", "a b", "é", "\uD800", "~", "%41", "1e+21"),
      fc.double(),
      fc.constantFrom(0, -0, 1e21, 1.5e-7, Number.NaN, Number.NEGATIVE_INFINITY),
      fc.constantFrom(true, 10n, new Date(0), Symbol.for("s")),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(varname, scalar), { selector: ([name]) => name, minLength: 1, maxLength: 4 }),
        (entries) => {
          const template = parseTemplate(`{?${entries.map(([name]) => name).join(",")}}`);
          expect(outcome(() => formQuery(entries, "?"))).toStrictEqual(
            outcome(() => template.expand(Object.fromEntries(entries))),
          );
        },
      ),
      settings,
    );
  });

  it("formQuery writes arbitrary names so that they decode back", () => {
    fc.assert(
      fc.property(text, text, (name, val) => {
        const out = formQuery([[name, val]], "?");
        const [encodedName, encodedValue] = out.slice(1).split("=");
        expect(decodeURIComponent(encodedName!)).toBe(name);
        expect(decodeURIComponent(encodedValue!)).toBe(val);
      }),
      settings,
    );
  });

  it("parseTemplate either compiles or throws ERR_INVALID_TEMPLATE, for any string", () => {
    const templateLike = fc.string({
      unit: fc.constantFrom(..."{}+#./;?&=,!@|:*%2Fa_b- é𝄞\u0000".split(/(?:)/u)),
      maxLength: 30,
    });
    fc.assert(
      fc.property(fc.oneof(templateLike, fc.string({ unit: "binary" })), (template) => {
        try {
          const compiled = parseTemplate(template);
          expect(compiled.expand({ a: "x", b: ["1", "2"] })).toMatch(U_OR_R);
        } catch (error) {
          expect(error).toBeInstanceOf(EndpointError);
          expect((error as EndpointError).code).toMatch(/^ERR_INVALID_(TEMPLATE|PARAMETER)$/);
        }
      }),
      { ...settings, numRuns: 1000 },
    );
  });
});
