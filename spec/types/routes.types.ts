// Type tests: compiled by `npm run typecheck` (tsconfig.json includes spec/), never run.
// A plain line must compile; a line after `// @ts-expect-error` must not.
import { EndpointBuilder, callable, endpoint } from "../../lib/index.js";
import type {
  EndpointCallOptions,
  EndpointOptions,
  MergedOptions,
  RequestHeaders,
  RequestOptions,
  RequiredRouteParameterNames,
  RouteArgument,
  RouteKey,
  RouteMethod,
  RouteParameterNames,
  RouteParameters,
  RouteResponse,
  StrictRoutes,
  TemplateValue,
} from "../../lib/index.js";
import { expectType } from "./expect-type.js";
import type { Equal } from "./expect-type.js";

// --- RouteParameters: names and required-ness from a route literal ---------------------------

expectType<
  Equal<
    RouteParameters<"GET /repos/{owner}/{repo}/issues{?state}">,
    { owner: TemplateValue; repo: TemplateValue; state?: TemplateValue | null | undefined }
  >
>();
expectType<Equal<RequiredRouteParameterNames<"GET /repos/{owner}/{repo}">, "owner" | "repo">>();
// `:name` at the start of a path segment, not in the query, not a port.
expectType<Equal<RequiredRouteParameterNames<"/users/:id/files/:name.json?x=:y">, "id" | "name">>();
expectType<Equal<RouteParameterNames<"https://api.acme.test:8080/users/{id}">, "id">>();
// Several variables per expression, explode and prefix modifiers.
expectType<Equal<RouteParameterNames<"/search{?q,sort:3,labels*}">, "q" | "sort" | "labels">>();
expectType<Equal<RequiredRouteParameterNames<"/search{?q,sort:3,labels*}">, never>>();
// Every optional operator; `{+x}` in the path is required; after `{?…}` nothing is path.
expectType<Equal<RequiredRouteParameterNames<"/a{/b}{.c}{;d}/{+e}{?f}{&g}{#h}/{i}">, "e">>();
expectType<
  Equal<
    RouteParameterNames<"/a{/b}{.c}{;d}/{+e}{?f}{&g}{#h}/{i}">,
    "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i"
  >
>();
// A literal "?" ends the path too.
expectType<Equal<RequiredRouteParameterNames<"/search?q={q}">, never>>();
// A name both in the path and in the query stays required.
expectType<Equal<RouteParameters<"/u/{id}{?id}">, { id: TemplateValue }>>();
expectType<Equal<RouteMethod<"post /x">, "POST">>();
expectType<Equal<RouteMethod<"/x">, "GET">>();
// A non-literal route names nothing.
expectType<Equal<RouteParameters<string>, { [parameter: string]: unknown }>>();
// Long routes compile, in the untyped use too: the scans of a variable list and of `:name`
// segments are tail-recursive (a union in their recursive branch hit TypeScript's depth limit,
// TS2589 "Type instantiation is excessively deep", at some 45 names).
type Tens = "1" | "2" | "3" | "4" | "5";
type Units = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
const manyQuery =
  "GET /search{?q0,q1,q2,q3,q4,q5,q6,q7,q8,q9,q10,q11,q12,q13,q14,q15,q16,q17,q18,q19,q20,q21,q22,q23,q24,q25,q26,q27,q28,q29,q30,q31,q32,q33,q34,q35,q36,q37,q38,q39,q40,q41,q42,q43,q44,q45,q46,q47,q48,q49,q50,q51,q52,q53,q54,q55,q56,q57,q58,q59}";
expectType<Equal<RouteParameterNames<typeof manyQuery>, `q${Units}` | `q${Tens}${Units}`>>();
endpoint(manyQuery, { q0: 1, q59: 2 });
const manySegments =
  "GET /:p0/:p1/:p2/:p3/:p4/:p5/:p6/:p7/:p8/:p9/:p10/:p11/:p12/:p13/:p14/:p15/:p16/:p17/:p18/:p19/:p20/:p21/:p22/:p23/:p24/:p25/:p26/:p27/:p28/:p29/:p30/:p31/:p32/:p33/:p34/:p35/:p36/:p37/:p38/:p39/:p40/:p41/:p42/:p43/:p44/:p45/:p46/:p47/:p48/:p49/:p50/:p51/:p52/:p53/:p54/:p55/:p56/:p57/:p58/:p59";
expectType<Equal<RequiredRouteParameterNames<typeof manySegments>, `p${Units}` | `p${Tens}${Units}`>>();
endpoint(manySegments, { p0: 1 });

// --- endpoint() with a route literal: names offered, nothing else changes --------------------

endpoint("GET /repos/{owner}/{repo}/issues{?state}", { owner: "octo", repo: "hello", state: "open" });
// Extra keys are query or body parameters (spec §2.2).
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", per_page: 2 });
// Unknown routes are not checked: the run-time check reports a missing placeholder.
endpoint("GET /repos/{owner}/{repo}", { owner: "octo" });
endpoint("GET /");
endpoint({ method: "POST", url: "/markdown", text: "Hello" });
const dynamicRoute: string = "GET /users/{id}";
endpoint(dynamicRoute, { id: 7 });
const someOptions: EndpointOptions = { url: "/x" };
endpoint(someOptions);
const merged: MergedOptions = endpoint.merge("GET /orgs/{org}/repos", { org: "acme" });
endpoint.merge({ url: "/x" });
endpoint.parse(merged);
endpoint.defaults({ baseUrl: "https://api.acme.test" })("GET /x", { anything: [1, 2] });
// @ts-expect-error: options are an object
endpoint("GET /", "not options");

// --- Route maps -------------------------------------------------------------------------------

interface Issue {
  number: number;
  title: string;
}

interface AcmeRoutes {
  "GET /repos/{owner}/{repo}/issues": {
    parameters: { owner: string; repo: string; state?: "open" | "closed"; per_page?: number };
    response: Issue[];
  };
  "POST /repos/{owner}/{repo}/issues": {
    parameters: { owner: string; repo: string };
    body: { title: string; labels?: string[] };
    response: Issue;
  };
  "PATCH /repos/{owner}/{repo}/issues/{issue_number}": {
    parameters: { issue_number: number };
    body?: { title?: string; state?: "open" | "closed" };
  };
  // Placeholders of the route are required even when the map leaves them out.
  "DELETE /repos/{owner}/{repo}": { response: undefined };
  "PUT /upload/{name}": { parameters: { name: string }; body: string };
}

class AcmeEndpoint extends EndpointBuilder<AcmeRoutes> {
  constructor(defaults?: EndpointOptions) {
    super({ baseUrl: "https://api.acme.test" }, defaults);
  }

  /** A helper method: `defaults()` must keep it. */
  issues(owner: string, repo: string): RequestOptions {
    return this.endpoint("GET /repos/{owner}/{repo}/issues", { owner, repo });
  }
}

const acme = new AcmeEndpoint();
const result: RequestOptions = acme.endpoint("GET /repos/{owner}/{repo}/issues", {
  owner: "o",
  repo: "r",
  state: "open",
  per_page: 10,
  headers: { authorization: "token x" },
  request: { retries: 2 },
});
void result;
// @ts-expect-error: missing required parameter "repo"
acme.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o" });
// @ts-expect-error: missing every required parameter
acme.endpoint("GET /repos/{owner}/{repo}/issues");
// @ts-expect-error: wrong parameter type (per_page is a number)
acme.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: "10" });
// @ts-expect-error: wrong enum value
acme.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "merged" });
// @ts-expect-error: the map is closed: an unknown parameter on a known route is a typo
acme.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_pgae: 10 });
// @ts-expect-error: a GET request has no body
acme.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", data: "x" });

// A body: its keys as parameters (spec §2.2 rule 3), or the whole body as data.
acme.endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Hi", labels: ["bug"] });
acme.endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", data: { title: "Hi" } });
// @ts-expect-error: the body's required key "title" is missing
acme.endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", labels: ["bug"] });
// @ts-expect-error: wrong body type
acme.endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", data: { title: 1 } });
// An optional body.
acme.endpoint("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
  owner: "o",
  repo: "r",
  issue_number: 1,
});
acme.endpoint("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
  owner: "o",
  repo: "r",
  issue_number: 1,
  state: "closed",
});
acme.endpoint("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
  owner: "o",
  repo: "r",
  // @ts-expect-error: issue_number is a number in the map
  issue_number: "1",
});
// A placeholder the map does not declare is still required, as a template value.
acme.endpoint("DELETE /repos/{owner}/{repo}", { owner: "o", repo: "r" });
// @ts-expect-error: missing placeholder "repo" that only the route string names
acme.endpoint("DELETE /repos/{owner}/{repo}", { owner: "o" });
// A body that is not an object goes only as data.
acme.endpoint("PUT /upload/{name}", {
  name: "a.txt",
  data: "text",
  headers: { "content-type": "text/plain" },
});
// @ts-expect-error: a string body cannot be given key by key
acme.endpoint("PUT /upload/{name}", { name: "a.txt" });

// Unknown routes stay untyped, on a typed builder too.
acme.endpoint("GET /rate_limit", { anything: true });
acme.endpoint({ url: "/repos/{owner}", owner: "o" });
acme.endpoint(dynamicRoute, { id: 1 });

// merge(): nothing is required yet, but names and types are still checked.
acme.merge("GET /repos/{owner}/{repo}/issues", { owner: "o" });
acme.merge("GET /repos/{owner}/{repo}/issues");
// @ts-expect-error: wrong parameter type in merge()
acme.merge("GET /repos/{owner}/{repo}/issues", { per_page: "10" });

// The response type of a route.
expectType<Equal<RouteResponse<AcmeRoutes, "GET /repos/{owner}/{repo}/issues">, Issue[]>>();

// --- Maps keyed by a pattern or an index signature ------------------------------------------
// A route that a pattern key (`GET /users/${string}`) or an index signature matches is read with
// the call's own route: its placeholders are required, and the entry's parameters typed. (Found by
// the review of the per-route options table, which had read the pattern's placeholders instead.)
type PatternRoutes = { [route: `GET /users/${string}`]: { parameters: { q?: string } } };
const patterned = new EndpointBuilder<PatternRoutes>();
patterned.endpoint("GET /users/{id}", { id: 1, q: "x" });
// @ts-expect-error: "id" is a placeholder of the call's route
patterned.endpoint("GET /users/{id}", { q: "x" });
interface IndexRoutes {
  [route: string]: { parameters: { q?: string } };
}
const indexed = new EndpointBuilder<IndexRoutes>();
indexed.endpoint("GET /a/{id}", { id: 1, q: "x" });
// @ts-expect-error: "id" is a placeholder of the call's route
indexed.endpoint("GET /a/{id}", { q: "x" });
// @ts-expect-error: "zz" is neither a parameter of the entry nor a body key
indexed.endpoint("POST /a", { q: "x", zz: 1 });
// @ts-expect-error: the same through merge()
indexed.merge("GET /a/{id}", { q: 1 });

// --- Options typed for one route are not options of another -----------------------------------
// A call's route is inferred from the route argument alone: options typed for another route of
// the map are refused, in direct calls and in generic code, and a wrapper that passes the options
// of its own route on compiles. (docs/design/14-typed-routes-and-cli.md: a faster form that let TypeScript infer
// the route from the options accepted them.)
interface SoundRoutes {
  "GET /a/{x}": { parameters: { x: string } };
  "POST /b/{id}": { parameters: { id: number }; body: { title: string } };
  "GET /c/{y}": { parameters: { y: string } };
}
const sound = new EndpointBuilder<SoundRoutes>();
declare const aOptions: EndpointCallOptions<SoundRoutes, "GET /a/{x}">;
sound.endpoint("GET /a/{x}", aOptions);
sound.merge("GET /a/{x}", aOptions);
// @ts-expect-error: options of "GET /a/{x}" for "GET /c/{y}"
sound.endpoint("GET /c/{y}", aOptions);
// @ts-expect-error: options of "GET /a/{x}" for "POST /b/{id}"
sound.endpoint("POST /b/{id}", aOptions);
// @ts-expect-error: the same through the function interface
callable(sound)("GET /c/{y}", aOptions);
function callSound<R extends keyof SoundRoutes & string>(
  route: R,
  options: EndpointCallOptions<SoundRoutes, R>,
): RequestOptions {
  return sound.endpoint(route, options);
}
callSound("GET /a/{x}", { x: "1" });
callSound("POST /b/{id}", { id: 1, title: "t" });
callSound("GET /a/{x}", aOptions);
// @ts-expect-error: options of "GET /a/{x}" for "GET /c/{y}" through the wrapper
callSound("GET /c/{y}", aOptions);
// @ts-expect-error: a missing required option through the wrapper
callSound("GET /a/{x}", {});
// @ts-expect-error: a wrong parameter type through the wrapper
callSound("POST /b/{id}", { id: "1", title: "t" });
function callSoundFunction<R extends keyof SoundRoutes & string>(
  route: R,
  options: EndpointCallOptions<SoundRoutes, R>,
): RequestOptions {
  return callable(sound)(route, options);
}
void callSoundFunction;
function crossed<R extends keyof SoundRoutes & string, R2 extends keyof SoundRoutes & string>(
  route: R,
  options: EndpointCallOptions<SoundRoutes, R2>,
  other: EndpointCallOptions<SoundRoutes, "GET /c/{y}">,
): void {
  // @ts-expect-error: options of the route R2 are not known to be options of R
  sound.endpoint(route, options);
  // @ts-expect-error: nor are the options of a literal route
  sound.endpoint(route, other);
  // @ts-expect-error: nor those of R for a literal route
  sound.endpoint("GET /a/{x}", options);
}
void crossed;

// --- An optional route key (`"GET /x"?: …`, a Partial<> map) keeps its parameters' types -------
interface OptionalRoutes {
  "GET /o/{x}"?: { parameters: { x: number } };
  "POST /p/{id}": { parameters: { id: number }; body: { title: string } };
}
const optionalRoutes = new EndpointBuilder<OptionalRoutes>();
optionalRoutes.endpoint("GET /o/{x}", { x: 1 });
// @ts-expect-error: x is a number
optionalRoutes.endpoint("GET /o/{x}", { x: "s" });
// @ts-expect-error: the same through merge()
optionalRoutes.merge("GET /o/{x}", { x: "s" });
// @ts-expect-error: the same with typed defaults
optionalRoutes.defaults({ id: 1 }).endpoint("GET /o/{x}", { x: "s" });
// Its response type too (it was `unknown`).
interface OptionalResponseRoutes {
  "GET /o/{x}"?: { parameters: { x: number }; response: Issue };
}
expectType<Equal<RouteResponse<OptionalResponseRoutes, "GET /o/{x}">, Issue>>();

// --- A method that sends no body --------------------------------------------------------------

// Only POST, PUT, PATCH and DELETE send a body (any case); for every other method `data` throws
// ERR_INVALID_OPTIONS at run time and the other keys go to the query. A `body` the map declares
// for such a route gives no body form: no `data`, its keys only where they are parameters.
interface BodylessRoutes {
  "GET /search": { parameters: { q: string }; body: { filter: string } };
  "HEAD /files/{id}": { body?: { title?: string } };
  "OPTIONS /items": { body: string };
  "trace /echo": { parameters: { note?: string }; body: { note: string } };
  "PURGE /cache/{key}": { body: { soft: boolean } };
  // A bare url: the method comes from the options or the defaults, so the body stays.
  "/bare/{id}": { body: { title: string } };
}
const bodyless = new EndpointBuilder<BodylessRoutes>();
bodyless.endpoint("GET /search", { q: "x" });
// @ts-expect-error: a GET request has no body, so no data
bodyless.endpoint("GET /search", { q: "x", data: { filter: "f" } });
// @ts-expect-error: "filter" is a body key, not a parameter: it would be sent as the query
bodyless.endpoint("GET /search", { q: "x", filter: "f" });
bodyless.endpoint("HEAD /files/{id}", { id: 1 });
// @ts-expect-error: HEAD sends no body either
bodyless.endpoint("HEAD /files/{id}", { id: 1, title: "t" });
bodyless.endpoint("OPTIONS /items");
// @ts-expect-error: nor does OPTIONS
bodyless.endpoint("OPTIONS /items", { data: "x" });
// A lowercase method: the run time compares the method case-insensitively.
bodyless.endpoint("trace /echo", {});
// A body key that is also a declared parameter stays, as a parameter (a query parameter).
bodyless.endpoint("trace /echo", { note: "n" });
// @ts-expect-error: TRACE sends no body
bodyless.endpoint("trace /echo", { data: { note: "n" } });
bodyless.endpoint("PURGE /cache/{key}", { key: "k" });
// @ts-expect-error: a custom method sends no body
bodyless.endpoint("PURGE /cache/{key}", { key: "k", soft: true });
// @ts-expect-error: merge() offers no body form either
bodyless.merge("GET /search", { data: { filter: "f" } });
// @ts-expect-error: nor does the function interface
callable(bodyless)("GET /search", { q: "x", data: { filter: "f" } });
// A route without a method keeps its body: the method may be POST.
bodyless.endpoint("/bare/{id}", { id: 1, title: "t" });
bodyless.endpoint("/bare/{id}", { id: 1, data: { title: "t" } });
// @ts-expect-error: the body's key "title" is still required there
bodyless.endpoint("/bare/{id}", { id: 1 });
// Unknown routes stay untyped.
bodyless.endpoint("GET /unknown", { anything: 1 });

// --- A parameter that is no placeholder, beside data ------------------------------------------

// A route that sends a body sends its parameters that are no placeholder of its url as keys of
// the JSON body, and drops them when `data` is the body (spec §2.2 rules 3 and 4): beside `data`,
// only the route's placeholders are taken. The upload's `name` never reached the url.
interface UploadRoutes {
  "POST /assets": { parameters: { name: string; label?: string }; body: Uint8Array };
  "POST /assets/{id}{?name}": { parameters: { id: number; name: string }; body: Uint8Array };
  "DELETE /items/{id}": { parameters: { id: number; force?: boolean }; body?: { reason: string } };
  "/bare": { parameters: { q?: string }; body: { title: string } };
}
const uploads = new EndpointBuilder<UploadRoutes>();
const bytes = new Uint8Array([1]);
// @ts-expect-error: "name" is no placeholder of the route: the request went without it
uploads.endpoint("POST /assets", { name: "a.zip", data: bytes });
// @ts-expect-error: nor is the optional "label"
uploads.merge("POST /assets", { label: "A", data: bytes });
// In the url template, it is a placeholder: expanded into the query.
uploads.endpoint("POST /assets/{id}{?name}", { id: 1, name: "a.zip", data: bytes });
// Key by key, the parameters are the JSON body (the body itself is only data here).
uploads.endpoint("DELETE /items/{id}", { id: 1, force: true });
uploads.endpoint("DELETE /items/{id}", { id: 1, data: { reason: "r" } });
// @ts-expect-error: beside data, "force" is dropped
uploads.endpoint("DELETE /items/{id}", { id: 1, force: true, data: { reason: "r" } });
// @ts-expect-error: the same through the function interface
callable(uploads)("DELETE /items/{id}", { id: 1, force: true, data: { reason: "r" } });
// A bare url too: beside data its method is POST (data on GET is ERR_INVALID_OPTIONS).
uploads.endpoint("/bare", { data: { title: "t" } });
uploads.endpoint("/bare", { q: "x", title: "t" });
// @ts-expect-error: "q" is dropped beside data
uploads.endpoint("/bare", { q: "x", data: { title: "t" } });

// --- Typed defaults ---------------------------------------------------------------------------

const octo = acme.defaults({ owner: "octo" });
// `defaults()` keeps the subclass: its helper methods and its class.
octo.issues("octo", "hello");
const asAcme: AcmeEndpoint = octo;
void asAcme;
// "owner" is now provided by the defaults.
octo.endpoint("GET /repos/{owner}/{repo}/issues", { repo: "hello" });
// @ts-expect-error: "repo" is still required
octo.endpoint("GET /repos/{owner}/{repo}/issues");
const octoHello = octo.defaults({ repo: "hello" });
// Both provided: the options may be left out.
octoHello.endpoint("GET /repos/{owner}/{repo}/issues");
octoHello.endpoint("GET /repos/{owner}/{repo}/issues", { state: "closed" });
// A provided parameter may still be overridden, with its type.
octoHello.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "other" });
// @ts-expect-error: overriding with the wrong type
octoHello.endpoint("GET /repos/{owner}/{repo}/issues", { per_page: "x" });
// A default whose value is undefined provides nothing (it is dropped at run time).
const maybe: string | undefined = undefined;
// @ts-expect-error: "owner" may be undefined, so it is still required
acme.defaults({ owner: maybe }).endpoint("GET /repos/{owner}/{repo}/issues", { repo: "r" });
// Nor does a null default: DEFAULTS keeps it, and a required placeholder refuses it at run time
// (ERR_MISSING_PARAMETER), through `.defaults()` of a builder or of the function interface.
// @ts-expect-error: "owner" is null in the defaults, so it is still required
acme.defaults({ owner: null }).endpoint("GET /repos/{owner}/{repo}/issues", { repo: "r" });
// @ts-expect-error: the same through callable()
callable(acme).defaults({ owner: null })("GET /repos/{owner}/{repo}/issues", { repo: "r" });
const maybeNull: string | null = null as string | null;
// @ts-expect-error: a value that may be null provides nothing either
acme.defaults({ owner: maybeNull }).endpoint("GET /repos/{owner}/{repo}/issues", { repo: "r" });
// Untyped defaults (an EndpointOptions variable) provide no parameter.
// @ts-expect-error: "owner" is not known to be provided
acme.defaults(someOptions).endpoint("GET /repos/{owner}/{repo}/issues", { repo: "r" });

// A subclass that declares what its constructor always sets.
class OctoEndpoint extends EndpointBuilder<AcmeRoutes, { owner: string }> {
  constructor(defaults?: EndpointOptions) {
    super({ owner: "octo" }, defaults);
  }

  /** Inside the class, `this.endpoint()` knows the class's declared defaults. */
  repoIssues(repo: string): RequestOptions {
    return this.endpoint("GET /repos/{owner}/{repo}/issues", { repo });
  }

  badIssues(): RequestOptions {
    // @ts-expect-error: "repo" is not a declared default
    return this.endpoint("GET /repos/{owner}/{repo}/issues");
  }
}
const octoFromClass = new OctoEndpoint();
octoFromClass.endpoint("GET /repos/{owner}/{repo}/issues", { repo: "hello" });
expectType<Equal<typeof octoFromClass.DEFAULTS.owner, string>>();
octoFromClass.defaults({ repo: "hello" }).endpoint("GET /repos/{owner}/{repo}/issues");

// --- callable(): the function interface carries the map and the typed defaults --------------

const acmeEndpoint = callable(new AcmeEndpoint());
acmeEndpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
// @ts-expect-error: missing "repo" through the function interface too
acmeEndpoint("GET /repos/{owner}/{repo}/issues", { owner: "o" });
acmeEndpoint("GET /anything/{else}", { else: 1, more: 2 });
const octoEndpoint = acmeEndpoint.defaults({ owner: "octo" });
octoEndpoint("GET /repos/{owner}/{repo}/issues", { repo: "hello" });
octoEndpoint.defaults({ repo: "hello" })("GET /repos/{owner}/{repo}/issues");
// @ts-expect-error: wrong type through defaults() of the function interface
octoEndpoint("GET /repos/{owner}/{repo}/issues", { repo: "hello", per_page: "x" });
octoEndpoint.merge("POST /repos/{owner}/{repo}/issues", { title: "Hi" });
const acmeDefaultsOwner: unknown = octoEndpoint.DEFAULTS.owner;
void acmeDefaultsOwner;

// --- Strict route maps: a route outside the map does not compile ------------------------------

class StrictAcme extends EndpointBuilder<StrictRoutes<AcmeRoutes>> {}
const strictAcme = new StrictAcme();
strictAcme.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
strictAcme.merge("POST /repos/{owner}/{repo}/issues", { title: "Hi" });
strictAcme.defaults({ owner: "o" }).endpoint("GET /repos/{owner}/{repo}/issues", { repo: "r" });
// The options form is not a route string: it stays open (a url is not checked against the map).
strictAcme.endpoint({ url: "/rate_limit" });
// @ts-expect-error: a typo in the path is not a route of the map
strictAcme.endpoint("GET /repo/{owner}/{repo}/issues", { owner: "o", repo: "r" });
// @ts-expect-error: the method is uppercase in the map
strictAcme.endpoint("get /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
// @ts-expect-error: a route the map does not know, without options
strictAcme.endpoint("GET /rate_limit");
// @ts-expect-error: a string-typed route is not known to be in the map
strictAcme.endpoint(dynamicRoute, { id: 1 });
// @ts-expect-error: merge() is strict too
strictAcme.merge("GET /rate_limit");
// @ts-expect-error: and still checks the known route's parameters
strictAcme.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o" });
const strictFunction = callable(strictAcme).defaults({ owner: "o" });
strictFunction("GET /repos/{owner}/{repo}/issues", { repo: "r" });
// @ts-expect-error: the function interface is strict too
strictFunction("GET /pulls");
// @ts-expect-error: and so is its merge()
strictFunction.merge("GET /pulls");
// The default (non-strict) builder still takes routes outside a partial map.
acme.endpoint("GET /repo/{owner}/{repo}/issues", { owner: "o", repo: "r" });
expectType<Equal<RouteArgument<StrictRoutes<AcmeRoutes>>, keyof AcmeRoutes>>();
expectType<Equal<RouteKey<AcmeRoutes>, keyof AcmeRoutes>>();

// --- RequestHeaders (the former Headers) ------------------------------------------------------

const requestHeaders: RequestHeaders = endpoint("GET /").headers;
void requestHeaders;
