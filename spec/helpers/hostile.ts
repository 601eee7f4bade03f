// Hostile inputs and the invariants of issue 4, shared by the bounded property tests
// (spec/security.properties.spec.ts, against lib/) and the long fuzz run (scripts/fuzz.mjs,
// against the built dist/index.mjs). The library is passed in, never imported here.
import fc from "fast-check";
import type * as Library from "../../lib/index.js";

/** What the invariants need from the library: the sources or the built package. */
export type Lib = Pick<typeof Library, "EndpointBuilder" | "EndpointError" | "callable" | "endpoint">;

/** Every code of lib/errors.ts. An error with any other code (or no EndpointError) is a finding. */
export const ERROR_CODES: ReadonlySet<string> = new Set([
  "ERR_INVALID_OPTIONS",
  "ERR_INVALID_ROUTE",
  "ERR_INVALID_METHOD",
  "ERR_MISSING_URL",
  "ERR_INVALID_URL",
  "ERR_INVALID_BASE_URL",
  "ERR_ABSOLUTE_URL",
  "ERR_INVALID_TEMPLATE",
  "ERR_MISSING_PARAMETER",
  "ERR_INVALID_PARAMETER",
  "ERR_INVALID_HEADER",
  "ERR_INVALID_MEDIA_TYPE",
  "ERR_UNSUPPORTED_BODY",
]);

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

/** A class whose instances are not plain objects. */
export class Opaque {
  constructor(readonly label = "opaque") {}
}

/** An object with own keys set by defineProperty: an own `__proto__` stays a key, as JSON.parse makes it. */
export function own(
  entries: ReadonlyArray<readonly [string, unknown]>,
  nullPrototype = false,
): Record<string, unknown> {
  const target: Record<string, unknown> = nullPrototype
    ? (Object.create(null) as Record<string, unknown>)
    : {};
  for (const [key, value] of entries) {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return target;
}

const SPECIAL_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];

/** Single UTF-16 code units: lone surrogates, controls, Latin-1 and beyond. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const nastyChar = fc.constantFrom(
  "\r",
  "\n",
  "\r\n",
  "\0",
  "\t",
  " ",
  "\u000b",
  "\u007f",
  "\u0085",
  "\u00a0",
  "\u00ff",
  "\u0100",
  "\u2028",
  "\ud800",
  "\udc00",
  "\ud83d\ude00",
  "ä",
  "%",
  "%2",
  "%zz",
  "%0D%0A",
  "{",
  "}",
  ":",
  "/",
  "?",
  "#",
  "&",
  "=",
  "@",
  ",",
  ".",
  "..",
  "\\",
);

/** Hostile text: any code units, controls, lone surrogates, URL syntax, sometimes long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 8 }) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(nastyChar, fc.string({ maxLength: 4 })), { maxLength: 6 })
      .map((parts) => parts.join("")),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(nastyChar, fc.integer({ min: 100, max: 3000 })).map(([c, n]) => c.repeat(n)),
  },
);

/** Parameter names the url pieces below use. */
const PARAMETER_NAMES = ["owner", "repo", "id", "q", "page", "a", "list", "obj"] as const;

const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_KEYS) },
  // Every variable name of URL_PIECES, so that each operator gets values (an `{.ext}` without an
  // `ext` would never show what its own "." can make).
  {
    weight: 4,
    arbitrary: fc.constantFrom(...PARAMETER_NAMES, "b", "opt", "frag", "path", "ext", "m"),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("url", "method", "baseUrl", "headers", "mediaType", "data", "request"),
  },
  { weight: 2, arbitrary: hostileString },
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 0),
  fc.bigInt(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: false }),
  fc.constant(Symbol("hostile")),
  fc.constant(() => "function"),
  fc.constant(new Opaque()),
  fc.constant(new Map([["k", "v"]])),
  fc.constant(new Uint8Array([1, 2, 3])),
);

/** Any value, nested a little: arrays, plain and null-prototype objects with special own keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.array(fc.tuple(key, tie("value")), { maxLength: 4 }), fc.boolean())
        .map(([entries, nullPrototype]) => own(entries, nullPrototype)),
    },
    { weight: 1, arbitrary: hostileString.map((text) => parseJsonObject(text)) },
  ),
})).value;

/** JSON.parse makes own `__proto__` keys; this wraps text into such an object. */
function parseJsonObject(text: string): unknown {
  return JSON.parse(
    `{"__proto__": {"polluted": ${JSON.stringify(text)}}, "constructor": {"prototype": {"polluted": 1}}}`,
  );
}

const tokenMethod = fc.constantFrom(
  "GET",
  "get",
  "POST",
  "post",
  "PUT",
  "PATCH",
  "DELETE",
  "HEAD",
  "head",
  "OPTIONS",
  "PROPFIND",
  "M-SEARCH",
);
const method = fc.oneof(
  { weight: 6, arbitrary: tokenMethod },
  { weight: 2, arbitrary: fc.constantFrom("GE T", "GET\r\n", "", " GET", "GET\0", "GÉT", "get/") },
  { weight: 1, arbitrary: hostileString },
  { weight: 1, arbitrary: scalar },
);

/** Well-formed url pieces: paths, both placeholder forms, every operator, prototype-named variables. */
const URL_PIECES = [
  "/",
  "/repos",
  "/{owner}",
  "/{repo}",
  "/:id",
  "/:owner",
  "/:__proto__",
  "{/opt}",
  "{/list*}",
  "{?q,page}",
  "{?obj*}",
  "{&a}",
  "{#frag}",
  "{+path}",
  "{.ext}",
  "{;m}",
  "{a*}",
  "{a:3}",
  "{constructor}",
  "{__proto__}",
] as const;

const templatePiece = fc.constantFrom(
  ...URL_PIECES,
  "{toString}",
  "{prototype}",
  "https://user:pass@host.example",
  "http://h.example:8080",
  "https://api.service.example",
  "//",
  "?",
  "?x=1",
  "#",
  "%20",
  "%",
  "{",
  "}",
  "{}",
  "{=a}",
  "{a",
  "ä",
  "\u0000",
  " ",
  "\r\n",
  ":8080",
  "@",
  "..",
  "/:",
  "{a,",
);

/** Url templates: RFC 6570 and `:name` pieces, valid and broken, joined at random. */
export const hostileUrl: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.array(templatePiece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join("")),
  },
  { weight: 1, arbitrary: hostileString },
);

const route: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(tokenMethod, hostileUrl).map(([m, u]) => `${m} ${u}`) },
  { weight: 2, arbitrary: hostileUrl },
  {
    weight: 1,
    arbitrary: fc
      .tuple(method, fc.constantFrom(" ", "  ", "\t", "\n"), hostileUrl)
      .map(([m, s, u]) => `${String(m)}${s}${u}`),
  },
  { weight: 1, arbitrary: hostileString },
  { weight: 1, arbitrary: scalar },
);

const headerName = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "accept",
      "Accept",
      "USER-AGENT",
      "authorization",
      "Content-Type",
      "content-length",
      "x-a",
      "X_B",
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "toString") },
  { weight: 1, arbitrary: fc.constantFrom("bad name", "bad:name", "", "ä", "x\r\n") },
  { weight: 1, arbitrary: hostileString },
);
const headerValue = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "token secret",
      "  padded  ",
      "a\r\nx-injected: 1",
      "a\nb",
      "a\0b",
      "\t",
      "application/vnd.service.v3+json",
      "application/vnd.acme.v2.raw+json,application/vnd.acme.squirrel-preview+json",
      "application/octet-stream",
    ),
  },
  { weight: 2, arbitrary: scalar },
);
const headers: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.array(fc.tuple(headerName, headerValue), { maxLength: 4 }), fc.boolean())
      .map(([entries, nullPrototype]) => own(entries, nullPrototype)),
  },
  {
    weight: 1,
    arbitrary: hostileString.map((text) => JSON.parse(`{"__proto__": ${JSON.stringify(text)}, "X-Id": "1"}`)),
  },
  { weight: 1, arbitrary: scalar },
);

const previewName = fc.oneof(
  fc.constantFrom("squirrel-girl", "jean-grey-preview", "a_b", "x"),
  hostileString,
  scalar,
);
const mediaType: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        format: fc.oneof(fc.constantFrom("raw", "diff", "text+json", "", "a.b"), hostileString, scalar),
        previews: fc.oneof(fc.array(previewName, { maxLength: 3 }), scalar),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.tuple(key, hostileValue).map(([k, v]) => own([[k, v]])) },
  { weight: 1, arbitrary: scalar },
);

const baseUrl = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "https://api.example",
      "http://localhost:3000/",
      "https://a.example/v3/",
      "https://user:pass@host.example",
      "https://[::1]:8080",
      "HTTPS://UPPER.EXAMPLE",
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "ftp://x.example",
      "/relative",
      "https://a b.example",
      "https://a.example?x=1",
      "https://a.example#f",
      "https://ä.example",
      "https://a.example:99999",
      "javascript:alert(1)",
      "",
    ),
  },
  { weight: 1, arbitrary: hostileString },
  { weight: 1, arbitrary: scalar },
);

/** A whole options object: the named options (maybe hostile) and hostile parameters. */
export const hostileOptions: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(
        fc.record(
          {
            method,
            url: fc.oneof(hostileUrl, scalar),
            baseUrl,
            headers,
            mediaType,
            data: hostileValue,
            request: hostileValue,
          },
          { requiredKeys: [] },
        ),
        fc.array(fc.tuple(key, hostileValue), { maxLength: 5 }),
        fc.boolean(),
      )
      .map(([named, parameters, nullPrototype]) =>
        own([...Object.entries(named), ...parameters], nullPrototype),
      ),
  },
  { weight: 1, arbitrary: hostileString.map((text) => parseJsonObject(text)) },
  { weight: 1, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(hostileValue, { maxLength: 2 }) },
);

/** Mostly `valid`, one time in 26 `hostile`: so that a case gets past validation and its result is checked. */
function mostly<T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ weight: 25, arbitrary: valid }, { weight: 1, arbitrary: hostile });
}

/** Parameter names: placeholders of the templates, special keys, hostile text; no named option. */
const parameterKey = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom("owner", "repo", "id", "q", "page", "a", "list", "obj", "next", "path", "opt"),
  },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_KEYS) },
  { weight: 1, arbitrary: hostileString },
);

const gentleUrl = fc
  .tuple(
    fc.constantFrom("", "", "", "", "https://user:pass@host.example", "http://h.example:8080", "{+next}"),
    fc.array(fc.constantFrom(...URL_PIECES, "{prototype}", "?x=1", "ä", "%20", "..", "@", ":8080"), {
      minLength: 1,
      maxLength: 5,
    }),
  )
  .map(([start, parts]) => start + parts.join(""));

const gentleValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
  fc.bigInt({ min: -99n, max: 99n }),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc
    .array(fc.tuple(fc.constantFrom("k", "x", "__proto__", "constructor"), fc.string({ maxLength: 4 })), {
      maxLength: 3,
    })
    .map((entries) => own(entries)),
);

const gentleHeaders = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        "Accept",
        "x-a",
        "authorization",
        "User-Agent",
        "content-type",
        "__proto__",
        "constructor",
      ),
      fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 1e6 }), fc.constant(undefined)),
    ),
    { maxLength: 3 },
  )
  .map((entries) => own(entries));

const gentleMediaType = fc.record(
  {
    format: fc.constantFrom("raw", "diff", "text+json", ""),
    previews: fc.array(fc.constantFrom("squirrel-girl", "jean-grey-preview", "x"), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);

const gentleBaseUrl = fc.constantFrom(
  "https://api.example",
  "http://localhost:3000/",
  "https://a.example/v3/",
  "https://user:pass@host.example",
  "https://[::1]:8080",
  // Path bases (issue 13 §3): below "/", a path that starts with "//" would name a host.
  "/",
  "/api",
);

/** Options that mostly pass validation, with hostile named options and parameters here and there. */
const gentleOptions: fc.Arbitrary<unknown> = fc
  .tuple(
    fc.record(
      {
        method: mostly(tokenMethod, method),
        url: mostly(gentleUrl, fc.oneof(hostileUrl, scalar)),
        baseUrl: mostly(gentleBaseUrl, baseUrl),
        headers: mostly(gentleHeaders, headers),
        mediaType: mostly(gentleMediaType, mediaType),
        data: hostileValue,
        request: mostly(fc.constant({ timeout: 1 }), hostileValue),
      },
      { requiredKeys: [] },
    ),
    fc.array(fc.tuple(parameterKey, mostly(gentleValue, hostileValue)), { maxLength: 5 }),
  )
  .map(([named, parameters]) => {
    // A body for GET is an error: give data only sometimes, so GET cases get through.
    const entries = Object.entries(named).filter(([name]) => name !== "data" || parameters.length % 3 === 0);
    return own([...entries, ...parameters]);
  });

/** Values for the placeholders of `gentleUrl`, so that most cases are not a missing parameter. */
const placeholderValues = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        "owner",
        "repo",
        "id",
        "a",
        "path",
        "next",
        "constructor",
        "__proto__",
        "prototype",
        "m",
      ),
      fc.oneof({ weight: 8, arbitrary: fc.string({ maxLength: 6 }) }, { weight: 1, arbitrary: gentleValue }),
    ),
    { minLength: 6, maxLength: 10 },
  )
  .map((entries) => own(entries));

const gentleCallOptions: fc.Arbitrary<unknown> = fc
  .tuple(placeholderValues, gentleOptions)
  .map(([values, options]) =>
    own([
      ...Object.entries(values),
      ...Object.keys(options as object).map((name): [string, unknown] => [
        name,
        (options as Record<string, unknown>)[name],
      ]),
    ]),
  );

const gentleRoute: fc.Arbitrary<unknown> = mostly(
  fc.oneof(
    fc.tuple(tokenMethod, gentleUrl).map(([m, u]) => `${m} ${u}`),
    gentleUrl,
  ),
  route,
);

/** One generated case: layers of defaults, then a call with a route and/or options. */
export interface HostileCase {
  layers: unknown[];
  route: unknown;
  options: unknown;
}

export const hostileCase: fc.Arbitrary<HostileCase> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      layers: fc.array(hostileOptions, { maxLength: 2 }),
      route: fc.option(route, { nil: undefined, freq: 3 }),
      options: fc.option(hostileOptions, { nil: undefined, freq: 4 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({
        layers: fc.array(mostly(gentleOptions, hostileOptions), { maxLength: 2 }),
        route: fc.option(gentleRoute, { nil: undefined, freq: 3 }),
        options: fc.option(gentleCallOptions, { nil: undefined, freq: 6 }),
      })
      .map((testCase) => {
        // A route and options.url (or method) that disagree are an error: mostly give one.
        const { route: givenRoute, options } = testCase;
        if (givenRoute === undefined || !isPlain(options) || typeof givenRoute !== "string") return testCase;
        const kept = Object.keys(options).filter((name) => name !== "url" && name !== "method");
        const entries = kept.map((name): [string, unknown] => [
          name,
          (options as Record<string, unknown>)[name],
        ]);
        return { ...testCase, options: own(entries) };
      }),
  },
);

/** Cases that mostly succeed: valid templates and values, so the laws are checked on real output. */
export const validCase: fc.Arbitrary<HostileCase> = (() => {
  const name = fc.constantFrom(...PARAMETER_NAMES, "constructor", "__proto__");
  const text = fc.string({ maxLength: 8 });
  const value = fc.oneof(
    text,
    fc.integer(),
    fc.boolean(),
    fc.bigInt({ min: -1000n, max: 1000n }),
    fc.date({ noInvalidDate: true }),
    fc.array(text, { maxLength: 3 }),
    fc
      .array(fc.tuple(fc.constantFrom("k", "__proto__", "constructor"), text), { maxLength: 3 })
      .map((entries) => own(entries)),
  );
  const url = fc
    .array(
      fc.constantFrom("/repos", "/{owner}", "/:id", "{/list*}", "{?q,page}", "{/opt}", "/x{.a}", "{#frag}"),
      { minLength: 1, maxLength: 4 },
    )
    .map((parts) => parts.join(""));
  const options = fc
    .tuple(
      fc.record(
        {
          method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "options"),
          url,
          headers: fc
            .array(
              fc.tuple(
                fc.constantFrom("Accept", "x-a", "authorization", "__proto__", "constructor"),
                // Field-value characters only (RFC 9110 §5.5): these cases are meant to pass.
                text.filter((t) =>
                  [...t].every((c) => c === "\t" || (c >= " " && c !== "\u007f" && c <= "\u00ff")),
                ),
              ),
              { maxLength: 3 },
            )
            .map((entries) => own(entries)),
          mediaType: fc.record(
            {
              format: fc.constantFrom("raw", "diff", ""),
              previews: fc.array(fc.constantFrom("squirrel-girl", "x-preview", "y"), { maxLength: 2 }),
            },
            { requiredKeys: [] },
          ),
          request: fc.constant({ timeout: 5 }),
        },
        { requiredKeys: ["url"] },
      ),
      fc.array(fc.tuple(name, value), { maxLength: 4 }),
    )
    .map(([named, parameters]) => own([...Object.entries(named), ...parameters]));
  const layer = fc.array(fc.tuple(name, value), { maxLength: 3 }).map((entries) => own(entries));
  return fc.record({ layers: fc.array(layer, { maxLength: 2 }), route: fc.constant(undefined), options });
})();

// ---------------------------------------------------------------------------------------------
// Invariants
// ---------------------------------------------------------------------------------------------

/** A finding: an invariant of issue 4 that does not hold. */
export class Violation extends Error {
  override name = "Violation";
}

function fail(message: string): never {
  throw new Violation(message);
}

/**
 * A text fingerprint of everything reachable from `root`: own keys (symbols too), descriptors,
 * prototypes by identity, frozen and extensible flags, a Date's time. Equal before and after an
 * operation means nothing was mutated, frozen or re-prototyped.
 */
export function fingerprint(root: unknown): string {
  const ids = new Map<unknown, number>();
  const idOf = (thing: unknown): number => {
    let id = ids.get(thing);
    if (id === undefined) ids.set(thing, (id = ids.size));
    return id;
  };
  const seen = new Set<object>();
  const out: string[] = [];
  const walk = (value: unknown): void => {
    switch (typeof value) {
      case "string":
        out.push(JSON.stringify(value));
        return;
      case "number":
        out.push(Object.is(value, -0) ? "-0" : String(value));
        return;
      case "bigint":
        out.push(`${value}n`);
        return;
      case "boolean":
      case "undefined":
        out.push(String(value));
        return;
      case "symbol":
        out.push(`symbol#${idOf(value)}`);
        return;
    }
    if (value === null) {
      out.push("null");
      return;
    }
    const object = value as object;
    if (seen.has(object)) {
      out.push(`ref#${idOf(object)}`);
      return;
    }
    seen.add(object);
    out.push(`{#${idOf(object)} proto#${idOf(Object.getPrototypeOf(object))}`);
    out.push(Object.isFrozen(object) ? " frozen" : "", Object.isExtensible(object) ? " extensible" : "");
    if (object instanceof Date) out.push(` time=${Date.prototype.getTime.call(object)}`);
    if (object instanceof Map) out.push(` map=${object.size}`);
    if (ArrayBuffer.isView(object)) out.push(` bytes=${Array.from(new Uint8Array(object.buffer)).join(",")}`);
    for (const name of Reflect.ownKeys(object)) {
      const descriptor = Object.getOwnPropertyDescriptor(object, name)!;
      out.push(` ${typeof name === "symbol" ? `symbol#${idOf(name)}` : JSON.stringify(name)}:`);
      out.push(
        descriptor.enumerable ? "e" : "",
        descriptor.writable ? "w" : "",
        descriptor.configurable ? "c" : "",
      );
      if ("value" in descriptor) walk(descriptor.value);
      else out.push("accessor");
    }
    out.push("}");
  };
  walk(root);
  return out.join("");
}

const PROTOTYPES: ReadonlyArray<readonly [string, object]> = [
  ["Object.prototype", Object.prototype],
  ["Array.prototype", Array.prototype],
  ["Function.prototype", Function.prototype],
  ["String.prototype", String.prototype],
];

/** Own keys of the built-in prototypes, to compare after a case (prototype pollution). */
export function prototypeKeys(): string {
  return PROTOTYPES.map(([label, proto]) => `${label}:${Reflect.ownKeys(proto).map(String).join(",")}`).join(
    ";",
  );
}

/** RFC 9110 tchar, lowercase letters only. */
function isLowercaseToken(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const ok =
      (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || "!#$%&'*+-.^_`|~".includes(text.charAt(i));
    if (!ok) return false;
  }
  return true;
}

/** A plain object: its prototype is Object.prototype or null. */
export function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

type Outcome = { ok: true; value: unknown } | { ok: false; code: string; message: string };

/** Runs `operation`: a value, or an EndpointError with a known code. Anything else is a finding. */
export function attempt(lib: Lib, label: string, operation: () => unknown): Outcome {
  try {
    return { ok: true, value: operation() };
  } catch (error) {
    if (!(error instanceof lib.EndpointError)) {
      fail(
        `${label} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}, not an EndpointError`,
      );
    }
    // The builder turns what reading an unreadable object throws into an EndpointError with the
    // original as its cause. These cases hold nothing unreadable: a cause is an error of the
    // library itself that the boundary would otherwise hide.
    if ("cause" in error) fail(`${label} threw ${error.code} caused by ${String(error.cause)}`);
    if (!ERROR_CODES.has(error.code)) fail(`${label} threw unknown code ${String(error.code)}`);
    if (typeof error.message !== "string" || error.message === "")
      fail(`${label} threw ${error.code} without a message`);
    return { ok: false, code: error.code, message: error.message };
  }
}

const OUTPUT_KEYS = new Set(["method", "url", "headers", "body", "request"]);
/** The page an origin-relative url is resolved against. */
const PAGE = "https://page.example";

/** Issue 4, point 2: request options as a client can send them. */
export function assertWellFormed(
  options: unknown,
  baseUrl: unknown,
  urlTemplate: unknown,
  label: string,
): void {
  if (!isPlain(options) || Object.getPrototypeOf(options) !== Object.prototype)
    fail(`${label}: not an ordinary object`);
  for (const name of Reflect.ownKeys(options)) {
    if (typeof name !== "string" || !OUTPUT_KEYS.has(name)) fail(`${label}: unexpected key ${String(name)}`);
  }
  const { method, url, headers } = options;
  if (typeof method !== "string" || !isLowercaseToken(method))
    fail(`${label}: method ${JSON.stringify(method)} is not a lowercase token`);
  if (typeof url !== "string") fail(`${label}: url is not a string`);
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f)
      fail(`${label}: url ${JSON.stringify(url)} holds U+${c.toString(16)} at ${i}`);
  }
  // An origin-relative url (a path baseUrl, issue 13 §3) is resolved as a page would resolve it.
  const relative = url.startsWith("/") && !url.startsWith("//");
  let parsed: URL;
  try {
    parsed = new URL(url, relative ? PAGE : undefined);
  } catch {
    fail(`${label}: url ${JSON.stringify(url)} does not parse with new URL()`);
  }
  // Issue 11 §1: no "." or ".." segment that a client would resolve away — the path a client
  // sends has as many segments as the url's own path.
  const afterAuthority = relative ? url : url.slice(url.indexOf("://") + 3).replace(/^[^/?#]*/, "");
  const ownPath = afterAuthority.split(/[?#]/)[0] || "/";
  if (parsed.pathname.split("/").length !== ownPath.split("/").length)
    fail(`${label}: url ${JSON.stringify(url)} is sent with the path ${JSON.stringify(parsed.pathname)}`);
  // A path never leaves baseUrl's origin: only a template that starts with a scheme or an
  // expression ("{+next}") may name another host.
  if (
    typeof urlTemplate === "string" &&
    typeof baseUrl === "string" &&
    !/^[A-Za-z][A-Za-z0-9+.-]*:|^\{/.test(urlTemplate)
  ) {
    if (parsed.origin !== new URL(baseUrl, PAGE).origin)
      fail(`${label}: path ${JSON.stringify(urlTemplate)} left baseUrl ${baseUrl} for ${url}`);
  }
  if (!isPlain(headers) || Object.getPrototypeOf(headers) !== Object.prototype)
    fail(`${label}: headers is not an ordinary object`);
  for (const name of Reflect.ownKeys(headers)) {
    if (typeof name !== "string" || !isLowercaseToken(name))
      fail(`${label}: header name ${String(name)} is not a lowercase token`);
    const value = headers[name];
    if (typeof value === "number") {
      if (!Number.isFinite(value)) fail(`${label}: header ${name} is ${value}`);
    } else if (typeof value === "string") {
      if (/[\r\n\0]/.test(value))
        fail(`${label}: header ${name} holds CR, LF or NUL: ${JSON.stringify(value)}`);
      // Leading and trailing spaces and tabs pass through unchanged (CONTRACT.md): no trimming check.
    } else {
      fail(`${label}: header ${name} is ${typeof value}`);
    }
  }
  if ((method === "get" || method === "head") && "body" in options) fail(`${label}: ${method} has a body`);
  if ("body" in options && !["post", "put", "patch", "delete"].includes(method))
    fail(`${label}: ${method} has a body`);
}

/** Issue 4, point 3: every nested plain object and array of a DEFAULTS snapshot is frozen. */
export function assertDeepFrozen(value: unknown, path: string, seen = new Set<unknown>()): void {
  if (value === null || typeof value !== "object" || seen.has(value)) return;
  seen.add(value);
  if (!Array.isArray(value) && !isPlain(value)) return;
  if (!Object.isFrozen(value)) fail(`DEFAULTS${path} is not frozen`);
  for (const name of Object.keys(value))
    assertDeepFrozen((value as Record<string, unknown>)[name], `${path}.${name}`, seen);
}

/** Every object reachable from `root` (plain objects, arrays, anything else too). */
function reachable(root: unknown, into = new Set<object>()): Set<object> {
  if (root === null || (typeof root !== "object" && typeof root !== "function") || into.has(root))
    return into;
  into.add(root);
  if (Array.isArray(root) || isPlain(root)) {
    for (const name of Object.keys(root)) reachable((root as Record<string, unknown>)[name], into);
  }
  return into;
}

/**
 * Issue 4, point 3: what merge() and endpoint() return shares nothing mutable with the builder.
 * Every mutable object reachable from `output` that the builder's DEFAULTS also reach must be
 * the caller's own (passed by reference, as `data`, `request` and class instances are).
 */
function assertSharesNothing(
  output: unknown,
  defaults: unknown,
  callerObjects: Set<object>,
  label: string,
): void {
  const fromDefaults = reachable(defaults);
  for (const object of reachable(output)) {
    if (fromDefaults.has(object) && !Object.isFrozen(object) && !callerObjects.has(object)) {
      fail(`${label} shares a mutable ${Array.isArray(object) ? "array" : "object"} with DEFAULTS`);
    }
  }
}

/** Adds a key to every mutable plain object and array the caller did not pass (theirs is theirs). */
function scribble(root: unknown, callerObjects: Set<object>): void {
  for (const object of reachable(root)) {
    if (callerObjects.has(object) || Object.isFrozen(object)) continue;
    if (Array.isArray(object)) object.push("scribbled");
    else if (isPlain(object))
      Object.defineProperty(object, "scribbled", {
        value: "x",
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
}

function sameOutcome(a: Outcome, b: Outcome, label: string): void {
  if (a.ok !== b.ok)
    fail(
      `${label}: ${a.ok ? "a result" : (a as { code: string }).code} vs ${b.ok ? "a result" : (b as { code: string }).code}`,
    );
  if (!a.ok && !b.ok) {
    if (a.code !== b.code || a.message !== b.message)
      fail(`${label}: ${a.code} ${a.message} vs ${b.code} ${b.message}`);
    return;
  }
  const left = fingerprintValue((a as { value: unknown }).value);
  const right = fingerprintValue((b as { value: unknown }).value);
  if (left !== right) fail(`${label}: results differ\n${left}\n${right}`);
}

/** A structural fingerprint without object identities or frozen flags, for deep equality. */
function fingerprintValue(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => {
    if (typeof member === "bigint") return `${member}n`;
    if (typeof member === "symbol") return "symbol";
    if (typeof member === "function") return "function";
    if (typeof member === "number" && !Number.isFinite(member)) return String(member);
    if (member instanceof Map || ArrayBuffer.isView(member)) return fingerprint(member).replace(/#\d+/g, "");
    if (
      member !== null &&
      typeof member === "object" &&
      !Array.isArray(member) &&
      !isPlain(member) &&
      !(member instanceof Date)
    ) {
      return `instance ${String((Object.getPrototypeOf(member) as { constructor?: { name?: string } }).constructor?.name)}`;
    }
    if (isPlain(member)) {
      // Own "__proto__" keys survive JSON.stringify only as entries.
      return Object.keys(member).map((name) => [name, member[name]]);
    }
    return member;
  });
}

/** Which default headers must survive a call that sets `callHeaders` (issue 4, point 4). */
function survivingDefaultHeaders(defaults: unknown, callHeaders: unknown): string[] {
  const defaultHeaders = (defaults as { headers?: Record<string, unknown> }).headers ?? {};
  const overridden = new Set(
    isPlain(callHeaders) ? Object.keys(callHeaders).map((name) => name.toLowerCase()) : [],
  );
  return Object.keys(defaultHeaders).filter((name) => !overridden.has(name));
}

/**
 * Runs one case through every operation and checks issue 4, points 1–4, and the law
 * `endpoint(x)` = `parse(merge(x))`. Throws a `Violation` naming the first broken invariant.
 * Returns a short label of the outcome (for statistics).
 */
export function checkCase(lib: Lib, testCase: HostileCase): string {
  const { route, options } = testCase;
  const inputs = [testCase.layers, route, options];
  const before = fingerprint(inputs);
  const callerObjects = reachable(inputs);
  const protoBefore = prototypeKeys();

  // The constructor skips an undefined layer (a subclass passes its optional argument on);
  // .defaults(undefined) is an error. Otherwise the two mean the same thing.
  if (testCase.layers.includes(undefined)) {
    const outcome = attempt(lib, "defaults(undefined)", () => lib.endpoint.defaults(undefined as never));
    if (outcome.ok || outcome.code !== "ERR_INVALID_OPTIONS")
      fail("defaults(undefined) is not ERR_INVALID_OPTIONS");
  }
  const layers = testCase.layers.filter((layer) => layer !== undefined);
  const chained = attempt(lib, "defaults()", () =>
    layers.reduce<ReturnType<typeof lib.callable>>(
      (fn, layer) => fn.defaults(layer as Library.EndpointOptions),
      lib.callable(new lib.EndpointBuilder()),
    ),
  );
  const constructed = attempt(
    lib,
    "new EndpointBuilder()",
    () => new lib.EndpointBuilder(...(layers as Library.EndpointOptions[])),
  );
  if (chained.ok !== constructed.ok) fail("defaults() chain and constructor disagree on success");
  if (!chained.ok || !constructed.ok) {
    sameOutcome(chained, constructed, "defaults() chain vs constructor");
    finish(inputs, before, protoBefore);
    return `defaults:${(chained as { code: string }).code}`;
  }
  const fn = chained.value as Library.EndpointInterface;
  const builder = constructed.value as Library.EndpointBuilder;
  sameOutcome(
    { ok: true, value: fn.DEFAULTS },
    { ok: true, value: builder.DEFAULTS },
    "DEFAULTS of chain vs constructor",
  );
  // The fingerprint of the inputs (checked last) holds their frozen flags: defaults() froze none.
  assertDeepFrozen(fn.DEFAULTS, "");

  const args = route === undefined ? [options] : [route, options];
  const call = (operation: (...a: unknown[]) => unknown) => () => operation(...args);
  const direct = attempt(lib, "endpoint()", call(fn as (...a: unknown[]) => unknown));
  const merged = attempt(lib, "merge()", call(fn.merge as (...a: unknown[]) => unknown));
  const viaBuilder = attempt(
    lib,
    "builder.endpoint()",
    call(builder.endpoint.bind(builder) as (...a: unknown[]) => unknown),
  );
  sameOutcome(direct, viaBuilder, "callable vs builder");

  let label: string;
  if (!merged.ok) {
    if (direct.ok || direct.code !== merged.code || direct.message !== merged.message) {
      fail(`merge() threw ${merged.code} but endpoint() ${direct.ok ? "succeeded" : `threw ${direct.code}`}`);
    }
    label = `merge:${merged.code}`;
  } else {
    const mergedOptions = merged.value as Record<string, unknown>;
    if (!isPlain(mergedOptions) || Object.getPrototypeOf(mergedOptions) !== Object.prototype)
      fail("merge() output is not an ordinary object");
    for (const name of ["method", "baseUrl", "headers", "mediaType"])
      if (!(name in mergedOptions)) fail(`merge() output has no ${name}`);
    if (Object.getPrototypeOf(mergedOptions.headers) !== Object.prototype)
      fail("merge().headers is not an ordinary object");
    if (Object.getPrototypeOf(mergedOptions.mediaType) !== Object.prototype)
      fail("merge().mediaType is not an ordinary object");
    assertSharesNothing(mergedOptions, fn.DEFAULTS, callerObjects, "merge()");
    // An own "__proto__" (or any) header never drops the default headers.
    const callHeaders = isPlain(options) ? options.headers : undefined;
    for (const name of survivingDefaultHeaders(fn.DEFAULTS, callHeaders)) {
      if (!Object.prototype.hasOwnProperty.call(mergedOptions.headers, name))
        fail(`merge() dropped default header ${name}`);
    }
    const mergedBefore = fingerprint(mergedOptions);
    const parsed = attempt(lib, "parse(merge())", () => fn.parse(mergedOptions as Library.ParseInput));
    if (fingerprint(mergedOptions) !== mergedBefore) fail("parse() mutated its input");
    sameOutcome(direct, parsed, "endpoint(x) vs parse(merge(x))");
    if (direct.ok) {
      const result = direct.value as Record<string, unknown>;
      assertWellFormed(result, mergedOptions.baseUrl, mergedOptions.url, "endpoint()");
      for (const name of survivingDefaultHeaders(fn.DEFAULTS, callHeaders)) {
        if (!Object.prototype.hasOwnProperty.call(result.headers, name))
          fail(`endpoint() dropped default header ${name}`);
      }
      // `request` is returned as passed in: by reference when only the call sets it.
      if (fingerprintValue(result.request) !== fingerprintValue(mergedOptions.request))
        fail("request changed");
      const callRequest = isPlain(options) ? options.request : undefined;
      if (callRequest !== undefined && (fn.DEFAULTS as { request?: unknown }).request === undefined) {
        if (result.request !== callRequest) fail("request is not passed through by reference");
      }
      assertSharesNothing(result, fn.DEFAULTS, callerObjects, "endpoint()");
      // A body built from parameters is an ordinary object, even with an own "__proto__" key.
      if ("body" in result && mergedOptions.data === undefined) {
        if (Object.getPrototypeOf(result.body) !== Object.prototype)
          fail("the built body has another prototype");
      }
      label = `ok:${String(result.method)}`;
    } else {
      label = `parse:${direct.code}`;
    }
    // Changing what merge() and endpoint() returned never changes a later call.
    const expected = direct.ok ? fingerprintValue(direct.value) : "";
    scribble(mergedOptions, callerObjects);
    if (direct.ok) scribble(direct.value, callerObjects);
    const again = attempt(lib, "endpoint() again", call(fn as (...a: unknown[]) => unknown));
    if (again.ok && fingerprintValue(again.value) !== expected) {
      fail(
        `endpoint() after scribbling on earlier results: results differ\n${expected}\n${fingerprintValue(again.value)}`,
      );
    }
    if (!direct.ok || !again.ok) sameOutcome(direct, again, "endpoint() after scribbling on earlier results");
  }
  finish(inputs, before, protoBefore);
  return label;
}

function finish(inputs: unknown, before: string, protoBefore: string): void {
  if (fingerprint(inputs) !== before) fail("an input was mutated");
  if (prototypeKeys() !== protoBefore) fail(`a built-in prototype changed: ${prototypeKeys()}`);
  if (({} as Record<string, unknown>).polluted !== undefined) fail("Object.prototype.polluted is set");
}
