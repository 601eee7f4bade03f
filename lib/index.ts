// The public contract of service-endpoint: named exports only, no logic.
export { EndpointError } from "./errors.js";
export type { EndpointErrorCode } from "./errors.js";
export { VERSION } from "./version.js";
export type {
  DeepReadonly,
  EndpointDefaults,
  EndpointOptions,
  HeaderValue,
  Headers,
  HeadersInput,
  MediaType,
  MediaTypeInput,
  MergedOptions,
  Method,
  ParseInput,
  RequestMeta,
  RequestOptions,
  Route,
} from "./types.js";
