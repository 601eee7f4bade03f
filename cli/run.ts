import { EndpointError, VERSION, endpoint, toCurl } from "../lib/index.js";
import type { EndpointOptions, HeadersInput } from "../lib/index.js";
import { HELP } from "./help.js";
import { UsageError, parseArguments } from "./parse-arguments.js";

/** Where the command writes. */
export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * The whole command: arguments in, text out, exit status returned. A thin layer over the public
 * API: `endpoint(route, options)` and `toCurl()`.
 */
export function run(argv: readonly string[], output: Output): number {
  try {
    const commandLine = parseArguments(argv);
    if (commandLine.help) {
      output.stdout(HELP);
      return 0;
    }
    if (commandLine.version) {
      output.stdout(`${VERSION}\n`);
      return 0;
    }
    if (commandLine.route === undefined) {
      throw new UsageError('Missing route: expected "METHOD /path", for example "GET /repos/{owner}/{repo}"');
    }
    // Object.fromEntries defines own properties: an item named __proto__ is a key like any
    // other, and a later item with the same key replaces an earlier one.
    const options: EndpointOptions = Object.fromEntries(commandLine.parameters);
    if (commandLine.headers.length > 0) {
      // Header items add to a headers:='{…}' item rather than replace it.
      const given: unknown = options.headers;
      if (given !== undefined && (given === null || typeof given !== "object" || Array.isArray(given))) {
        throw new UsageError(
          `Item headers:= must be a JSON object to take Name:value header items too, got ${JSON.stringify(given)}`,
        );
      }
      options.headers = {
        ...(given as HeadersInput | undefined),
        ...Object.fromEntries(commandLine.headers),
      };
    }
    if (commandLine.baseUrl !== undefined) {
      if (Object.hasOwn(options, "baseUrl")) {
        throw new UsageError("Give the base url once: --base-url or a baseUrl= item, not both");
      }
      options.baseUrl = commandLine.baseUrl;
    }

    const requestOptions = endpoint(commandLine.route, options);
    output.stdout(
      commandLine.curl ? `${toCurl(requestOptions)}\n` : `${JSON.stringify(requestOptions, null, 2)}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      output.stderr(`service-endpoint: ${error.message} (see service-endpoint --help)\n`);
      return 2;
    }
    if (error instanceof EndpointError) {
      output.stderr(`service-endpoint: ${error.code}: ${error.message}\n`);
      return 1;
    }
    output.stderr(`service-endpoint: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
