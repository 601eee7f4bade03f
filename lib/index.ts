// The public contract of service-endpoint: named exports only, no logic.
export { EndpointError } from "./errors.js";
export type { EndpointErrorCode } from "./errors.js";
export { VERSION } from "./version.js";
export { endpoint } from "./endpoint.js";
export { EndpointBuilder } from "./builder/endpoint-builder.js";
export { LockedEndpointBuilder, PathLockedEndpointBuilder } from "./builder/locked-endpoint-builder.js";
export { OpenApiEndpointBuilder } from "./builder/openapi-endpoint-builder.js";
export type {
  AnyEndpointBuilder,
  ProvidedKeysOf,
  ProvidedParameters,
  RoutesOf,
  TypedDefaults,
} from "./builder/endpoint-builder.js";
export type {
  BinaryBody,
  EndpointCallOptions,
  KnownRouteCallOptions,
  KnownRouteOptions,
  MergeCallOptions,
  MultipartBody,
  NoDefaults,
  NoRoutes,
  OptionsArgument,
  ProvidedKeys,
  RequiredRouteParameterNames,
  RouteArgument,
  RouteDefinition,
  RouteMethod,
  RouteParameterNames,
  RouteParameters,
  RouteKey,
  RouteResponse,
  Simplify,
  StrictRoutes,
  TemplateScalar,
  TemplateValue,
  UnknownRouteOptions,
  UrlEncodedBody,
} from "./route-types.js";
export type { RoutesFromOpenApi } from "./openapi-types.js";
export { callable } from "./callable.js";
export type { QueryContext, QueryParameters } from "./pipeline/types.js";
export type { EndpointInterface } from "./types.js";
export { parseTemplate } from "./uri-template/index.js";
export type { UriTemplate, TemplateExpression, TemplateVariable } from "./uri-template/index.js";
export { toFetch } from "./adapters/to-fetch.js";
export type { FetchArguments, FetchInit } from "./adapters/to-fetch.js";
export { toCurl } from "./adapters/to-curl.js";
export type { ToCurlOptions } from "./adapters/to-curl.js";
export { querySerializer } from "./query-serializer.js";
export type { ArrayStyle, ObjectStyle, QuerySerializer, QuerySerializerOptions } from "./types.js";
export { toBody } from "./adapters/to-body.js";
export type { SendableRequest } from "./adapters/to-body.js";
export type {
  DeepReadonly,
  EndpointDefaults,
  EndpointOptions,
  HeaderValue,
  HeadersInput,
  MediaType,
  MediaTypeInput,
  MergedOptions,
  Method,
  ParseInput,
  RequestHeaders,
  RequestMeta,
  RequestOptions,
  Route,
} from "./types.js";
export {
  routeMatcher,
  type MatchedValue,
  type RouteMatch,
  type RouteMatcher,
  type RouteMatcherOptions,
} from "./match/index.js";
