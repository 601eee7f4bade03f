import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { endpoint, EndpointError } from "../lib/index.js";
import { thrown } from "./helpers/thrown.js";

// §3 of issue 14: one package, not two. The CommonJS and the ES module build each define an
// EndpointError class; an error of either must be `instanceof` both.
const root = join(__dirname, "..");

describe("EndpointError across the CommonJS and the ES module build, in one process", () => {
  it("is instanceof the class of either build, and subclasses keep their own check", () => {
    // `npm test` builds dist/ first.
    const output = execFileSync(process.execPath, [join(root, "spec/helpers/dual-package-errors.mjs")], {
      cwd: root,
      encoding: "utf8",
    });
    expect(JSON.parse(output)).toEqual({
      twoClasses: true,
      cjsErrorInstanceOfEsmClass: true,
      esmErrorInstanceOfCjsClass: true,
      cjsErrorInstanceOfCjsClass: true,
      esmErrorInstanceOfEsmClass: true,
      bothAreErrors: true,
      codes: ["ERR_MISSING_URL", "ERR_MISSING_URL"],
      subclassInstanceOfItsClass: true,
      subclassInstanceOfCjsClass: true,
      cjsErrorInstanceOfSubclass: false,
      esmErrorInstanceOfSubclass: false,
      plainObjectInstanceOfEither: false,
      plainErrorInstanceOfEither: false,
      ownEnumerableKeys: ["name", "code"],
    });
  });
});

describe("EndpointError instanceof (sources)", () => {
  class AppError extends EndpointError {}
  class OtherAppError extends EndpointError {}

  it("answers for instances and subclass instances, and for nothing else", () => {
    const error = thrown(() => endpoint({}));
    const appError = new AppError("ERR_INVALID_OPTIONS", "app");
    expect([
      error instanceof EndpointError,
      error instanceof Error,
      appError instanceof EndpointError,
      appError instanceof AppError,
      appError instanceof Error,
      error instanceof AppError,
      appError instanceof OtherAppError,
    ]).toEqual([true, true, true, true, true, false, false]);
  });

  it.each([
    null,
    undefined,
    0,
    "EndpointError",
    {},
    new Error("x"),
    Object.create(Error.prototype) as object,
  ])("is false for %p", (value) => {
    expect(value instanceof EndpointError).toBe(false);
  });

  it("recognises the brand of another copy of the class (Symbol.for)", () => {
    const foreign = Object.defineProperty(
      new Error("from another copy"),
      Symbol.for("service-endpoint.EndpointError"),
      {
        value: true,
      },
    );
    expect(foreign instanceof EndpointError).toBe(true);
    expect(foreign instanceof AppError).toBe(false);
  });

  it("keeps the brand out of keys, JSON and the message", () => {
    const error = new EndpointError("ERR_MISSING_URL", "no url");
    expect([Object.keys(error), JSON.stringify(error), error.message, error.name, error.code]).toEqual([
      ["name", "code"],
      '{"name":"EndpointError","code":"ERR_MISSING_URL"}',
      "no url",
      "EndpointError",
      "ERR_MISSING_URL",
    ]);
  });

  it("carries the brand on its prototype, read as true, never as a property of its own", () => {
    // A copy of the package reads `error[brand] === true`, whether it is of its own or inherited.
    const brand = Symbol.for("service-endpoint.EndpointError");
    const error = new EndpointError("ERR_MISSING_URL", "no url");
    expect([
      (error as unknown as Record<symbol, unknown>)[brand],
      Reflect.ownKeys(error).includes(brand),
    ]).toEqual([true, false]);
  });
});
