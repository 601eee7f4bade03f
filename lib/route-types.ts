/**
 * Types computed from route strings and route maps (docs/typescript.md). Types only: nothing in
 * this file exists at run time.
 */
import type { ReservedKey } from "./reserved-keys.js";
import type { EndpointOptions, HeadersInput, MediaTypeInput, RequestMeta } from "./types.js";

// ---------------------------------------------------------------------------------------------
// Route literals → placeholder names (RFC 6570 §2.2–2.4, the `:name` form, CONTRACT.md "url")
// ---------------------------------------------------------------------------------------------

/** A scalar a URI template expands as text: strings, numbers, bigints, booleans, a Date (ISO 8601). */
export type TemplateScalar = string | number | bigint | boolean | Date;

/**
 * A value a URI template placeholder accepts: a scalar, a list (RFC 6570 list) or a plain object
 * (associative array). `null` and `undefined` members are skipped, as the RFC says.
 */
export type TemplateValue =
  | TemplateScalar
  | readonly (TemplateScalar | null | undefined)[]
  | { readonly [key: string]: TemplateScalar | null | undefined };

type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
// prettier-ignore
type Lower =
  | "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m"
  | "n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z";
/** The characters of a `:name` placeholder: ALPHA / DIGIT / "_" (`isVarchar` of lib/uri-template/tokenize.ts). */
type NameCharacter = Digit | Lower | Uppercase<Lower> | "_";

/** The url of `"METHOD url"`, or the route itself when it is only a url. */
type UrlOf<R extends string> = R extends `${string} ${infer Url}` ? Url : R;

/** The method of `"METHOD url"` in uppercase; `"GET"` for a bare url (spec §4 rule 4). */
export type RouteMethod<R extends string> = R extends `${infer M} ${string}` ? Uppercase<M> : "GET";

/** A literal cut before its first "?" or "#": the part that can still be path. */
type BeforeQueryOrFragment<L extends string> = L extends `${infer P}?${string}`
  ? BeforeFragment<P>
  : BeforeFragment<L>;
type BeforeFragment<L extends string> = L extends `${infer P}#${string}` ? P : L;

/** The leading name characters of `S`. */
type TakeName<S extends string, Name extends string = ""> = S extends `${infer C}${infer Rest}`
  ? C extends NameCharacter
    ? TakeName<Rest, `${Name}${C}`>
    : Name
  : Name;

/**
 * `:name` at the start of a path segment (`/:name`) in a literal of the path. Tail-recursive,
 * with the names found so far in `Names`: a union in the recursive branch stops at TypeScript's
 * depth limit (TS2589, "excessively deep") after some 45 segments; a tail call goes to 1000.
 */
type ColonNames<L extends string, Names extends string = never> = L extends `${string}/:${infer Rest}`
  ? ColonNames<Rest, Names | Exclude<TakeName<Rest>, "">>
  : Names;

type Operator = "+" | "#" | "." | "/" | ";" | "?" | "&";
/** `[operator, variable list]` of an expression's text (RFC 6570 §2.2). */
type SplitOperator<E extends string> = E extends `${infer C}${infer Rest}`
  ? C extends Operator
    ? [C, Rest]
    : ["", E]
  : ["", E];
/** A varspec without its modifier: `name*` (explode) and `name:3` (prefix) name `name` (§2.4). */
type VarName<V extends string> = V extends `${infer N}*` ? N : V extends `${infer N}:${string}` ? N : V;
/** The names of a variable list `a,b*,c:3`; tail-recursive, as `ColonNames`. */
type VarNames<L extends string, Names extends string = never> = L extends `${infer Head},${infer Tail}`
  ? VarNames<Tail, Names | VarName<Head>>
  : Names | VarName<L>;

/**
 * One left-to-right pass over a url template, as `requiredNames` in lib/parse.ts does at run time:
 * in the path (before a "?" or "#" literal and before a `{?…}`, `{&…}` or `{#…}` expression)
 * `{x}`, `{+x}` and `:x` are required; every other placeholder may vanish, so it is optional.
 */
type Scan<
  S extends string,
  InPath extends boolean,
  Required extends string,
  Optional extends string,
> = S extends `${infer Literal}{${infer Expression}}${infer Rest}`
  ? InPath extends true
    ? BeforeQueryOrFragment<Literal> extends Literal
      ? ScanExpression<SplitOperator<Expression>, Rest, Required | ColonNames<Literal>, Optional>
      : Scan<
          Rest,
          false,
          Required | ColonNames<BeforeQueryOrFragment<Literal>>,
          Optional | VarNames<SplitOperator<Expression>[1]>
        >
    : Scan<Rest, false, Required, Optional | VarNames<SplitOperator<Expression>[1]>>
  : {
      required: InPath extends true ? Required | ColonNames<BeforeQueryOrFragment<S>> : Required;
      optional: Optional;
    };
type ScanExpression<
  Split extends [string, string],
  Rest extends string,
  Required extends string,
  Optional extends string,
> = Split[0] extends "" | "+"
  ? Scan<Rest, true, Required | VarNames<Split[1]>, Optional>
  : Split[0] extends "?" | "&" | "#"
    ? Scan<Rest, false, Required, Optional | VarNames<Split[1]>>
    : Scan<Rest, true, Required, Optional | VarNames<Split[1]>>;

type ScanRoute<R extends string> = Scan<UrlOf<R>, true, never, never>;

/** The placeholders of a route that must have a value: `{x}`, `{+x}`, `:x` in the path. */
export type RequiredRouteParameterNames<R extends string> = ScanRoute<R>["required"];

/** Every placeholder name of a route, required or optional. */
export type RouteParameterNames<R extends string> = ScanRoute<R>["required"] | ScanRoute<R>["optional"];

/** Flattens an intersection into one object type, for readable hovers and messages. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The placeholders of a route literal as an object type: path placeholders (`{x}`, `{+x}`,
 * `:x` before any `?` or `#`) required, every other one (`{?x}`, `{&x}`, `{/x}`, `{.x}`, `{;x}`,
 * `{#x}`) optional. A non-literal `string` gives an open record.
 *
 * @example
 * type P = RouteParameters<"GET /repos/{owner}/{repo}/issues{?state,labels*}">;
 * // { owner: TemplateValue; repo: TemplateValue; state?: TemplateValue | null | undefined;
 * //   labels?: TemplateValue | null | undefined }
 */
export type RouteParameters<R extends string> = string extends R
  ? { [parameter: string]: unknown }
  : Simplify<
      { [K in RequiredRouteParameterNames<R>]: TemplateValue } & {
        [K in Exclude<RouteParameterNames<R>, RequiredRouteParameterNames<R>>]?:
          TemplateValue | null | undefined;
      }
    >;

// ---------------------------------------------------------------------------------------------
// Route maps
// ---------------------------------------------------------------------------------------------

/**
 * What a route map says about one route. Every member is optional.
 *
 * - `parameters`: path and query parameters (and, for other methods, parameters that are not body
 *   keys) by name. Path placeholders of the route string are required even when left out here.
 * - `body`: the request body. A plain-object body may be given key by key as options (spec §2.2
 *   rule 3) or whole as `data`; any other body only as `data`, beside which only the route's
 *   placeholders are taken (other parameters would be dropped). `body?:` makes it optional. A
 *   route whose method sends no body (anything but POST, PUT, PATCH, DELETE) offers neither.
 * - `response`: the response body, for code that sends the request (`RouteResponse`).
 */
export interface RouteDefinition {
  parameters?: object;
  body?: unknown;
  response?: unknown;
}

/** An object type without keys (`{}` would mean "any non-nullish value"). */
export type EmptyObject = Record<never, never>;

/** The route map of a builder without one: every route is untyped. Its own alias, so hovers say `NoRoutes`. */
export type NoRoutes = Record<never, never>;

/** The declared defaults of a builder class without any (`EndpointBuilder<Routes, NoDefaults>`). */
export type NoDefaults = Record<never, never>;

// Type-only brand (nothing at run time) of a strict route map.
declare const strictRoutesKey: unique symbol;

/**
 * A route map in strict mode: a builder over it accepts only the map's routes, so a typo in a
 * route string (`"GET /pet/{petId}"` for `"GET /pets/{petId}"`, `"get /pets"`) does not compile,
 * and the error names the route. Without it (the default) a route the map does not know is
 * untyped, for maps that describe only part of an API.
 *
 * @example
 * class PetStore extends EndpointBuilder<StrictRoutes<RoutesFromOpenApi<paths>>> {}
 * new PetStore().endpoint("GET /pet/{petId}", { petId: 1 });
 * // error TS2345: Argument of type '"GET /pet/{petId}"' is not assignable to parameter of type
 * //   '"GET /pets/{petId}" | …'.
 */
export type StrictRoutes<Routes extends object> = Routes & { readonly [strictRoutesKey]: true };

/** The route strings of a map (its string keys). */
export type RouteKey<Routes> = keyof Routes & string;

/**
 * What the route argument accepts: in strict mode only the map's routes; otherwise any string,
 * with the map's routes offered for completion (`string & {}` keeps the literals from being
 * absorbed into `string`).
 */
// `keyof Routes & string` written out rather than `RouteKey<Routes>`: an error then lists the
// map's routes instead of naming the alias.
export type RouteArgument<Routes> = Routes extends { readonly [strictRoutesKey]: true }
  ? keyof Routes & string
  : (keyof Routes & string) | (string & {});

/** The options every known route accepts besides its parameters (route gives method and url). */
export interface KnownRouteOptions {
  baseUrl?: string | undefined;
  headers?: HeadersInput | undefined;
  mediaType?: MediaTypeInput | undefined;
  request?: RequestMeta | undefined;
}

/** The keys of `T` that are not index signatures. */
type LiteralKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 };

/**
 * Whether the consumer's program checks `null` and `undefined` (`strictNullChecks`, part of
 * `strict`). Without it, `undefined` is assignable to every type, here to `""` as well.
 */
type ChecksNulls = undefined extends "" ? false : true;

/**
 * The keys a typed DEFAULTS snapshot is known to provide: its value can be neither `undefined`
 * (dropped at run time) nor `null` (kept, but a required placeholder refuses it with
 * ERR_MISSING_PARAMETER, so it provides nothing either). Without `strictNullChecks`, where every
 * type admits both and `undefined extends string` holds, every key provides: the test would
 * otherwise refuse them all, and typed defaults (a subclass's declared ones too) provided nothing.
 */
export type ProvidedKeys<Defaults> = {
  [K in LiteralKeys<Defaults>]-?: ChecksNulls extends false
    ? K
    : undefined extends Defaults[K & keyof Defaults]
      ? never
      : null extends Defaults[K & keyof Defaults]
        ? never
        : K;
}[LiteralKeys<Defaults>];

type ParametersOf<Definition> = Definition extends { parameters?: infer P }
  ? [P] extends [object]
    ? P
    : EmptyObject
  : EmptyObject;

// The instance types of web globals, read from `globalThis` so that the declarations compile
// without the DOM lib too (then the member is `never`): Node's types declare the same globals.
type GlobalBlob = typeof globalThis extends { Blob: { prototype: infer I } } ? I : never;
type GlobalReadableStream = typeof globalThis extends { ReadableStream: { prototype: infer I } } ? I : never;
type GlobalFormData = typeof globalThis extends { FormData: { prototype: infer I } } ? I : never;
type GlobalUrlSearchParams = typeof globalThis extends { URLSearchParams: { prototype: infer I } }
  ? I
  : never;

/** A request body of bytes or text: what a non-JSON content type (`application/octet-stream`, `image/*`, `text/*`) takes. */
export type BinaryBody = GlobalBlob | Uint8Array | ArrayBuffer | GlobalReadableStream | string;

/** A `multipart/form-data` request body. */
export type MultipartBody = GlobalFormData;

/** An `application/x-www-form-urlencoded` request body. */
export type UrlEncodedBody = GlobalUrlSearchParams | string;

type IsPlainObjectType<B> = [B] extends [object]
  ? [B] extends [
      readonly unknown[] | ArrayBuffer | ArrayBufferView | BinaryBody | MultipartBody | UrlEncodedBody,
    ]
    ? false
    : [B] extends [(...args: never[]) => unknown]
      ? false
      : true
  : false;

/** `T` with the keys `K` made optional. */
type WithOptional<T, K extends PropertyKey> = T extends unknown
  ? Simplify<Omit<T, K> & Partial<Pick<T, K & keyof T>>>
  : never;

/**
 * The parameters of a known route: the map's parameters, with their types, plus the route's
 * placeholders the map leaves out; a path placeholder is required even when the map says optional.
 */
type RouteParametersOf<R extends string, Definition> = Omit<
  RouteParameters<R>,
  keyof ParametersOf<Definition>
> &
  ParametersOf<Definition> &
  Required<Pick<ParametersOf<Definition>, RequiredRouteParameterNames<R> & keyof ParametersOf<Definition>>>;

/** The methods that send a body, in any case (spec §2.4, `isBodyMethod` in lib/request/build.ts). */
type BodyMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Whether a route may send a body: its method is a `BodyMethod`, or it has none (a bare url,
 * whose method comes from the options or the defaults). Any other method (GET, HEAD, OPTIONS,
 * TRACE, a custom one) sends none: `data` throws ERR_INVALID_OPTIONS and the other keys go to
 * the query, so a `body` the map declares for such a route offers no body form.
 */
export type SendsBody<R extends string> = R extends `${infer M} ${string}`
  ? Uppercase<M> extends BodyMethod
    ? true
    : false
  : true;

/** The body forms a route accepts: its keys spread into the options, or the whole body as `data`. */
type BodyForms<R extends string, Definition> =
  SendsBody<R> extends false
    ? EmptyObject
    : "body" extends keyof Definition
      ? Definition extends { body?: infer B }
        ? Partial<Pick<Definition, "body">> extends Pick<Definition, "body">
          ? BodyShapes<NonNullable<B>, false, DroppedBesideData<R, Definition>>
          : BodyShapes<NonNullable<B>, true, DroppedBesideData<R, Definition>>
        : EmptyObject
      : EmptyObject;
// When an object literal without `data` fits neither body form, the error should name the
// missing body key ("Property 'title' is missing"), not `data`. TypeScript reports against the
// last of equally close union members: TypeScript 5 orders them as they are made, so the key form
// comes second here; TypeScript 7 orders them otherwise, and picks the key form once it is an
// intersection with `{ data?: never }` (which also says what is true: no `data` beside the keys).
// spec/types/toolchains.spec.ts checks both compilers.
type BodyShapes<B, Required extends boolean, Dropped extends PropertyKey> =
  | DataForm<Required extends true ? { data: B } : { data?: B }, Dropped>
  | KeyForm<PlainObjectPart<B>, Required>;
/**
 * The map's parameters that a route sends nowhere beside `data`: those that are no placeholder of
 * its url. The run time sends them as keys of the JSON body, and drops them when `data` is the
 * body (spec §2.2 rules 3 and 4), so a query parameter the map declares for `"POST /assets"`
 * without a `{?name}` in the route never reached the url. (`BodyForms` asks only for a route that
 * may send a body: a bare url too, whose `data` is dropped in the same way, or refused for GET.)
 */
type DroppedBesideData<R extends string, Definition> = Exclude<
  keyof ParametersOf<Definition>,
  RouteParameterNames<R>
>;
type DataForm<Data, Dropped extends PropertyKey> = [Dropped] extends [never]
  ? Data
  : Data & { [K in Dropped]?: never };
/** The plain-object members of a body type (an OpenAPI body may be JSON or bytes). */
type PlainObjectPart<B> = B extends unknown ? (IsPlainObjectType<B> extends true ? B : never) : never;
type KeyForm<P, Required extends boolean> = [P] extends [never]
  ? never
  : [keyof P & ReservedKey] extends [never]
    ? Required extends true
      ? P & { data?: never }
      : Partial<P>
    : never;

/**
 * The options of `endpoint()` for a route of the map: its parameters (path placeholders
 * required unless `Provided` by the builder's typed defaults), its body, and the options every
 * request takes. Closed: a key the map does not name is an error.
 */
export type KnownRouteCallOptions<
  R extends string,
  Definition,
  Provided extends PropertyKey,
> = RouteOwnOptions<R, Definition, Provided> & KnownRouteOptions;
/** A known route's parameters and body forms: `KnownRouteCallOptions` without the options every route takes. */
type RouteOwnOptions<R extends string, Definition, Provided extends PropertyKey> = WithOptional<
  RouteParametersOf<R, Definition> & BodyForms<R, Definition>,
  Provided
>;

/**
 * The options of a route literal that the map does not know: any options (as `EndpointOptions`),
 * with the route's placeholder names offered for completion. The values are not checked here;
 * the run-time checks (`ERR_MISSING_PARAMETER`, `ERR_INVALID_PARAMETER`) still apply.
 */
export type UnknownRouteOptions<R extends string> = string extends R
  ? EndpointOptions
  : EndpointOptions & { [K in RouteParameterNames<R>]?: unknown };

/** The options of `endpoint(route, options)` for builder routes `Routes` and typed defaults. */
export type EndpointCallOptions<
  Routes,
  R extends string,
  Provided extends PropertyKey = never,
> = RouteCallOptions<Routes, R, Provided, KnownRoutesOptions<Routes, Provided>>;

/**
 * The keys of a map that are literal routes. A key that is an index signature or a pattern
 * (`[route: \`GET /users/${string}\`]`) is left out: its entry would read the pattern's
 * placeholders, not those of the call's route.
 */
type LiteralRouteKeys<Routes> = LiteralRouteKey<keyof Routes>;
type LiteralRouteKey<K> = K extends string ? (EmptyObject extends Record<K, 0> ? never : K) : never;

/**
 * The options of each literal route of the map, by route. `endpoint()` and `merge()` index it
 * with the call's route: while TypeScript resolves a call, the route is generic, and
 * `KnownRouteCallOptions<R, Routes[R], …>` then paired the placeholders of every route with the
 * parameters of every other one (a cross product: TS2590 "union type that is too complex to
 * represent" from some 250 routes). An indexed mapped type keeps each route with its own.
 *
 * Its keys are worked out before it, not filtered by an `as` clause: `RouteCallOptions` asks for
 * `keyof` of the table once per route of the map while TypeScript infers a call's route, and
 * TypeScript keeps `keyof` of a mapped type without `as` (its key union), where with `as` it
 * works the keys out again each time, route by route: a call's work grew with the square of the
 * map (600 routes: 1.7 million instantiations for the first call; now 0.23 million, and linear).
 *
 * The `-?` changes nothing here (no key is optional), but it must stay: without it (or an
 * `as`), TypeScript reads the table indexed with a generic route, `{ [K in Keys]: E }[R]`, as
 * `E` with `R` for `K`, the cross product again: a generic wrapper that passes
 * `EndpointCallOptions<Routes, R>` on fails with TS2590 at 300 routes (spec/types/toolchains.spec.ts).
 * A route key the map marks optional (`"GET /x"?: …`, a `Partial<>` map) is read without its
 * `undefined`, which would otherwise turn its parameters' types into any template value.
 */
type KnownRoutesOptions<Routes, Provided extends PropertyKey> = {
  // `KnownRouteCallOptions` written out: an editor's hover then shows the route's own options
  // as an object (`{ owner?: string; repo: string } & KnownRouteOptions`), not the alias.
  [K in LiteralRouteKeys<Routes>]-?: RouteOwnOptions<K, NonNullable<Routes[K]>, Provided> & KnownRouteOptions;
};

/**
 * A literal route of the map: its entry of `Known`; a route that a pattern or an index signature
 * of the map matches: the options of that entry, read with the call's route; else untyped. Whether
 * the map has such keys is decided by the map alone, before the route is looked at: TypeScript
 * also works out the branches of a conditional on the route with every route of the map at once,
 * and the form for such keys, so worked out, is the cross product again (the large-map test in
 * spec/types/toolchains.spec.ts). Maps of literal routes only never meet it.
 */
type RouteCallOptions<Routes, R extends string, Provided extends PropertyKey, Known> = R extends keyof Known
  ? Known[R]
  : [Exclude<keyof Routes & string, keyof Known>] extends [never]
    ? UnknownRouteOptions<R>
    : R extends keyof Routes
      ? RouteOwnOptions<R, Routes[R], Provided> & KnownRouteOptions
      : UnknownRouteOptions<R>;

/** The options of `merge(route, options)`: as `endpoint()`, but nothing is required yet. */
export type MergeCallOptions<Routes, R extends string> = RouteCallOptions<
  Routes,
  R,
  PropertyKey,
  KnownRoutesOptions<Routes, PropertyKey>
>;

/**
 * For a call that gives a route but no options although some are required: a type the route
 * string cannot match, whose property names name each missing option, so that the compiler's
 * error says which (`missing option "owner"`) instead of describing another overload.
 */
export type MissingOptions<Options> = EmptyObject extends Options
  ? unknown
  : {
      readonly [
        K in keyof Options as EmptyObject extends Pick<Options, K> ? never : `missing option "${K & string}"`
      ]: true;
    };

/** `[options]` when some option is required, `[options?]` when all are optional. */
export type OptionsArgument<Options> = EmptyObject extends Options ? [options?: Options] : [options: Options];

/**
 * The `response` type a route map gives a route (`unknown` when it gives none). A route key the
 * map marks optional (`"GET /x"?: …`, a `Partial<>` map) is read without its `undefined`, which
 * matches no entry and gave `unknown`.
 */
export type RouteResponse<Routes, R extends keyof Routes> =
  NonNullable<Routes[R]> extends { response?: infer T } ? T : unknown;

// ---------------------------------------------------------------------------------------------
// Builder types: the route map and the parameters its defaults provide (docs/typescript.md)
// ---------------------------------------------------------------------------------------------

// Type-only keys: a builder type's route map, and the parameter names its defaults provide (names
// only: `{ org: string }` and a later `{ org: undefined }` would intersect to `never`).
export declare const routeMapKey: unique symbol;
export declare const providedKey: unique symbol;

/** The route map of a builder type (`NoRoutes` for an untyped one). */
export type RoutesOf<B> = B extends { readonly [routeMapKey]?: infer Routes } ? Routes : NoRoutes;

/** The parameter names a builder type's defaults are known to provide. */
export type ProvidedKeysOf<B> = B extends { readonly [providedKey]?: infer Marks }
  ? keyof NonNullable<Marks>
  : never;

/** What `.defaults(options)` adds to a builder's type: the keys `options` provides (docs/typescript.md). */
export type TypedDefaults<D> = { readonly [providedKey]?: { readonly [K in ProvidedKeys<D>]: true } };

/**
 * The `this` of `endpoint()`: a builder whose defaults provide the parameters `Names`; named, so
 * that an editor's hover reads `this: ProvidedParameters<"owner">` rather than the symbol key.
 */
export interface ProvidedParameters<Names extends PropertyKey> {
  readonly [providedKey]?: { readonly [K in Names]: true };
}
