// Type tests of RoutesFromOpenApi over the file openapi-typescript generated in examples/openapi/.
import { EndpointBuilder } from "../../lib/index.js";
import type { BinaryBody, RouteResponse, RoutesFromOpenApi, StrictRoutes } from "../../lib/index.js";
import type { components, paths } from "../../examples/openapi/acme.js";
import { expectType } from "./expect-type.js";
import type { Equal } from "./expect-type.js";

type Routes = RoutesFromOpenApi<paths>;
type Issue = components["schemas"]["Issue"];

// One route per operation; `put?: never` and friends make none.
expectType<
  Equal<
    keyof Routes,
    | "GET /repos/{owner}/{repo}/issues"
    | "POST /repos/{owner}/{repo}/issues"
    | "GET /repos/{owner}/{repo}/issues/{issue_number}"
    | "PATCH /repos/{owner}/{repo}/issues/{issue_number}"
    | "POST /repos/{owner}/{repo}/releases/{release_id}/assets"
    | "PUT /repos/{owner}/{repo}/releases/{release_id}/assets"
  >
>();
// Path and query parameters as one flat object (as hovers show it).
expectType<
  Equal<
    Routes["GET /repos/{owner}/{repo}/issues"]["parameters"],
    {
      owner: string;
      repo: string;
      state?: "open" | "closed" | "all";
      labels?: string[];
      created?: { after?: string; before?: string };
      per_page?: number;
    }
  >
>();
// A required JSON body, an optional one, none.
expectType<
  Equal<
    Routes["POST /repos/{owner}/{repo}/issues"]["body"],
    { title: string; body?: string; labels?: string[] }
  >
>();
expectType<Equal<keyof Routes["GET /repos/{owner}/{repo}/issues"], "parameters" | "response">>();
expectType<
  Equal<
    Pick<Routes["PATCH /repos/{owner}/{repo}/issues/{issue_number}"], "body">,
    { body?: { title?: string; state?: "open" | "closed" } }
  >
>();
// The bodies of the 2xx responses (the 404 is not one).
expectType<Equal<RouteResponse<Routes, "GET /repos/{owner}/{repo}/issues">, Issue[]>>();
expectType<Equal<RouteResponse<Routes, "GET /repos/{owner}/{repo}/issues/{issue_number}">, Issue>>();

// A non-JSON request body (application/octet-stream, format: binary) takes bytes or text, not
// only the `string` openapi-typescript writes for it; multipart/form-data takes FormData.
type Upload = Routes["POST /repos/{owner}/{repo}/releases/{release_id}/assets"];
expectType<Equal<Upload["body"], Blob | Uint8Array | ArrayBuffer | ReadableStream | string>>();
expectType<Equal<Upload["body"], BinaryBody>>();
expectType<Equal<Routes["PUT /repos/{owner}/{repo}/releases/{release_id}/assets"]["body"], FormData>>();

const acme = new EndpointBuilder<StrictRoutes<Routes>>().defaults({ owner: "acme", repo: "rockets" });
const upload = "POST /repos/{owner}/{repo}/releases/{release_id}/assets";
const replace = "PUT /repos/{owner}/{repo}/releases/{release_id}/assets";
const bytes = new Uint8Array([1, 2, 3]);
acme.endpoint(replace, { release_id: 1, data: new FormData() });
// @ts-expect-error: a multipart body is FormData, not a plain object
acme.endpoint(replace, { release_id: 1, data: { f: 1 } });

// A query parameter of a POST, PUT, PATCH or DELETE operation is typed `never`: the document's
// path has no `{?…}` expression, and the run time sends a parameter that is no placeholder in the
// JSON body, or drops it beside `data` (spec §2.2 rules 3 and 4). The upload's `name` reached
// neither the url nor the body. Required by the document, it leaves the route no call that
// compiles; the options form, with `{?name}` in its url, sends it.
expectType<Equal<Upload["parameters"], { owner: string; repo: string; release_id: number; name: never }>>();
// @ts-expect-error: "name" would not reach the query (the request went without it)
acme.endpoint(upload, { release_id: 1, name: "a.bin", data: bytes });
// @ts-expect-error: the query parameter "name" is required by the document
acme.endpoint(upload, { release_id: 1, data: bytes });
acme.endpoint({
  method: "POST",
  url: "/repos/{owner}/{repo}/releases/{release_id}/assets{?name}",
  release_id: 1,
  name: "a.bin",
  data: bytes,
});
interface BlobPaths {
  "/blobs/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    post: {
      parameters: { query?: never; header?: never; path: { id: number }; cookie?: never };
      requestBody: { content: { "application/octet-stream": string } };
      responses: { 201: { headers: { [name: string]: unknown }; content?: never } };
    };
    delete: {
      parameters: { query?: { force?: boolean }; header?: never; path: { id: number }; cookie?: never };
      requestBody?: never;
      responses: { 204: { headers: { [name: string]: unknown }; content?: never } };
    };
    get: {
      parameters: { query?: { force?: boolean }; header?: never; path: { id: number }; cookie?: never };
      requestBody?: never;
      responses: { 200: { headers: { [name: string]: unknown }; content?: never } };
    };
  };
}
const blobs = new EndpointBuilder<RoutesFromOpenApi<BlobPaths>>();
for (const data of [new Blob(["x"]), bytes, bytes.buffer as ArrayBuffer, new ReadableStream(), "text"]) {
  blobs.endpoint("POST /blobs/{id}", { id: 1, data });
}
// @ts-expect-error: a number is not a binary body
blobs.endpoint("POST /blobs/{id}", { id: 1, data: 42 });
// @ts-expect-error: a binary body goes only as data, never key by key
blobs.endpoint("POST /blobs/{id}", { id: 1, byteLength: 3 });
blobs.endpoint("DELETE /blobs/{id}", { id: 1 });
// @ts-expect-error: an optional query parameter of a DELETE would be sent as its JSON body
blobs.endpoint("DELETE /blobs/{id}", { id: 1, force: true });
// A GET sends it as the query.
blobs.endpoint("GET /blobs/{id}", { id: 1, force: true });
// @ts-expect-error: strict: the document has no /releases route
acme.endpoint("GET /repos/{owner}/{repo}/releases");

// An operation whose method sends no body (GET, HEAD, OPTIONS, TRACE) but whose document gives
// it a requestBody: the route keeps the document's `body`, but the options offer no body form,
// since the run time sends none (`data` throws ERR_INVALID_OPTIONS, other keys go to the query).
// A `paths` interface in the shape openapi-typescript writes.
interface SearchPaths {
  "/search": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query: { q: string }; header?: never; path?: never; cookie?: never };
      requestBody: { content: { "application/json": { filter: string } } };
      responses: { 200: { headers: { [name: string]: unknown }; content: { "application/json": string[] } } };
    };
    head: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody?: { content: { "application/json": { filter?: string } } };
      responses: { 200: { headers: { [name: string]: unknown }; content?: never } };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    patch?: never;
    trace?: never;
  };
}
type SearchRoutes = RoutesFromOpenApi<SearchPaths>;
// A path item marked optional still gives its operations, with their parameters.
type OptionalPathRoutes = RoutesFromOpenApi<{
  "/opt/{id}"?: { get: { parameters: { path: { id: number } } } };
}>;
expectType<Equal<keyof OptionalPathRoutes, "GET /opt/{id}">>();
expectType<Equal<OptionalPathRoutes["GET /opt/{id}"]["parameters"], { id: number }>>();
expectType<Equal<SearchRoutes["GET /search"]["body"], { filter: string }>>();
const search = new EndpointBuilder<SearchRoutes>();
search.endpoint("GET /search", { q: "x" });
search.endpoint("HEAD /search");
// @ts-expect-error: a GET request has no body, whatever the document says
search.endpoint("GET /search", { q: "x", data: { filter: "f" } });
// @ts-expect-error: "filter" would be a query parameter the document does not declare
search.endpoint("GET /search", { q: "x", filter: "f" });
// @ts-expect-error: nor does HEAD
search.endpoint("HEAD /search", { filter: "f" });

// A parameter named as an option key (spec §2.1) is typed `never`: `url`, `method`, `baseUrl`,
// `headers`, `mediaType`, `data` and `request` are always the option, never a parameter
// (docs/api.md). A query parameter `url` was ERR_INVALID_OPTIONS at every call ("conflicts with
// route"), and one named `baseUrl` sent the request to the host it gave.
interface ReservedPaths {
  "/oembed": {
    get: {
      parameters: { query: { url: string; format?: string; baseUrl?: string }; path?: never };
      responses: { 200: { headers: { [name: string]: unknown }; content?: never } };
    };
  };
}
type ReservedRoutes = RoutesFromOpenApi<ReservedPaths>;
expectType<
  Equal<ReservedRoutes["GET /oembed"]["parameters"], { url: never; format?: string; baseUrl?: never }>
>();
const oembed = new EndpointBuilder<ReservedRoutes>();
// @ts-expect-error: the option url, not the query parameter: ERR_INVALID_OPTIONS
oembed.endpoint("GET /oembed", { url: "https://example.com/v/1" });
// @ts-expect-error: the option baseUrl: the request would go to evil.example
oembed.endpoint("GET /oembed", { url: "https://example.com/v/1" as never, baseUrl: "https://evil.example" });
// The options form, with the query's name written literally, sends it.
oembed.endpoint({ url: "/oembed?url={target}", target: "https://example.com/v/1" });
