// Objects that cannot be read — a revoked Proxy, a getter or a Proxy trap that throws — get an
// EndpointError from every public method of the builder, never a TypeError from inside; what an
// app's own method throws (a hook of a subclass, its constructor) reaches the caller unchanged.
import { EndpointBuilder, EndpointError, callable, endpoint, parseTemplate } from "../lib/index.js";
import type { EndpointOptions, QueryParameters } from "../lib/index.js";

const UNREADABLE = {
  code: "ERR_INVALID_OPTIONS",
  message: "Invalid options: they cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)",
};

function revoked(): EndpointOptions & Record<string, never> {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy as EndpointOptions & Record<string, never>;
}

/** The error `run` throws (it must throw). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("unreadable input is ERR_INVALID_OPTIONS, with what was thrown as its cause", () => {
  const failure = new Error("a getter of the app");
  const trap = new Proxy(
    {},
    {
      ownKeys() {
        throw failure;
      },
    },
  );
  const getter = {
    get owner(): string {
      throw failure;
    },
  };
  const merged = {
    method: "GET",
    url: "/repos/{owner}",
    get owner(): string {
      throw failure;
    },
  };

  it.each<[string, () => unknown, unknown]>([
    ["endpoint(): a revoked Proxy as options", () => endpoint("GET /x", revoked()), TypeError],
    ["endpoint(): a revoked Proxy as the route", () => endpoint(revoked() as EndpointOptions), TypeError],
    ["endpoint(): a revoked Proxy as a value", () => endpoint("GET /x/{a}", { a: revoked() }), TypeError],
    ["endpoint(): in a list value", () => endpoint("GET /x/{a}", { a: ["b", revoked()] }), TypeError],
    ["endpoint(): as a query value", () => endpoint("GET /x", { q: [revoked()] }), TypeError],
    ["endpoint(): as headers", () => endpoint("GET /x", { headers: revoked() }), TypeError],
    [
      "endpoint(): as mediaType",
      () => endpoint("GET /x", { mediaType: revoked() as { format?: string } }),
      TypeError,
    ],
    ["endpoint(): a getter that throws", () => endpoint("GET /repos/{owner}", getter), failure],
    ["endpoint(): an ownKeys trap that throws", () => endpoint("GET /x", trap), failure],
    ["merge()", () => endpoint.merge("GET /x", revoked()), TypeError],
    ["parse()", () => endpoint.parse(revoked() as EndpointOptions), TypeError],
    ["parse(): a getter that throws", () => endpoint.parse(merged), failure],
    [".defaults()", () => endpoint.defaults(revoked() as EndpointOptions), TypeError],
    ["new EndpointBuilder()", () => new EndpointBuilder(revoked() as EndpointOptions), TypeError],
  ])("%s", (_, run, cause) => {
    const error = thrown(run) as EndpointError & { cause?: unknown };
    expect(error).toBeInstanceOf(EndpointError);
    expect({ code: error.code, message: error.message }).toStrictEqual(UNREADABLE);
    if (cause === TypeError) expect(error.cause).toBeInstanceOf(TypeError);
    else expect(error.cause).toBe(cause);
  });

  it("the library's own serializeQuery(), called by an app or an override's super call", () => {
    // Found by review: the engine's TypeError went out through the app's method unchanged.
    const parameters: QueryParameters = [["ids", [revoked()]]];
    const direct = thrown(() =>
      new EndpointBuilder().serializeQuery(parameters, { method: "GET", url: "/x" }),
    );
    expect(direct).toBeInstanceOf(EndpointError);
    expect(direct).toMatchObject(UNREADABLE);
    expect((direct as EndpointError).cause).toBeInstanceOf(TypeError);
    class Suffixed extends EndpointBuilder {
      override serializeQuery(parameters: QueryParameters, context: { method: string; url: string }): string {
        return super.serializeQuery(parameters, context) + "&v=1";
      }
    }
    expect(thrown(() => new Suffixed().endpoint("GET /x", { ids: [revoked()] }))).toMatchObject(UNREADABLE);
    expect(new Suffixed().endpoint("GET /x", { ids: [1, 2] }).url).toBe(
      "https://api.service.example/x?ids=1,2&v=1",
    );
  });

  it("an EndpointError thrown while reading (a getter calling endpoint()) goes on unchanged", () => {
    let inner: unknown;
    const options = {
      get owner(): string {
        inner = thrown(() => endpoint("GET /x", { baseUrl: 1 } as unknown as EndpointOptions));
        throw inner;
      },
    };
    expect(thrown(() => endpoint("GET /repos/{owner}", options))).toBe(inner);
    expect(inner).toBeInstanceOf(EndpointError);
  });

  it("readable objects are not touched by the boundary", () => {
    expect(endpoint("GET /repos/{owner}", { owner: "o" }).url).toBe("https://api.service.example/repos/o");
  });

  it("a list's own properties that are not items are never read: a body sends its items only", () => {
    const items: unknown[] = [{ path: "a", line: 1 }];
    Object.defineProperty(items, "note", {
      enumerable: true,
      get(): never {
        throw failure;
      },
    });
    const { body } = endpoint("POST /x", { items, name: "n" }) as { body: { items: unknown } };
    expect(body.items).toBe(items);
    expect(JSON.stringify(body)).toBe('{"items":[{"path":"a","line":1}],"name":"n"}');
  });
});

describe("parseTemplate(t).expand(v): unreadable variables are ERR_INVALID_PARAMETER, with the cause", () => {
  const failure = new RangeError("a getter of the app");
  const template = parseTemplate("/x/{a}{?b*}");
  const message =
    'Invalid variables for URI template "/x/{a}{?b*}": they cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)';

  it.each<[string, () => unknown, unknown]>([
    ["a revoked Proxy as the variables", () => template.expand(revoked()), TypeError],
    ["a revoked Proxy as a value", () => template.expand({ a: revoked() }), TypeError],
    ["a revoked Proxy in a list", () => template.expand({ a: ["x", revoked()] }), TypeError],
    ["a revoked Proxy in an object", () => template.expand({ b: { k: revoked() } }), TypeError],
    [
      "a getter that throws",
      () =>
        template.expand({
          get a(): string {
            throw failure;
          },
        }),
      failure,
    ],
    [
      "an ownKeys trap that throws",
      () =>
        template.expand(
          new Proxy(
            {},
            {
              ownKeys() {
                throw failure;
              },
            },
          ),
        ),
      failure,
    ],
  ])("%s", (_, run, cause) => {
    const error = thrown(run) as EndpointError & { cause?: unknown };
    expect(error).toBeInstanceOf(EndpointError);
    expect({ code: error.code, message: error.message }).toStrictEqual({
      code: "ERR_INVALID_PARAMETER",
      message,
    });
    if (cause === TypeError) expect(error.cause).toBeInstanceOf(TypeError);
    else expect(error.cause).toBe(cause);
    // Not enumerable, as the cause of a built-in Error.
    expect(Object.keys(error)).not.toContain("cause");
  });

  it("the engine's own errors go on unchanged, without a cause", () => {
    const error = thrown(() => template.expand({ a: Symbol("s") })) as EndpointError;
    expect({ code: error.code, message: error.message }).toStrictEqual({
      code: "ERR_INVALID_PARAMETER",
      message: 'Invalid parameter "a": cannot expand a symbol in a URI template',
    });
    expect("cause" in error).toBe(false);
  });
});

describe("what an app's own method throws reaches the caller unchanged", () => {
  const failure = new RangeError("the app's own");

  it("allowsAbsoluteUrl() of a subclass", () => {
    class Strict extends EndpointBuilder {
      override allowsAbsoluteUrl(): boolean {
        throw failure;
      }
    }
    expect(thrown(() => callable(new Strict())("GET https://other.example/x"))).toBe(failure);
  });

  it("a TypeError thrown by the app's own method, which is a function, is the app's own too", () => {
    const typeError = new TypeError("the app's own TypeError");
    class Strict extends EndpointBuilder {
      override allowsAbsoluteUrl(): boolean {
        throw typeError;
      }
      override serializeQuery(): string {
        throw typeError;
      }
    }
    const strict = callable(new Strict());
    expect(thrown(() => strict("GET https://other.example/x"))).toBe(typeError);
    expect(thrown(() => strict("GET /x", { a: 1 }))).toBe(typeError);
  });

  it("a hook that no call can run (a class, a revoked Proxy) is ERR_INVALID_OPTIONS naming it, not the call's TypeError", () => {
    const { proxy, revoke } = Proxy.revocable(() => true, {});
    revoke();
    const cases: [unknown, string][] = [
      [class Query {}, "a class"],
      [class {}, "a class"],
      [class extends Object {}, "a class"],
      [proxy, "a Proxy that cannot be read"],
    ];
    for (const [hook, what] of cases) {
      class Careless extends EndpointBuilder {
        override allowsAbsoluteUrl = hook as (url: string) => boolean;
        override serializeQuery = hook as (parameters: QueryParameters) => string;
      }
      const careless = callable(new Careless());
      const absolute = thrown(() => careless("GET https://other.example/x")) as EndpointError;
      expect(absolute).toBeInstanceOf(EndpointError);
      expect([absolute.code, absolute.message]).toStrictEqual([
        "ERR_INVALID_OPTIONS",
        `Invalid allowsAbsoluteUrl of an instance of Careless: ${what}; an extension point must be a method (url) => boolean`,
      ]);
      // The call's TypeError is kept as the cause.
      expect(absolute.cause).toBeInstanceOf(TypeError);
      const query = thrown(() => careless("GET /x", { a: 1 })) as EndpointError;
      expect([query.code, query.message]).toStrictEqual([
        "ERR_INVALID_OPTIONS",
        `Invalid serializeQuery of an instance of Careless: ${what}; an extension point must be a method (parameters, context) => string`,
      ]);
    }
  });

  it("a method named `class` is a method: what it throws is the app's own", () => {
    const hooks = {
      class(): string {
        throw failure;
      },
    };
    class Named extends EndpointBuilder {
      override serializeQuery = hooks.class;
    }
    expect(thrown(() => callable(new Named())("GET /x", { a: 1 }))).toBe(failure);
  });

  it("serializeQuery() of a subclass, even a thrown string", () => {
    class Rails extends EndpointBuilder {
      override serializeQuery(parameters: QueryParameters): string {
        if (parameters.length > 1) throw failure;
        throw "not an Error";
      }
    }
    const rails = callable(new Rails());
    expect(thrown(() => rails("GET /x", { a: 1, b: 2 }))).toBe(failure);
    expect(thrown(() => rails("GET /x", { a: 1 }))).toBe("not an Error");
    expect(
      thrown(() => rails.parse({ method: "GET", baseUrl: "https://a.example", url: "/x", a: 1, b: 2 })),
    ).toBe(failure);
  });

  it("a subclass constructor, called by .defaults()", () => {
    class Picky extends EndpointBuilder {
      constructor(defaults?: EndpointOptions) {
        super(defaults);
        if (this.DEFAULTS.headers["x-team"] === undefined && defaults !== undefined) throw failure;
      }
    }
    expect(thrown(() => new Picky().defaults({ per_page: 1 }))).toBe(failure);
  });
});

// Found while merging the adapter fixes (2026-11-26): asking what a thrown value is can throw too.
describe("a thrown value that cannot be looked at, and a message about one", () => {
  const throwsRevoked = () => ({
    get a(): never {
      throw revoked();
    },
  });

  it("a getter that throws a revoked Proxy: an EndpointError from endpoint(), parse() and expand()", () => {
    // `instanceof HookFailure` at the builder's boundary asked the Proxy for its prototype.
    for (const run of [
      () => endpoint("GET /{a}", throwsRevoked()),
      () =>
        endpoint.parse(
          Object.defineProperties(
            { url: "/x", baseUrl: "https://api.example" },
            Object.getOwnPropertyDescriptors(throwsRevoked()),
          ),
        ),
    ]) {
      const error = thrown(run) as EndpointError;
      expect([error instanceof EndpointError, error.code, error.message]).toEqual([
        true,
        UNREADABLE.code,
        UNREADABLE.message,
      ]);
    }
    // expand()'s `instanceof EndpointError` read the Proxy's brand.
    const error = thrown(() => parseTemplate("/{a}").expand(throwsRevoked())) as EndpointError;
    expect([error.code, error.message]).toEqual([
      "ERR_INVALID_PARAMETER",
      'Invalid variables for URI template "/{a}": they cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)',
    ]);
  });

  it("`instanceof EndpointError` is false, never a TypeError, for a revoked Proxy", () => {
    expect(revoked() instanceof EndpointError).toBe(false);
  });

  it("parseTemplate() of a revoked Proxy is ERR_INVALID_TEMPLATE, described without reading it", () => {
    const error = thrown(() => parseTemplate(revoked() as unknown as string)) as EndpointError;
    expect([error.code, error.message]).toEqual([
      "ERR_INVALID_TEMPLATE",
      "Invalid URI template: expected a string, got an object that cannot be read (a revoked Proxy, or a Proxy trap that throws)",
    ]);
  });
});
