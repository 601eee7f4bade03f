// Issue 4, point 7: the absolute-url policy. The default follows the specification (an absolute
// url is used as given); a subclass that overrides allowsAbsoluteUrl() keeps its token at home,
// through .defaults() chains, callable() and parse() alike. examples/locked-endpoint.mjs shows it.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { EndpointBuilder, callable, endpoint } from "../lib/index.js";
import { thrown } from "./helpers/thrown.js";
import { LockedEndpoint } from "./helpers/locked-endpoint.js";

const ATTACKER = "https://evil.example/steal";
const LOCKED_MESSAGE = `Absolute url "${ATTACKER}" is not allowed by this builder: only paths below baseUrl "https://api.acme.example"`;

describe("allowsAbsoluteUrl()", () => {
  it("is true by default: an absolute url is used as given (spec §4 rule 5)", () => {
    expect(new EndpointBuilder().allowsAbsoluteUrl(ATTACKER)).toBe(true);
    expect(endpoint("GET {+next}", { next: ATTACKER }).url).toBe(ATTACKER);
  });

  describe("overridden to false", () => {
    const builder = new LockedEndpoint({
      baseUrl: "https://api.acme.example",
      headers: { authorization: "token t" },
    });

    it.each([
      ["the builder", () => builder.endpoint("GET {+next}", { next: ATTACKER })],
      ["callable(builder)", () => callable(builder)("GET {+next}", { next: ATTACKER })],
      [
        "builder.defaults()",
        () => builder.defaults({ per_page: 1 }).endpoint("GET {+next}", { next: ATTACKER }),
      ],
      [
        "callable(builder).defaults().defaults()",
        () => callable(builder).defaults({ a: 1 }).defaults({ b: 2 })("GET {+next}", { next: ATTACKER }),
      ],
      [
        "parse(merge())",
        () => callable(builder).parse(callable(builder).merge("GET {+next}", { next: ATTACKER })),
      ],
      ["a literal absolute url", () => builder.endpoint(`GET ${ATTACKER}`)],
    ])("%s throws ERR_ABSOLUTE_URL", (_label, operation) => {
      const error = thrown(operation);
      expect(error.code).toBe("ERR_ABSOLUTE_URL");
      expect(error.message).toBe(LOCKED_MESSAGE);
    });

    it("every derived builder is a LockedEndpoint", () => {
      expect(builder.defaults({ a: 1 }).defaults({ b: 2 })).toBeInstanceOf(LockedEndpoint);
    });

    it("paths, protocol-relative paths and scheme-like segments stay on baseUrl's origin", () => {
      const fn = callable(builder);
      for (const next of [
        "/orgs/acme",
        "//evil.example/x",
        "evil.example",
        "https:evil.example",
        "@evil.example",
      ]) {
        expect(new URL(fn("GET {+next}", { next }).url).origin).toBe("https://api.acme.example");
      }
    });

    it("sees only urls that parse: a broken absolute url is ERR_INVALID_URL before the hook runs", () => {
      const seen: string[] = [];
      class Recording extends EndpointBuilder {
        override allowsAbsoluteUrl(url: string): boolean {
          seen.push(url);
          return new URL(url).origin === "https://api.acme.example";
        }
      }
      const fn = callable(new Recording());
      expect(thrown(() => fn("GET {+next}", { next: "https://[::1" })).code).toBe("ERR_INVALID_URL");
      expect(fn("GET {+next}", { next: "https://api.acme.example/x" }).url).toBe(
        "https://api.acme.example/x",
      );
      expect(seen).toEqual(["https://api.acme.example/x"]);
    });
  });
});

describe("examples/locked-endpoint.mjs", () => {
  it("refuses the attacker's url and keeps its own paths, with the token", () => {
    const output = execFileSync(process.execPath, ["examples/locked-endpoint.mjs"], {
      cwd: join(__dirname, ".."),
      encoding: "utf8",
    });
    expect(output).toBe(
      `ERR_ABSOLUTE_URL: ${LOCKED_MESSAGE}\n` +
        "get https://api.acme.example/orgs/acme/repos?page=2&per_page=100 (authorization: token secret-123)\n",
    );
  });
});
