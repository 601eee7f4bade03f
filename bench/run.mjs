// npm run bench: service-endpoint (the built dist/index.mjs) against @octokit/endpoint, url-template,
// deepmerge and a hand-written floor, in the same process, side by side, and the targets of
// issue 37 (met or not, computed from this run's figures; never written by hand).
//
// Method: every contestant is warmed up and calibrated to a batch of about BATCH_MS; then ROUNDS
// rounds run one batch of every contestant of a case, in an order that rotates each round
// (interleaved, so a slow spell of the machine hits all of them alike). We report the median
// time per call over the rounds and the ratios of medians. Three call mixes, each timed whole and
// call by call, so that no target is met by one mix or one call alone. Bytes allocated per call
// are measured in a child process (see measureAllocation). Writes docs/design/performance.md and
// docs/design/performance.svg. `--quick` (or BENCH_QUICK=1) for fewer, shorter rounds and a smaller
// memory run, to check that it works; `--no-write` to only print.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const ALLOCATION_CHILD = "--allocation-child";

// The memory figures need global.gc: re-run this script with --expose-gc when it is missing.
if (typeof globalThis.gc !== "function") {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, "--expose-gc", SELF, ...process.argv.slice(2)],
    {
      stdio: "inherit",
    },
  );
  process.exit(child.status ?? 1);
}

const { endpoint, parseTemplate, VERSION } = await import("../dist/index.mjs");
const { endpoint: octokitEndpoint } = await import("@octokit/endpoint");
const { parseTemplate: urlTemplateParse } = await import("url-template");
// A devDependency: the baseline of the per-call merge case, whether or not lib/ uses it.
const { default: deepmerge } = await import("deepmerge");
const { measureAll, prettierFormat, sizeLines, sizeSection, sizeTargets } = await import("./size.mjs");

const args = new Set(process.argv.slice(2));
const QUICK = args.has("--quick") || process.env.BENCH_QUICK === "1";
const ROUNDS = QUICK ? 7 : 61;
const BATCH_MS = QUICK ? 10 : 20;
const WARMUP_MS = QUICK ? 100 : 400;
/** Each single call of a mix is timed with fewer, shorter rounds: there are many of them. */
const CALL_TIMING = QUICK
  ? { rounds: 5, batchMs: 5, warmupMs: 50 }
  : { rounds: 31, batchMs: 10, warmupMs: 200 };
const MEMORY_CALLS = QUICK ? 200_000 : 1_000_000;
const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * The recorded figures of the code before issue 12, for the targets a same-process ratio cannot
 * measure (the pipeline of issue 12 replaced that code): the medians of the 2026-11-22
 * `npm run bench` run, as docs/design/performance.md of commit 4fbc0e6 shows them, on the machine it
 * names (AMD EPYC, 2 logical CPUs, Node v20.20.2). Figures from another day or machine compare
 * only roughly.
 */
const RECORDED = {
  date: "2026-11-22",
  machine: "AMD EPYC, 2 logical CPUs, Node v20.20.2",
  defaultsNs: 4820, // .defaults() creation: 4.82 µs
  mergeNs: 612, // merge(): 612 ns
  parseNs: 855, // parse(): 855 ns
  // @octokit/endpoint's figures of the same run: its code has not changed since, so how its
  // time moved between the two runs shows how much of a change is the machine's.
  octokit: { defaultsNs: 715, mergeNs: 1220, parseNs: 4680 },
};

/** The targets of issue 37 ("Targets"), then issue 12's still in force, each checked below. */
const TARGET = {
  mixVsOctokit: 15, // endpoint() on each mix at least 15× @octokit/endpoint...
  callVsOctokit: 10, // ...and no single call of any mix under 10×
  templateVsUrlTemplate: 20, // parseTemplate(t).expand(v) at least 20× url-template, each template
  defaultsSpeedup: 2, // issue 12: .defaults() creation at least 2× faster than RECORDED.defaultsNs
  // A million distinct urls must not grow the heap retained after a full GC by more than this:
  // bounded caches hold a fixed number of entries (filled by the warm-up), while caching every url
  // would keep hundreds of megabytes.
  heapGrowthBytes: 4 * 1048576,
};

// ---------------------------------------------------------------------------------------------
// The workloads. Both libraries get the same baseUrl through defaults, so outputs compare.

const BASE_URL = "https://api.service.example";
const GHE_URL = "https://ghe.example/api/v3";
const UPLOAD_URL =
  "https://uploads.service.example/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}";
const TOKEN = "token 0123456789abcdef";

// The floor: what hand-written code does for the same calls, one function per route taking the
// same options objects, every value still encoded per call, returning request options deep-equal
// to endpoint()'s (checked at start-up). encodeURIComponent leaves alone the unreserved set of
// RFC 6570 §1.5 and also !'()*, which RFC 6570 encodes: no value here holds one of those five,
// and the start-up check would fail if one did.
const enc = encodeURIComponent;
const UA = `service-endpoint.js/${VERSION}`;
const ACCEPT = "application/vnd.service.v3+json";
const JSON_TYPE = "application/json; charset=utf-8";
const ORG_DEFAULTS = { org: "acme", per_page: 100, authorization: TOKEN };

/**
 * The mixes. Each call is written as an app writes it, with its options literal at the call site,
 * for a library (`fns.ep`, and the builders `setup(ep)` makes beside it) and for the floor. The
 * same calls run whole (the mix) and one by one.
 */
const MIXES = [
  {
    name: "today's mix",
    detail:
      "six calls: GET with path and query, POST JSON body, two levels of defaults, mediaType.format, upload with {?name,label} and data, DELETE",
    setup: (ep) => ({
      org: ep.defaults({ headers: { authorization: TOKEN } }).defaults({ org: "acme", per_page: 100 }),
    }),
    calls: [
      {
        label: "GET /repos/{owner}/{repo}/issues (query)",
        run: ({ ep }) =>
          ep("GET /repos/{owner}/{repo}/issues", {
            owner: "octo",
            repo: "hello-world",
            state: "open",
            labels: "bug",
            per_page: 30,
          }),
        floor: () =>
          ((o) => ({
            method: "get",
            url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/issues?state=${enc(o.state)}&labels=${enc(o.labels)}&per_page=${enc(o.per_page)}`,
            headers: { accept: ACCEPT, "user-agent": UA },
          }))({ owner: "octo", repo: "hello-world", state: "open", labels: "bug", per_page: 30 }),
      },
      {
        label: "POST /repos/{owner}/{repo}/issues (JSON body)",
        run: ({ ep }) =>
          ep("POST /repos/{owner}/{repo}/issues", {
            owner: "octo",
            repo: "hello-world",
            title: "Found a bug",
            body: "I'm having a problem with this.",
            labels: ["bug"],
          }),
        floor: () =>
          ((o) => ({
            method: "post",
            url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/issues`,
            headers: { accept: ACCEPT, "user-agent": UA, "content-type": JSON_TYPE },
            body: { title: o.title, body: o.body, labels: o.labels },
          }))({
            owner: "octo",
            repo: "hello-world",
            title: "Found a bug",
            body: "I'm having a problem with this.",
            labels: ["bug"],
          }),
      },
      {
        label: "GET /orgs/{org}/repos (two levels of defaults)",
        run: ({ org }) => org("GET /orgs/{org}/repos", { type: "public" }),
        floor: () =>
          ((o) => ({
            method: "get",
            url: `${BASE_URL}/orgs/${enc(ORG_DEFAULTS.org)}/repos?per_page=${enc(ORG_DEFAULTS.per_page)}&type=${enc(o.type)}`,
            headers: { accept: ACCEPT, "user-agent": UA, authorization: ORG_DEFAULTS.authorization },
          }))({ type: "public" }),
      },
      {
        label: "GET /repos/{owner}/{repo}/pulls/{pull_number} (format diff)",
        run: ({ ep }) =>
          ep("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
            owner: "octo",
            repo: "hello-world",
            pull_number: 1347,
            mediaType: { format: "diff" },
          }),
        floor: () =>
          ((o) => ({
            method: "get",
            url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/pulls/${enc(o.pull_number)}`,
            headers: { accept: `application/vnd.service.v3.${o.mediaType.format}`, "user-agent": UA },
          }))({ owner: "octo", repo: "hello-world", pull_number: 1347, mediaType: { format: "diff" } }),
      },
      {
        label: "POST upload {?name,label} with data",
        run: ({ ep }) =>
          ep(`POST ${UPLOAD_URL}`, {
            owner: "octo",
            repo: "hello-world",
            release_id: 1,
            name: "example.zip",
            label: "short description",
            data: "Hello, world!",
            headers: { "content-type": "text/plain", "content-length": 13 },
          }),
        floor: () =>
          ((o) => ({
            method: "post",
            url: `https://uploads.service.example/repos/${enc(o.owner)}/${enc(o.repo)}/releases/${enc(o.release_id)}/assets?name=${enc(o.name)}&label=${enc(o.label)}`,
            headers: {
              accept: ACCEPT,
              "user-agent": UA,
              "content-type": o.headers["content-type"],
              "content-length": o.headers["content-length"],
            },
            body: o.data,
          }))({
            owner: "octo",
            repo: "hello-world",
            release_id: 1,
            name: "example.zip",
            label: "short description",
            data: "Hello, world!",
            headers: { "content-type": "text/plain", "content-length": 13 },
          }),
      },
      {
        label: "DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}",
        run: ({ ep }) =>
          ep("DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}", {
            owner: "octo",
            repo: "hello-world",
            comment_id: 42,
          }),
        floor: () =>
          ((o) => ({
            method: "delete",
            url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/issues/comments/${enc(o.comment_id)}`,
            headers: { accept: ACCEPT, "user-agent": UA },
          }))({ owner: "octo", repo: "hello-world", comment_id: 42 }),
      },
    ],
  },
  {
    name: "headers mix",
    detail:
      "five calls with per-call headers (authorization on each, x-request-id, if-none-match), mediaType.format raw and sha, and a .defaults() builder with its own baseUrl (GET with a query, PATCH with a JSON body)",
    setup: (ep) => ({ ghe: ep.defaults({ baseUrl: GHE_URL }) }),
    calls: [
      {
        label: "GET /repos/{owner}/{repo}/issues/{issue_number} (authorization, format raw)",
        run: ({ ep }) =>
          ep("GET /repos/{owner}/{repo}/issues/{issue_number}", {
            owner: "octo",
            repo: "hello-world",
            issue_number: 1347,
            headers: { authorization: TOKEN },
            mediaType: { format: "raw" },
          }),
        floor: () =>
          ((o) => ({
            method: "get",
            url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/issues/${enc(o.issue_number)}`,
            headers: {
              accept: `application/vnd.service.v3.${o.mediaType.format}`,
              "user-agent": UA,
              authorization: o.headers.authorization,
            },
          }))({
            owner: "octo",
            repo: "hello-world",
            issue_number: 1347,
            headers: { authorization: TOKEN },
            mediaType: { format: "raw" },
          }),
      },
      {
        label: "GET /user/repos (authorization, query)",
        run: ({ ep }) => ep("GET /user/repos", { visibility: "private", headers: { authorization: TOKEN } }),
        floor: () =>
          ((o) => ({
            method: "get",
            url: `${BASE_URL}/user/repos?visibility=${enc(o.visibility)}`,
            headers: { accept: ACCEPT, "user-agent": UA, authorization: o.headers.authorization },
          }))({ visibility: "private", headers: { authorization: TOKEN } }),
      },
      {
        label: "GET /orgs/{org}/members (own baseUrl, authorization)",
        run: ({ ghe }) =>
          ghe("GET /orgs/{org}/members", { org: "acme", per_page: 50, headers: { authorization: TOKEN } }),
        floor: () =>
          ((o) => ({
            method: "get",
            url: `${GHE_URL}/orgs/${enc(o.org)}/members?per_page=${enc(o.per_page)}`,
            headers: { accept: ACCEPT, "user-agent": UA, authorization: o.headers.authorization },
          }))({ org: "acme", per_page: 50, headers: { authorization: TOKEN } }),
      },
      {
        label: "PATCH /repos/{owner}/{repo} (own baseUrl, two headers, JSON body)",
        run: ({ ghe }) =>
          ghe("PATCH /repos/{owner}/{repo}", {
            owner: "octo",
            repo: "hello-world",
            description: "A new description",
            headers: { authorization: TOKEN, "x-request-id": "42" },
          }),
        floor: () =>
          ((o) => ({
            method: "patch",
            url: `${GHE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}`,
            headers: {
              accept: ACCEPT,
              "user-agent": UA,
              authorization: o.headers.authorization,
              "x-request-id": o.headers["x-request-id"],
              "content-type": JSON_TYPE,
            },
            body: { description: o.description },
          }))({
            owner: "octo",
            repo: "hello-world",
            description: "A new description",
            headers: { authorization: TOKEN, "x-request-id": "42" },
          }),
      },
      {
        label: "GET /repos/{owner}/{repo}/commits/{ref} (format sha, two headers)",
        run: ({ ep }) =>
          ep("GET /repos/{owner}/{repo}/commits/{ref}", {
            owner: "octo",
            repo: "hello-world",
            ref: "main",
            mediaType: { format: "sha" },
            headers: { authorization: TOKEN, "if-none-match": '"abc"' },
          }),
        floor: () =>
          ((o) => ({
            method: "get",
            url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/commits/${enc(o.ref)}`,
            headers: {
              accept: `application/vnd.service.v3.${o.mediaType.format}`,
              "user-agent": UA,
              authorization: o.headers.authorization,
              "if-none-match": o.headers["if-none-match"],
            },
          }))({
            owner: "octo",
            repo: "hello-world",
            ref: "main",
            mediaType: { format: "sha" },
            headers: { authorization: TOKEN, "if-none-match": '"abc"' },
          }),
      },
    ],
  },
  {
    name: "templates mix",
    detail:
      "five calls whose templates hold {?…} and {/…} expressions (a query of five, an optional segment, both), and a PUT with data and a content-type",
    setup: () => ({}),
    calls: [
      {
        label: "GET /search/issues{?q,sort,order,per_page,page}",
        run: ({ ep }) =>
          ep("GET /search/issues{?q,sort,order,per_page,page}", {
            q: "is:open label:bug",
            sort: "created",
            order: "desc",
            per_page: 50,
            page: 2,
          }),
        floor: () =>
          ((o) => ({
            method: "get",
            url: `${BASE_URL}/search/issues?q=${enc(o.q)}&sort=${enc(o.sort)}&order=${enc(o.order)}&per_page=${enc(o.per_page)}&page=${enc(o.page)}`,
            headers: { accept: ACCEPT, "user-agent": UA },
          }))({ q: "is:open label:bug", sort: "created", order: "desc", per_page: 50, page: 2 }),
      },
      {
        label: "GET /repos/{owner}/{repo}/contents{/path}",
        run: ({ ep }) =>
          ep("GET /repos/{owner}/{repo}/contents{/path}", {
            owner: "octo",
            repo: "hello-world",
            path: "README.md",
          }),
        floor: () =>
          ((o) => ({
            method: "get",
            url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/contents/${enc(o.path)}`,
            headers: { accept: ACCEPT, "user-agent": UA },
          }))({ owner: "octo", repo: "hello-world", path: "README.md" }),
      },
      {
        label: "GET /orgs/{org}/teams{/team_slug}/members{?role,per_page}",
        run: ({ ep }) =>
          ep("GET /orgs/{org}/teams{/team_slug}/members{?role,per_page}", {
            org: "acme",
            team_slug: "core",
            role: "maintainer",
            per_page: 100,
          }),
        floor: () =>
          ((o) => ({
            method: "get",
            url: `${BASE_URL}/orgs/${enc(o.org)}/teams/${enc(o.team_slug)}/members?role=${enc(o.role)}&per_page=${enc(o.per_page)}`,
            headers: { accept: ACCEPT, "user-agent": UA },
          }))({ org: "acme", team_slug: "core", role: "maintainer", per_page: 100 }),
      },
      {
        label: "PUT /repos/{owner}/{repo}/contents/{path} (data, content-type)",
        run: ({ ep }) =>
          ep("PUT /repos/{owner}/{repo}/contents/{path}", {
            owner: "octo",
            repo: "hello-world",
            path: "notes.txt",
            data: "Hello, world!",
            headers: { "content-type": "text/plain; charset=utf-8" },
          }),
        floor: () =>
          ((o) => ({
            method: "put",
            url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/contents/${enc(o.path)}`,
            headers: { accept: ACCEPT, "user-agent": UA, "content-type": o.headers["content-type"] },
            body: o.data,
          }))({
            owner: "octo",
            repo: "hello-world",
            path: "notes.txt",
            data: "Hello, world!",
            headers: { "content-type": "text/plain; charset=utf-8" },
          }),
      },
      {
        label: "GET /repos/{owner}/{repo}/git/trees/{tree_sha}{?recursive}",
        run: ({ ep }) =>
          ep("GET /repos/{owner}/{repo}/git/trees/{tree_sha}{?recursive}", {
            owner: "octo",
            repo: "hello-world",
            tree_sha: "main",
            recursive: 1,
          }),
        floor: () =>
          ((o) => ({
            method: "get",
            url: `${BASE_URL}/repos/${enc(o.owner)}/${enc(o.repo)}/git/trees/${enc(o.tree_sha)}?recursive=${enc(o.recursive)}`,
            headers: { accept: ACCEPT, "user-agent": UA },
          }))({ owner: "octo", repo: "hello-world", tree_sha: "main", recursive: 1 }),
      },
    ],
  },
];

const ours = endpoint.defaults({ baseUrl: BASE_URL });
const octokit = octokitEndpoint.defaults({ baseUrl: BASE_URL });

/**
 * A mix as one function for a library (`fns`) or the floor (`fns` undefined): it makes every call
 * of the mix and stores each result in `run.out`, so every request options object is really built
 * and escapes, and the start-up check reads the very objects the timed code made.
 */
function mixRunner(mix, fns) {
  const calls = mix.calls.map((call) => (fns === undefined ? call.floor : () => call.run(fns)));
  const out = new Array(calls.length).fill(null);
  const run = () => {
    for (let i = 0; i < calls.length; i++) out[i] = calls[i]();
    return out[out.length - 1].url.length;
  };
  run.out = out;
  return run;
}

const contestantsOf = (mix) => {
  const oursFns = { ep: ours, ...mix.setup(ours) };
  const octokitFns = { ep: octokit, ...mix.setup(octokit) };
  return {
    whole: [
      ["service-endpoint", mixRunner(mix, oursFns)],
      ["@octokit/endpoint", mixRunner(mix, octokitFns)],
      ["hand-written floor", mixRunner(mix, undefined)],
    ],
    byCall: mix.calls.map((call) => [
      ["service-endpoint", () => call.run(oursFns).url.length],
      ["@octokit/endpoint", () => call.run(octokitFns).url.length],
      ["hand-written floor", () => call.floor().url.length],
    ]),
  };
};
const MIX_CONTESTANTS = MIXES.map(contestantsOf);

/**
 * parseTemplate(t).expand(v) against url-template and a hand-written floor: a path, a query, a
 * level-4 explode, and issue 12's. Each floor is the plain function a developer would write for
 * that one template: values through encodeURIComponent (see the floor of the mixes), lists and
 * objects walked in plain loops, no checks. It must return exactly parseTemplate's string
 * for these values (checked at start-up); it is not a general expander.
 */
const TEMPLATES = [
  {
    name: "path",
    template: "/repos/{owner}/{repo}/issues/{issue_number}",
    values: { owner: "octo", repo: "hello-world", issue_number: 1347 },
    floor: (v) => `/repos/${enc(v.owner)}/${enc(v.repo)}/issues/${enc(v.issue_number)}`,
  },
  {
    name: "query",
    template: "/search/issues{?q,sort,order,per_page,page}",
    values: { q: "is:open label:bug", sort: "created", order: "desc", per_page: 50, page: 2 },
    floor: (v) =>
      `/search/issues?q=${enc(v.q)}&sort=${enc(v.sort)}&order=${enc(v.order)}&per_page=${enc(v.per_page)}&page=${enc(v.page)}`,
  },
  {
    name: "level-4 explode",
    template: "/files{/path*}{?filters*}",
    values: {
      path: ["docs", "guide", "README.md"],
      filters: { state: "open", sort: "created", per_page: 30 },
    },
    // {/path*}: one segment per item (RFC 6570 §3.2.6); {?filters*}: one name=value pair per key (§3.2.8).
    floor: (v) => {
      let url = "/files";
      for (const segment of v.path) url += `/${enc(segment)}`;
      let separator = "?";
      for (const key of Object.keys(v.filters)) {
        url += `${separator}${enc(key)}=${enc(v.filters[key])}`;
        separator = "&";
      }
      return url;
    },
  },
  {
    name: "path and query",
    template: "/repos/{owner}/{repo}/issues{?state,labels,sort,per_page}",
    values: {
      owner: "octo",
      repo: "hello-world",
      state: "open",
      labels: ["bug", "ui"],
      sort: "created",
      per_page: 30,
    },
    // A list without explode is its items joined by commas (RFC 6570 §3.2.1).
    floor: (v) => {
      let labels = "";
      for (const label of v.labels) labels += (labels === "" ? "" : ",") + enc(label);
      return `/repos/${enc(v.owner)}/${enc(v.repo)}/issues?state=${enc(v.state)}&labels=${labels}&sort=${enc(v.sort)}&per_page=${enc(v.per_page)}`;
    },
  },
];

const MERGE_ROUTE = "GET /repos/{owner}/{repo}/issues";
const MERGE_OPTIONS = { owner: "octo", repo: "hello-world", state: "open", headers: { "X-Trace": "1" } };
const DEFAULTS_OPTIONS = { headers: { authorization: TOKEN }, org: "acme", per_page: 100 };
const oursMerged = ours.merge(MERGE_ROUTE, MERGE_OPTIONS);
const octokitMerged = octokit.merge(MERGE_ROUTE, MERGE_OPTIONS);
// What a general deep merge of one call over the defaults costs (the per-call merge's job).
const DEEPMERGE_OPTIONS = {
  method: "GET",
  url: "/repos/{owner}/{repo}/issues",
  ...MERGE_OPTIONS,
  headers: { "x-trace": "1" },
};
const plainDefaults = structuredClone(ours.DEFAULTS);

/**
 * The comparisons mean something only if the contestants do the same job: on every call of every
 * mix the floor must return request options deep-equal to endpoint()'s and @octokit/endpoint must
 * build the same url and body (its method case and its own user-agent and accept differ by
 * design); url-template and each template's floor must return exactly parseTemplate's string.
 * Fails loudly, before any timing.
 */
function checkSameJob() {
  try {
    MIXES.forEach((mix, m) => {
      const [[, oursMix], [, octokitMix], [, floorMix]] = MIX_CONTESTANTS[m].whole;
      oursMix();
      octokitMix();
      floorMix();
      mix.calls.forEach((call, i) => {
        const what = `call ${i + 1} of ${mix.name} (${oursMix.out[i].method} ${oursMix.out[i].url})`;
        assert.deepStrictEqual(
          floorMix.out[i],
          oursMix.out[i],
          `the floor differs from endpoint() on ${what}`,
        );
        assert.equal(
          octokitMix.out[i].url,
          oursMix.out[i].url,
          `@octokit/endpoint builds another url on ${what}`,
        );
        // JSON, not deepStrictEqual: @octokit/endpoint's bodies have a null prototype.
        assert.equal(
          JSON.stringify(octokitMix.out[i].body),
          JSON.stringify(oursMix.out[i].body),
          `@octokit/endpoint builds another body on ${what}`,
        );
      });
    });
    for (const { name, template, values, floor } of TEMPLATES) {
      const expected = parseTemplate(template).expand(values);
      assert.strictEqual(
        urlTemplateParse(template).expand(values),
        expected,
        `url-template expands the ${name} template ${template} differently`,
      );
      assert.strictEqual(
        floor(values),
        expected,
        `the floor of the ${name} template ${template} differs from parseTemplate(t).expand(v)`,
      );
    }
  } catch (error) {
    console.error(
      `bench: the contestants do not do the same job, so no figure would mean anything.\n${error.message}`,
    );
    process.exit(1);
  }
}

const MIX_FLOOR_NOTE =
  "the floor is one hand-written function per route returning deep-equal request options, values encoded per call";

/**
 * Each case: its contestants, the first is service-endpoint; `calls` is how many library calls
 * one invocation makes (a mix makes one per call of it); `timing` overrides the rounds. The first
 * case is today's mix: the allocation and memory figures are measured on it.
 */
const CASES = [
  ...MIXES.map((mix, m) => ({
    name: `endpoint() ${mix.name}`,
    mix: m,
    detail: `${mix.detail}; ${MIX_FLOOR_NOTE}`,
    calls: mix.calls.length,
    contestants: MIX_CONTESTANTS[m].whole,
  })),
  ...MIXES.flatMap((mix, m) =>
    mix.calls.map((call, i) => ({
      name: `${mix.name}, call ${i + 1}`,
      mix: m,
      call: i,
      detail: call.label,
      calls: 1,
      timing: CALL_TIMING,
      contestants: MIX_CONTESTANTS[m].byCall[i],
    })),
  ),
  ...TEMPLATES.map(({ name, template, values, floor }) => ({
    name: `parseTemplate(t).expand(v): ${name}`,
    template: name,
    uriTemplate: template,
    detail: `template ${template}; the floor is one hand-written function for this template returning the same string, values encoded per call`,
    calls: 1,
    contestants: [
      ["service-endpoint", () => parseTemplate(template).expand(values).length],
      ["url-template 3.1.1", () => urlTemplateParse(template).expand(values).length],
      ["hand-written floor", () => floor(values).length],
    ],
  })),
  {
    name: ".defaults() creation",
    detail: "headers.authorization, org and per_page over the defaults",
    calls: 1,
    recorded: [RECORDED.defaultsNs, RECORDED.octokit.defaultsNs],
    contestants: [
      ["service-endpoint", () => ours.defaults(DEFAULTS_OPTIONS).DEFAULTS.baseUrl.length],
      ["@octokit/endpoint", () => octokit.defaults(DEFAULTS_OPTIONS).DEFAULTS.baseUrl.length],
    ],
  },
  {
    name: "merge()",
    detail: `${MERGE_ROUTE} with path, query and one header`,
    calls: 1,
    recorded: [RECORDED.mergeNs, RECORDED.octokit.mergeNs],
    contestants: [
      ["service-endpoint", () => ours.merge(MERGE_ROUTE, MERGE_OPTIONS).url.length],
      ["@octokit/endpoint", () => octokit.merge(MERGE_ROUTE, MERGE_OPTIONS).url.length],
    ],
  },
  {
    name: "parse()",
    detail: "the merged options of the merge() case",
    calls: 1,
    recorded: [RECORDED.parseNs, RECORDED.octokit.parseNs],
    contestants: [
      ["service-endpoint", () => ours.parse(oursMerged).url.length],
      ["@octokit/endpoint", () => octokit.parse(octokitMerged).url.length],
    ],
  },
  {
    name: "per-call merge",
    detail:
      "service-endpoint merge() (validation included) vs deepmerge(DEFAULTS, options) (deepmerge from node_modules)",
    calls: 1,
    contestants: [
      ["service-endpoint", () => ours.merge(MERGE_ROUTE, MERGE_OPTIONS).url.length],
      ["deepmerge", () => deepmerge(plainDefaults, DEEPMERGE_OPTIONS).url.length],
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// The runner.

let sink = 0; // every result feeds it, so no call can be optimised away

function timeBatch(fn, iterations) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink = (sink + fn()) | 0;
  return Number(process.hrtime.bigint() - start);
}

/** The CPU time this process has used, in ns: on a shared machine it grows only while we run. */
const cpuNs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
};

/**
 * Warms `fn` up for `warmupMs` of CPU time (wall time would warm it up less on a busy machine)
 * and returns the iteration count of a batch of about `batchMs`.
 */
function calibrate(fn, { warmupMs, batchMs }) {
  let iterations = 16;
  const start = cpuNs();
  let perCall = Infinity;
  while (cpuNs() - start < warmupMs * 1e6) {
    const ns = timeBatch(fn, iterations);
    perCall = ns / iterations;
    if (ns < 5e6) iterations *= 2;
  }
  return Math.max(1, Math.round((batchMs * 1e6) / perCall));
}

/**
 * Runs every contestant of every case for `ms` of CPU time before any case is timed: the cases
 * share the library's code, and the first ones timed would otherwise pay for compiling it.
 */
function warmAll(cases, ms) {
  for (const benchCase of cases) {
    for (const [, fn] of benchCase.contestants) {
      const start = cpuNs();
      while (cpuNs() - start < ms * 1e6) timeBatch(fn, 64);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function runCase(benchCase) {
  const timing = benchCase.timing ?? { rounds: ROUNDS, batchMs: BATCH_MS, warmupMs: WARMUP_MS };
  const entries = benchCase.contestants.map(([name, fn]) => ({
    name,
    fn,
    iterations: calibrate(fn, timing),
    samples: [],
  }));
  for (let round = 0; round < timing.rounds; round++) {
    for (let k = 0; k < entries.length; k++) {
      const entry = entries[(round + k) % entries.length];
      const ns = timeBatch(entry.fn, entry.iterations);
      entry.samples.push(ns / entry.iterations / benchCase.calls);
    }
  }
  const results = entries.map(({ name, samples }) => {
    const nsPerCall = median(samples);
    const spread = (median(samples.map((s) => Math.abs(s - nsPerCall))) / nsPerCall) * 100;
    return { name, nsPerCall, opsPerSecond: 1e9 / nsPerCall, spread };
  });
  const ourTime = results[0].nsPerCall;
  for (const result of results) result.ratio = result.nsPerCall / ourTime;
  return { ...benchCase, results };
}

/** A million calls with distinct urls: the heap retained after a full GC must stay bounded. */
function runMemory() {
  const heap = () => process.memoryUsage().heapUsed;
  const call = (i) => endpoint(`GET /repos/octo/hello/issues/${i}/comments{?page}`, { page: 2 });
  for (let i = 0; i < 10_000; i++) call(-i); // fill the caches as a warm process would have them
  globalThis.gc();
  const before = heap();
  let peak = before;
  const start = process.hrtime.bigint();
  for (let i = 0; i < MEMORY_CALLS; i++) {
    sink = (sink + call(i).url.length) | 0;
    if (i % 50_000 === 0) peak = Math.max(peak, heap());
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  globalThis.gc();
  const after = heap();
  return { calls: MEMORY_CALLS, before, after, peak, seconds };
}

// Bytes allocated per call. Node 20's v8.getHeapStatistics() has no total_allocated_bytes, so we
// read process.memoryUsage().heapUsed before and after runs of calls that no garbage collection
// interrupts: a child process with a 64 MB new space (--min/--max-semi-space-size) starts every
// sample from a full GC and stays well under that, so nothing is collected while it counts.
const SEMI_SPACE_MB = 64;
const SAMPLE_BYTES = 24 * 1048576; // one sample allocates about this much, under SEMI_SPACE_MB
const CHUNKS = 8; // a sample is read after each of CHUNKS runs; the median of all runs is reported

function measureAllocationHere() {
  const heap = () => process.memoryUsage().heapUsed;
  const contestants = CASES[0].contestants;
  const results = {};
  for (const [name, fn] of contestants) {
    for (let i = 0; i < 20_000; i++) sink = (sink + fn()) | 0; // warm, and the caches full
    globalThis.gc();
    const probe = 200;
    const h = heap();
    for (let i = 0; i < probe; i++) sink = (sink + fn()) | 0;
    const rough = Math.max(1, (heap() - h) / probe);
    const perChunk = Math.max(1, Math.floor(SAMPLE_BYTES / CHUNKS / rough));
    const figures = [];
    for (let sample = 0; sample < (QUICK ? 3 : 7); sample++) {
      globalThis.gc();
      let last = heap();
      for (let chunk = 0; chunk < CHUNKS; chunk++) {
        for (let i = 0; i < perChunk; i++) sink = (sink + fn()) | 0;
        const now = heap();
        // A negative step means a collection ran after all: that run does not count.
        if (now >= last) figures.push((now - last) / perChunk / CASES[0].calls);
        last = now;
      }
    }
    results[name] = { bytesPerCall: median(figures), runs: figures.length };
  }
  return results;
}

/** Runs measureAllocationHere() in a child process with the large new space; fails loudly. */
function measureAllocation() {
  const child = spawnSync(
    process.execPath,
    [
      "--expose-gc",
      `--min-semi-space-size=${SEMI_SPACE_MB}`,
      `--max-semi-space-size=${SEMI_SPACE_MB}`,
      SELF,
      ALLOCATION_CHILD,
      ...(QUICK ? ["--quick"] : []),
    ],
    { encoding: "utf8" },
  );
  if (child.status !== 0) {
    console.error(`bench: the allocation measurement failed (exit ${child.status}):\n${child.stderr}`);
    process.exit(1);
  }
  return JSON.parse(child.stdout.trim().split("\n").pop());
}

// ---------------------------------------------------------------------------------------------
// Output: a console table, docs/design/performance.md and docs/design/performance.svg.

const fmtNs = (ns) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);
const fmtOps = (ops) => (ops >= 1e6 ? `${(ops / 1e6).toFixed(2)} M/s` : `${(ops / 1e3).toFixed(0)} k/s`);
const fmtMB = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
// Three significant digits, rounded down: rounded to nearest, 19.97× would read "20.0×" next to
// "not met" (the targets are whole numbers: 10×, 15×, 20×).
const fmtRatio = (r) => {
  const decimals = r >= 100 ? 0 : r >= 10 ? 1 : 2;
  // The 1e-9 keeps binary fractions such as 0.29 * 100 = 28.999… from losing their last digit.
  return `${(Math.floor(r * 10 ** decimals + 1e-9) / 10 ** decimals).toFixed(decimals)}×`;
};

function ratioNote(benchCase, result, index) {
  if (index === 0) return "1×";
  if (result.ratio >= 1) return `${fmtRatio(result.ratio)} slower`;
  return `${fmtRatio(1 / result.ratio)} faster`;
}

function printTable(cases) {
  const rows = [["case", "library", "time / call", "calls / s", "vs service-endpoint", "± (MAD)"]];
  for (const c of cases) {
    c.results.forEach((r, i) =>
      rows.push([
        i === 0 ? c.name : "",
        r.name,
        fmtNs(r.nsPerCall),
        fmtOps(r.opsPerSecond),
        ratioNote(c, r, i),
        `${r.spread.toFixed(1)}%`,
      ]),
    );
  }
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  for (const [i, row] of rows.entries()) {
    console.log(
      row.map((cell, col) => (col >= 2 ? cell.padStart(widths[col]) : cell.padEnd(widths[col]))).join("  "),
    );
    if (i === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
}

const escapeXml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A horizontal bar chart of calls per second, each case on its own scale, bars labelled. */
function renderSvg(cases) {
  const width = 760;
  const labelWidth = 190;
  const barMax = width - labelWidth - 130;
  const barHeight = 18;
  const colors = ["#2f6fde", "#9aa5b1", "#c9d1d9"];
  let y = 40;
  const parts = [];
  for (const c of cases) {
    parts.push(`<text x="10" y="${y}" font-weight="bold">${escapeXml(c.name)}</text>`);
    y += 8;
    const max = Math.max(...c.results.map((r) => r.opsPerSecond));
    c.results.forEach((r, i) => {
      const w = Math.max(1, (r.opsPerSecond / max) * barMax);
      const color = i === 0 ? colors[0] : colors[Math.min(i, colors.length - 1)];
      parts.push(
        `<text x="${labelWidth - 8}" y="${y + 13}" text-anchor="end">${escapeXml(r.name)}</text>`,
        `<rect x="${labelWidth}" y="${y}" width="${w.toFixed(1)}" height="${barHeight}" fill="${color}"/>`,
        `<text x="${(labelWidth + w + 6).toFixed(1)}" y="${y + 13}">${escapeXml(`${fmtOps(r.opsPerSecond)}  (${ratioNote(c, r, i)})`)}</text>`,
      );
      y += barHeight + 4;
    });
    y += 22;
  }
  const height = y;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">Calls per second (median of ${ROUNDS} interleaved rounds; longer is better; each case on its own scale)</text>`,
    ...parts,
    "</svg>",
    "",
  ].join("\n");
}

const byName = (benchCase, name) => benchCase.results.find((r) => r.name === name);
const caseNamed = (cases, name) => cases.find((c) => c.name === name);
const fmtBytes = (n) => `${Math.round(n).toLocaleString("en-US")} B`;

/** The whole-mix case of each mix, and its single-call cases. */
const mixCases = (cases) =>
  MIXES.map((mix, m) => ({
    mix,
    whole: cases.find((c) => c.mix === m && c.call === undefined),
    byCall: cases.filter((c) => c.mix === m && c.call !== undefined),
  }));

/** How many times @octokit/endpoint's time (or the floor's) is ours, in a case. */
const vsOctokit = (benchCase) => byName(benchCase, "@octokit/endpoint").ratio;
const vsFloor = (benchCase) => 1 / byName(benchCase, "hand-written floor").ratio;

/**
 * Every target of issue 37 (then issue 12's still in force) as a row { label, goal, measured,
 * met }; `met` is computed here from this run's figures and the recorded baseline, never written
 * by hand.
 */
function targetRows(cases, memory, sizes) {
  const defaults = caseNamed(cases, ".defaults() creation");
  const defaultsSpeedup = RECORDED.defaultsNs / defaults.results[0].nsPerCall;
  const growth = memory.after - memory.before;
  const rows = [];
  for (const { mix, whole, byCall } of mixCases(cases)) {
    const ratio = vsOctokit(whole);
    rows.push({
      label: `\`endpoint()\` ${mix.name} vs @octokit/endpoint`,
      goal: `≥ ${TARGET.mixVsOctokit}× faster`,
      measured: `${fmtRatio(ratio)} faster`,
      met: ratio >= TARGET.mixVsOctokit,
    });
    const lowest = byCall.reduce((low, c) => (vsOctokit(c) < vsOctokit(low) ? c : low));
    rows.push({
      label: `every call of ${mix.name} vs @octokit/endpoint`,
      goal: `each ≥ ${TARGET.callVsOctokit}× faster`,
      measured: `lowest ${fmtRatio(vsOctokit(lowest))} (call ${lowest.call + 1})`,
      met: byCall.every((c) => vsOctokit(c) >= TARGET.callVsOctokit),
    });
  }
  for (const c of cases.filter((c) => c.template !== undefined)) {
    const ratio = byName(c, "url-template 3.1.1").ratio;
    rows.push({
      label: `\`parseTemplate(t).expand(v)\` vs url-template, ${c.template}`,
      goal: `≥ ${TARGET.templateVsUrlTemplate}× faster`,
      measured: `${fmtRatio(ratio)} faster`,
      met: ratio >= TARGET.templateVsUrlTemplate,
    });
  }
  rows.push(
    ...sizeTargets(sizes),
    {
      label: `\`.defaults()\` creation vs the recorded ${fmtNs(RECORDED.defaultsNs)} of ${RECORDED.date} (issue 12)`,
      goal: `≥ ${TARGET.defaultsSpeedup}× faster (≤ ${fmtNs(RECORDED.defaultsNs / TARGET.defaultsSpeedup)})`,
      measured: `${fmtNs(defaults.results[0].nsPerCall)}: ${fasterOrSlower(defaultsSpeedup)}`,
      met: defaultsSpeedup >= TARGET.defaultsSpeedup,
    },
    {
      label: `heap after ${memory.calls.toLocaleString("en-US")} calls with distinct urls (after a full GC; issue 12)`,
      goal: `grows ≤ ${fmtMB(TARGET.heapGrowthBytes)}`,
      measured: `${growth >= 0 ? "+" : ""}${fmtMB(growth)}`,
      met: growth <= TARGET.heapGrowthBytes,
    },
  );
  return rows;
}

/**
 * Each mix: the whole mix, then every call of it, against @octokit/endpoint (with the target) and
 * the hand-written floor (reported: how many times the floor's time endpoint() takes). Console
 * lines, or markdown table rows.
 */
function mixLines(cases, asMarkdown) {
  const lines = [];
  for (const { mix, whole, byCall } of mixCases(cases)) {
    const rows = [
      [
        `whole mix (${whole.calls} calls)`,
        fmtNs(whole.results[0].nsPerCall),
        `${fmtRatio(vsOctokit(whole))} ${vsOctokit(whole) >= TARGET.mixVsOctokit ? "met" : "NOT MET"} (≥ ${TARGET.mixVsOctokit}×)`,
        `${fmtRatio(vsFloor(whole))}`,
      ],
      ...byCall.map((c) => [
        `${c.call + 1}. ${c.detail}`,
        fmtNs(c.results[0].nsPerCall),
        `${fmtRatio(vsOctokit(c))} ${vsOctokit(c) >= TARGET.callVsOctokit ? "met" : "NOT MET"} (≥ ${TARGET.callVsOctokit}×)`,
        `${fmtRatio(vsFloor(c))}`,
      ]),
    ];
    const head = ["call", "service-endpoint", "@octokit/endpoint's time ÷ ours", "ours ÷ the floor's"];
    lines.push(
      asMarkdown ? `**${mix.name}**: ${mix.detail}.` : `${mix.name}: ${mix.detail}`,
      ...(asMarkdown ? [""] : []),
      ...tableLines(head, rows, asMarkdown),
      "",
    );
  }
  return lines;
}

/** A table whose first column is text and the others figures: markdown rows, or console lines. */
function tableLines(head, rows, asMarkdown) {
  if (asMarkdown) {
    return [
      `| ${head.join(" | ")} |`,
      `| --- |${" ---: |".repeat(head.length - 1)}`,
      ...rows.map((row) => `| ${row.join(" | ")} |`),
    ];
  }
  const widths = head.map((_, col) => Math.max(...[head, ...rows].map((row) => row[col].length)));
  return [head, ...rows].map(
    (row) =>
      `  ${row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join("  ")}`,
  );
}

/** The template cases, with their three contestants' figures. */
const templateCases = (cases) =>
  cases
    .filter((c) => c.template !== undefined)
    .map((c) => ({
      c,
      ours: c.results[0].nsPerCall,
      urlTemplate: byName(c, "url-template 3.1.1").nsPerCall,
      floor: byName(c, "hand-written floor").nsPerCall,
    }));

/**
 * Each template: the three times, url-template's time ÷ ours (the target), url-template's ÷ the
 * floor's (how far hand-written code itself gets, the most any library could reach) and ours ÷
 * the floor's (reported, not targeted). Console lines, or markdown table rows.
 */
function templateLines(cases, asMarkdown) {
  const head = [
    "template",
    "service-endpoint",
    "url-template",
    "hand-written floor",
    "url-template ÷ ours",
    "url-template ÷ the floor",
    "ours ÷ the floor",
  ];
  const rows = templateCases(cases).map(({ c, ours, urlTemplate, floor }) => [
    asMarkdown ? `${c.template}: \`${c.uriTemplate}\`` : `${c.template}: ${c.uriTemplate}`,
    fmtNs(ours),
    fmtNs(urlTemplate),
    fmtNs(floor),
    `${fmtRatio(urlTemplate / ours)} ${urlTemplate / ours >= TARGET.templateVsUrlTemplate ? "met" : "NOT MET"} (≥ ${TARGET.templateVsUrlTemplate}×)`,
    fmtRatio(urlTemplate / floor),
    fmtRatio(ours / floor),
  ]);
  return tableLines(head, rows, asMarkdown);
}

/**
 * What the hand-written floor reaches against url-template on each template, where the template
 * target is at or above it (there it asks more of a library than plain hand-written code does),
 * and where ours is faster than the floor: the line under the targets table.
 */
function templateFloorNote(cases) {
  const all = templateCases(cases);
  const names = (list) => list.map(({ c }) => c.template).join("; ");
  const figures = all.map(({ c, urlTemplate, floor }) => `${fmtRatio(urlTemplate / floor)} on ${c.template}`);
  const atOrAbove = all.filter(
    ({ urlTemplate, floor }) => urlTemplate / floor <= TARGET.templateVsUrlTemplate,
  );
  const oursFaster = all.filter(({ ours, floor }) => ours < floor);
  return [
    `Hand-written code against url-template in this run (url-template's time ÷ the hand-written floor's, see Templates): ${figures.join("; ")}.`,
    atOrAbove.length === 0
      ? `The floor is above the ${TARGET.templateVsUrlTemplate}× target on every template.`
      : `The ${TARGET.templateVsUrlTemplate}× target is at or above what the floor reaches on: ${names(atOrAbove)}.`,
    ...(oursFaster.length === 0
      ? []
      : [`\`parseTemplate(t).expand(v)\` is faster than the floor on: ${names(oursFaster)}.`]),
  ].join(" ");
}

/**
 * Medians resist a busy machine but do not make it quiet: say so when other processes competed
 * for the CPUs (a one-minute load average above the number of CPUs) or the rounds spread widely.
 */
function noiseNote({ load, cores, worstSpread }) {
  const busy = Math.max(...load) > cores;
  if (!busy && worstSpread <= 10) return "";
  return `the machine was ${busy ? "busy" : "unsteady"} during this run (one-minute load average ${load.map((l) => l.toFixed(1)).join(" at the start, ")} at the end, on ${cores} CPUs; rounds spread by up to ±${worstSpread.toFixed(0)}%): the figures are noisy, so rerun on a quiet machine before trusting a status near its limit.`;
}

/** A speed-up factor in words: 2.1× faster, or 1.12× slower below 1. */
const fasterOrSlower = (speedup) =>
  speedup >= 1 ? `${fmtRatio(speedup)} faster` : `${fmtRatio(1 / speedup)} slower`;

const status = (met) => (met ? "met" : "**not met**");

function markdown(cases, memory, allocation, machine, sizes) {
  const mix = cases[0]; // today's mix
  const lines = [
    "# Performance",
    "",
    "Written by `npm run bench` (bench/run.mjs) and `npm run size` (bench/size.mjs) from a real run; do not edit by hand.",
    "",
    `Machine: ${machine.cpu} (${machine.cores} logical CPUs), Node ${machine.node}, ${machine.platform}. Date: ${machine.date}.`,
    "",
    `Method: every contestant runs in the same process against the built \`dist/index.mjs\`; after a warm-up, ${ROUNDS} rounds each run one batch (about ${BATCH_MS} ms) of every contestant of a case, in an order that rotates each round. The figures are medians over the rounds; ± is the median absolute deviation. @octokit/endpoint gets the same \`baseUrl\` through \`.defaults()\`. Before any timing the run checks that the contestants do the same job and stops if not: the hand-written floor returns request options deep-equal (\`assert.deepStrictEqual\`) to \`endpoint()\`'s for every call of the three mixes, @octokit/endpoint builds the same urls and bodies, url-template and each template's hand-written floor return exactly \`parseTemplate(t).expand(v)\`'s string (\`assert.strictEqual\`). Each mix is timed whole and call by call (each call alone with ${CALL_TIMING.rounds} rounds of about ${CALL_TIMING.batchMs} ms).`,
    "",
    ...(noiseNote(machine) ? [`**Note:** ${noiseNote(machine)}`, ""] : []),
    "## Targets",
    "",
    "The targets of issue 37, then those of issue 12 still in force; each status is computed from the figures of this run. The distance to the hand-written floor is reported (under Mixes and Templates), not targeted.",
    "",
    "| target | goal | measured | |",
    "| --- | --- | ---: | --- |",
    ...targetRows(cases, memory, sizes).map(
      (t) => `| ${t.label} | ${t.goal} | ${t.measured} | ${status(t.met)} |`,
    ),
    "",
    templateFloorNote(cases),
    "",
    `The \`.defaults()\` target compares with a recorded figure, not within this process: the target is against the code before issue 12's pipeline, which that pipeline replaces, so a same-process ratio is impossible. ${fmtNs(RECORDED.defaultsNs)} is the median of the ${RECORDED.date} run of \`npm run bench\` (${RECORDED.machine}); figures of two runs compare only as well as the two machines and their load match: the table under Throughput shows how @octokit/endpoint's unchanged code moved between the two runs, as a yardstick. The same run recorded merge() at ${fmtNs(RECORDED.mergeNs)} and parse() at ${fmtNs(RECORDED.parseNs)}; see below.`,
    "",
    "## Mixes",
    "",
    "Each mix whole and each of its calls alone: our time per call, @octokit/endpoint's time divided by ours (the target), and ours divided by the hand-written floor's (reported, not targeted).",
    "",
    ...mixLines(cases, true),
    `Allocated per call on today's mix: ${fmtBytes(allocation["service-endpoint"].bytesPerCall)} for service-endpoint, ${fmtBytes(allocation["@octokit/endpoint"].bytesPerCall)} for @octokit/endpoint, ${fmtBytes(allocation["hand-written floor"].bytesPerCall)} for the hand-written floor (see Memory).`,
    "",
    "## Templates",
    "",
    "`parseTemplate(t).expand(v)` against url-template and a hand-written floor, the three with the same template and values, timed in the same interleaved rounds. url-template's time divided by ours is the target. url-template's time divided by the floor's is how far plain hand-written code gets against url-template. Ours divided by the floor's is reported, not targeted; under 1×, ours is the faster.",
    "",
    ...templateLines(cases, true),
    "",
    "Each floor is the function below, written for its one template: values through `encodeURIComponent`, lists and objects walked in plain loops, no checks. It is not a general expander: the run checks that it returns exactly `parseTemplate(t).expand(v)`'s string for these values (`assert.strictEqual`). `encodeURIComponent` leaves `!'()*` unencoded where RFC 6570 encodes them; none of these values holds one.",
    "",
    "```js",
    "const enc = encodeURIComponent;",
    "const floors = {",
    ...TEMPLATES.map(
      ({ name, template, floor }) => `// ${template}\n${JSON.stringify(name)}: ${floor.toString()},`,
    ),
    "};",
    "```",
    "",
    "## Throughput",
    "",
    "![Calls per second, by case](./performance.svg)",
    "",
    "| case | library | time / call | calls / s | vs service-endpoint | ± |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
  ];
  for (const c of cases) {
    c.results.forEach((r, i) =>
      lines.push(
        `| ${i === 0 ? c.name : ""} | ${r.name} | ${fmtNs(r.nsPerCall)} | ${fmtOps(r.opsPerSecond)} | ${ratioNote(c, r, i)} | ${r.spread.toFixed(1)}% |`,
      ),
    );
  }
  lines.push("", "What each case runs:", "");
  for (const c of cases) lines.push(`- **${c.name}**: ${c.detail}.`);
  lines.push(
    "",
    `Against the recorded figures of the ${RECORDED.date} run (${RECORDED.machine}; the code before issue 12; another process, another day):`,
    "",
    "| case | service-endpoint then | now | change | @octokit/endpoint then | now | change |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...cases
      .filter((c) => c.recorded)
      .map((c) => {
        const cells = c.recorded.map((then, i) => {
          const now = c.results[i].nsPerCall;
          return `${fmtNs(then)} | ${fmtNs(now)} | ${fasterOrSlower(then / now)}`;
        });
        return `| ${c.name} | ${cells.join(" | ")} |`;
      }),
    "",
    "## Memory",
    "",
    "Bytes allocated on the JavaScript heap per call of today's mix (its six calls, divided by six):",
    "",
    "| library | allocated / call |",
    "| --- | ---: |",
    ...mix.results.map((r) => `| ${r.name} | ${fmtBytes(allocation[r.name].bytesPerCall)} |`),
    "",
    `Measured in a child process with a ${SEMI_SPACE_MB} MB new space, so that no collection runs while it counts: each sample starts from a full GC and reads \`process.memoryUsage().heapUsed\` after each of ${CHUNKS} runs of calls (about ${fmtMB(SAMPLE_BYTES)} in all); the figure is the median over the runs. (Node ${machine.node}'s \`v8.getHeapStatistics()\` has no \`total_allocated_bytes\`.)`,
    "",
    `${memory.calls.toLocaleString("en-US")} calls of \`endpoint()\`, each with a distinct url (the id is inlined, so every url is a new template: \`GET /repos/octo/hello/issues/<i>/comments{?page}\`), in ${memory.seconds.toFixed(1)} s. Heap used after a full GC: ${fmtMB(memory.before)} before, ${fmtMB(memory.after)} after (${memory.after >= memory.before ? "+" : ""}${fmtMB(memory.after - memory.before)}); highest sample during the run ${fmtMB(memory.peak)}. The caches are bounded (lib/bounded-cache.ts), so the heap does not grow with the number of distinct urls.`,
    "",
    "## Bundle size",
    "",
    sizeSection(sizes),
    "",
    "## Reproduce",
    "",
    "```sh",
    "npm run bench   # builds when stale, runs bench/run.mjs (re-runs itself with --expose-gc), writes this page",
    "npm run bench -- --quick --no-write   # a fast check that prints only",
    "npm run size    # builds when stale, bundles with esbuild, updates the size section",
    "npm run size:features   # what each feature weighs in the endpoint bundle (prints only)",
    "```",
    "",
  );
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------

if (args.has(ALLOCATION_CHILD)) {
  // The child of measureAllocation(): one JSON line on stdout, nothing else.
  process.stdout.write(`${JSON.stringify(measureAllocationHere())}\n`);
  process.exit(0);
}

const machine = {
  cpu: os.cpus()[0]?.model?.trim() ?? "unknown CPU",
  cores: os.cpus().length,
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
  date: new Date().toISOString().slice(0, 10),
};
const startedAt = process.hrtime.bigint();
const loadAtStart = os.loadavg()[0];
console.log(`service-endpoint ${VERSION} — ${machine.cpu}, ${machine.cores} CPUs, Node ${machine.node}`);
checkSameJob();
console.log(
  `check: on all ${MIXES.reduce((n, mix) => n + mix.calls.length, 0)} calls of the ${MIXES.length} mixes the floor's request options deep-equal endpoint()'s and @octokit/endpoint builds the same urls and bodies; url-template and each template's floor return parseTemplate's string for the ${TEMPLATES.length} templates`,
);
console.log(`${ROUNDS} interleaved rounds of ~${BATCH_MS} ms batches; medians per call\n`);

warmAll(CASES, QUICK ? 20 : 50);
const cases = CASES.map(runCase);
printTable(cases);
console.log("");
for (const line of mixLines(cases, false)) console.log(line);
console.log("templates: parseTemplate(t).expand(v), url-template and the hand-written floor");
for (const line of templateLines(cases, false)) console.log(line);

for (const c of cases.filter((c) => c.recorded)) {
  const [ours, theirs] = c.recorded.map((then, i) => `${fmtNs(then)} → ${fmtNs(c.results[i].nsPerCall)}`);
  console.log(`vs the ${RECORDED.date} run: ${c.name} ${ours} (@octokit/endpoint ${theirs})`);
}

const allocation = measureAllocation();
console.log(
  `\nallocated per call on today's mix: ${CASES[0].contestants.map(([name]) => `${name} ${fmtBytes(allocation[name].bytesPerCall)}`).join(", ")}`,
);
const memory = runMemory();
console.log(
  `memory: ${memory.calls.toLocaleString("en-US")} calls with distinct urls: heap ${fmtMB(memory.before)} → ${fmtMB(memory.after)} after a full GC (peak sample ${fmtMB(memory.peak)}), ${memory.seconds.toFixed(1)} s`,
);

const sizes = await measureAll();
console.log("");
for (const line of sizeLines(sizes)) console.log(`size: ${line}`);

machine.load = [loadAtStart, os.loadavg()[0]];
machine.worstSpread = Math.max(...cases.flatMap((c) => c.results.map((r) => r.spread)));
const noisy = noiseNote(machine);
if (noisy) console.log(`\nnote: ${noisy}`);

const rows = targetRows(cases, memory, sizes);
console.log("\ntargets (issue 37, then issue 12's still in force):");
const labelWidth = Math.max(...rows.map((t) => `${t.label} ${t.goal}`.length));
for (const t of rows)
  console.log(
    `  ${`${t.label} ${t.goal}`.replace(/`/g, "").padEnd(labelWidth)}  ${t.measured.padStart(22)}  ${t.met ? "met" : "NOT MET"}`,
  );
console.log(`  ${templateFloorNote(cases).replace(/`/g, "")}`);

if (!args.has("--no-write")) {
  writeFileSync(`${root}docs/design/performance.svg`, renderSvg(cases));
  const file = `${root}docs/design/performance.md`;
  writeFileSync(file, await prettierFormat(markdown(cases, memory, allocation, machine, sizes), file));
  console.log("wrote docs/design/performance.md and docs/design/performance.svg");
}
console.log(`(${(Number(process.hrtime.bigint() - startedAt) / 1e9).toFixed(0)} s)`);
if (sink === 0.5) console.log(sink); // keeps `sink` observable
