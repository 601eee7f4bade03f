// The smoke suite's checks, shared by smoke.mjs and require.cjs. CommonJS so that both can load
// it in every runtime. Prints "ok - title" or "not ok - title" with both values per check, and
// the closing "N passed, N failed"; sets the exit code.
"use strict";

/** JSON text with object keys sorted, so that key order does not count. */
function canonical(value) {
  return JSON.stringify(value, (key, entry) =>
    entry !== null && typeof entry === "object" && !Array.isArray(entry)
      ? Object.fromEntries(
          Object.keys(entry)
            .sort()
            .map((name) => [name, entry[name]]),
        )
      : entry,
  );
}

function createReport() {
  let passed = 0;
  let failed = 0;
  return {
    /** Passes when `actual` and `expected` are deep-equal JSON values. */
    check(title, actual, expected) {
      if (canonical(actual) === canonical(expected)) {
        passed += 1;
        console.log(`ok - ${title}`);
      } else {
        failed += 1;
        console.log(`not ok - ${title}`);
        console.log(`  expected: ${canonical(expected)}`);
        console.log(`  actual:   ${canonical(actual)}`);
      }
    },
    /** Runs `run` (sync or async) and checks what it returns; an exception is a failure. */
    async checkRun(title, run, expected) {
      let actual;
      try {
        actual = await run();
      } catch (error) {
        actual = { threw: String((error && error.stack) || error) };
      }
      this.check(title, actual, expected);
    },
    done() {
      console.log(`${passed} passed, ${failed} failed`);
      process.exitCode = failed === 0 ? 0 : 1;
    },
  };
}

module.exports = { canonical, createReport };
