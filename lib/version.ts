// Replaced by the build (rollup.config.mjs) and by jest (jest.config.mjs) with package.json's version.
declare const __SERVICE_ENDPOINT_VERSION__: string;

/** The version of service-endpoint, from package.json; also the `<VERSION>` of the default user-agent. */
export const VERSION: string = __SERVICE_ENDPOINT_VERSION__;
