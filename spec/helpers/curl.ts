import { spawnSync } from "node:child_process";

/**
 * The curl binary is a system tool, not an npm package: a developer's machine with only Node and
 * npm may lack it, and `npm test` must still pass there. CI (`CI` set, .ci/run installs curl)
 * always runs these tests, so a missing curl fails CI instead of skipping silently.
 */
export const hasCurl = spawnSync("curl", ["--version"], { stdio: "ignore" }).status === 0;

const required = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";

if (!hasCurl && !required) {
  console.warn("curl is not installed: the tests that run the curl binary are skipped (CI runs them)");
}

/** `it` where curl can run (or CI requires it), `it.skip` elsewhere. */
export const itWithCurl: jest.It = hasCurl || required ? it : it.skip;
