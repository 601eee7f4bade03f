import type { ReservedKey } from "./reserved-keys.js";
import type { BinaryBody, EmptyObject, MultipartBody, SendsBody, UrlEncodedBody } from "./route-types.js";

/**
 * A route map from the `paths` interface that openapi-typescript (v7) generates from an OpenAPI 3
 * document (docs/typescript.md). Types only: nothing in this file exists at run time.
 */

/** The operations of an OpenAPI path item (OpenAPI 3 "Path Item Object"). */
type OpenApiMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** `T`, or nothing for `never`, `undefined` (openapi-typescript writes `query?: never`). */
type Present<T> = [NonNullable<T>] extends [never] ? EmptyObject : NonNullable<T>;

/**
 * `"GET /repos/{owner}/{repo}"` for each operation a path item has (`put?: never` has none). A path
 * item the document marks optional (`"/a"?: …`) is read without its `undefined`, whose `keyof`
 * would be `never` and leave its operations out.
 */
type RouteKeys<Paths> = {
  [P in keyof Paths & string]: {
    [M in OpenApiMethod & keyof NonNullable<Paths[P]>]-?: [NonNullable<NonNullable<Paths[P]>[M]>] extends [
      never,
    ]
      ? never
      : `${Uppercase<M>} ${P}`;
  }[OpenApiMethod & keyof NonNullable<Paths[P]>];
}[keyof Paths & string];

/**
 * The operation object behind a route key. The path item is read by matching `Paths` against an
 * object of that one key, not by `P extends keyof Paths`: TypeScript works `keyof` of the
 * document's paths out anew each time (it does not keep it for an interface), once per route, so
 * a document of 3,000 operations spent most of its first call on it.
 */
type OperationAt<Paths, Route extends string> = Route extends `${infer M} ${infer P}`
  ? Paths extends { readonly [_ in P]?: infer Item }
    ? OperationOf<NonNullable<Item>, Lowercase<M>>
    : never
  : never;
type OperationOf<Item, M extends string> = M extends keyof Item ? NonNullable<Item[M]> : never;

/**
 * An operation's path and query parameters as one object (header and cookie ones are left out).
 * For POST, PUT, PATCH and DELETE (`SendsBody` of route-types.ts) its query parameters are typed
 * `never`: the run time sends a parameter that is not a placeholder of the route in the JSON body,
 * or drops it when `data` is the body (spec §2.2 rules 3 and 4), and the document's path has no `{?…}`
 * expression, so such a parameter would never reach the query. A required one makes the route
 * uncallable (its request would always lack it); the url template of the options form carries it.
 */
type OperationParameters<Op, QueryRefused extends boolean> = Op extends { parameters: infer P }
  ? // One flat object, so that hovers and messages show the document's parameters, not `… & EmptyObject`.
    FlatParameters<
      Present<"path" extends keyof P ? P["path"] : never> &
        (QueryRefused extends true
          ? Refused<Present<"query" extends keyof P ? P["query"] : never>>
          : Present<"query" extends keyof P ? P["query"] : never>)
    >
  : EmptyObject;
/** `T`'s keys, each typed `never` (optional ones stay optional). */
type Refused<T> = { [K in keyof T]: never };
/**
 * The parameters as one object (`Simplify`), where a name that is an option key (`url`, `method`,
 * `baseUrl`, `headers`, `mediaType`, `data`, `request`: spec §2.1) is typed `never`: such a key
 * is always the option, never a parameter (docs/api.md), so a query parameter `url` of the
 * document was `ERR_INVALID_OPTIONS` at every call, and one named `baseUrl` sent the request to
 * the host it gave. A literal query in a url of the options form sends it (`/oembed?url={target}`).
 */
type FlatParameters<T> = { [K in keyof T]: K extends ReservedKey ? never : T[K] } & {};

/** The type of a response `content` object: its `application/json` member, else its only (or any) member. */
type ContentType<C> = "application/json" extends keyof C ? C["application/json"] : C[keyof C];

// A JSON media type: application/json, a +json suffix (RFC 6839 §3.1), or any type ("*" "/" "*").
type JsonMediaType = "application/json" | `${string}/${string}+json` | "*/*";

/**
 * What a request body under the media type `M` with the schema type `S` accepts: the schema for
 * JSON; FormData for multipart/form-data; URLSearchParams or a string for a form; bytes or text
 * for every other type (`application/octet-stream`, `image/png`, `text/plain`, …), whose schema
 * (`format: binary`, openapi-typescript's `string`) describes bytes, not a JavaScript string.
 */
type RequestBodyFor<M, S> = M extends JsonMediaType
  ? S
  : M extends "multipart/form-data"
    ? MultipartBody
    : M extends "application/x-www-form-urlencoded"
      ? UrlEncodedBody
      : BinaryBody;

/** The request body of a `content` object: the union over its media types. */
type RequestContent<C> = { [M in keyof C]-?: RequestBodyFor<M, C[M]> }[keyof C];

/** `{ body: B }`, `{ body?: B }` for an optional request body, or nothing. */
type OperationBody<Op> = "requestBody" extends keyof Op
  ? [NonNullable<Op["requestBody" & keyof Op]>] extends [never]
    ? EmptyObject
    : NonNullable<Op["requestBody" & keyof Op]> extends { content: infer C }
      ? Partial<Pick<Op, "requestBody" & keyof Op>> extends Pick<Op, "requestBody" & keyof Op>
        ? { body?: RequestContent<C> }
        : { body: RequestContent<C> }
      : EmptyObject
  : EmptyObject;

/** The bodies of the 2xx responses (`undefined` for one without content, such as a 204). */
type OperationResponse<Op> = Op extends { responses: infer R }
  ? {
      [K in keyof R]: `${K & (string | number)}` extends `2${string}`
        ? R[K] extends { content?: infer C }
          ? [NonNullable<C>] extends [never]
            ? undefined
            : ContentType<NonNullable<C>>
          : undefined
        : never;
    }[keyof R]
  : unknown;

type OperationRoute<Op, Route extends string> = {
  // The route's method, as the route maps read it (every route of the document has one).
  parameters: OperationParameters<Op, SendsBody<Route>>;
  response: OperationResponse<Op>;
} & OperationBody<Op>;

/**
 * The route map of an openapi-typescript `paths` interface: one route per operation, keyed
 * `"METHOD /path/{param}"`, with its path and query parameters, its JSON request body and the
 * body of its 2xx responses.
 *
 * @example
 * // npx openapi-typescript acme.openapi.yaml -o acme.d.ts
 * import type { paths } from "./acme.js";
 * // OpenApiEndpointBuilder writes the query in OpenAPI's default style (labels=a&labels=b).
 * class AcmeEndpoint extends OpenApiEndpointBuilder<RoutesFromOpenApi<paths>> {}
 * new AcmeEndpoint().endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open" });
 */
export type RoutesFromOpenApi<Paths> = {
  [Route in RouteKeys<Paths>]: {
    [K in keyof OperationRoute<OperationAt<Paths, Route>, Route>]: OperationRoute<
      OperationAt<Paths, Route>,
      Route
    >[K];
  };
};
