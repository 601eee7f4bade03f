// Loads both builds of the package in one process, as an app whose dependencies mix `require`
// and `import` does, and prints as JSON how `instanceof` answers across them.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const cjs = require("../../dist/index.cjs");
const esm = await import("../../dist/index.mjs");

/** The EndpointError a build throws for options without a url. */
function thrownBy(lib) {
  try {
    lib.endpoint({});
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

const fromCjs = thrownBy(cjs);
const fromEsm = thrownBy(esm);
class AppError extends esm.EndpointError {}
const appError = new AppError("ERR_INVALID_OPTIONS", "app");

console.log(
  JSON.stringify({
    twoClasses: cjs.EndpointError !== esm.EndpointError,
    cjsErrorInstanceOfEsmClass: fromCjs instanceof esm.EndpointError,
    esmErrorInstanceOfCjsClass: fromEsm instanceof cjs.EndpointError,
    cjsErrorInstanceOfCjsClass: fromCjs instanceof cjs.EndpointError,
    esmErrorInstanceOfEsmClass: fromEsm instanceof esm.EndpointError,
    bothAreErrors: fromCjs instanceof Error && fromEsm instanceof Error,
    codes: [fromCjs.code, fromEsm.code],
    subclassInstanceOfItsClass: appError instanceof AppError,
    subclassInstanceOfCjsClass: appError instanceof cjs.EndpointError,
    cjsErrorInstanceOfSubclass: fromCjs instanceof AppError,
    esmErrorInstanceOfSubclass: fromEsm instanceof AppError,
    plainObjectInstanceOfEither: {} instanceof cjs.EndpointError || {} instanceof esm.EndpointError,
    plainErrorInstanceOfEither:
      new Error("x") instanceof cjs.EndpointError || new Error("x") instanceof esm.EndpointError,
    ownEnumerableKeys: Object.keys(fromCjs),
  }),
);
