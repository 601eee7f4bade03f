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
    const options: EndpointOptions = {};
    for (const [key, value] of commandLine.parameters) {
      // Object.defineProperty: an item named __proto__ is a parameter like any other.
      Object.defineProperty(options, key, { value, enumerable: true, writable: true, configurable: true });
    }
    if (commandLine.headers.length > 0) {
      const headers: HeadersInput = {};
      for (const [name, value] of commandLine.headers) {
        Object.defineProperty(headers, name, { value, enumerable: true, writable: true, configurable: true });
      }
      options.headers = headers;
    }
    if (commandLine.baseUrl !== undefined) options.baseUrl = commandLine.baseUrl;

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
