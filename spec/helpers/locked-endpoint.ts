import { EndpointBuilder } from "../../lib/index.js";

/**
 * The absolute-url policy of issue 4, point 7: a builder that never lets an absolute url replace
 * its baseUrl (ERR_ABSOLUTE_URL). examples/locked-endpoint.mjs is the documented example.
 */
export class LockedEndpoint extends EndpointBuilder {
  override allowsAbsoluteUrl(): boolean {
    return false;
  }
}
