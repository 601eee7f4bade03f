// An app that makes a builder per request (its user's token), calls one route with it and drops
// it: prints as JSON how many of those builders' defaults the library still holds after a full GC.
// Run with --expose-gc, after `npm test` has built dist/.
const { endpoint } = await import("../../dist/index.mjs");

const api = endpoint.defaults({ baseUrl: "https://api.acme.test" });
// Twice first, so that the route's url is compiled and cached, as in a running app.
api("POST /user/emails", { emails: ["a@acme.test"] });
api("POST /user/emails", { emails: ["a@acme.test"] });

/** WeakRefs to the defaults of builders made and called twice each (one route); the builders are dropped. */
function requests(count) {
  const refs = [];
  for (let i = 0; i < count; i++) {
    const perRequest = api.defaults({ headers: { authorization: `token ${i}` } });
    perRequest("POST /user/emails", { emails: [`u${i}@acme.test`] });
    perRequest("POST /user/emails", { emails: [`u${i}@acme.test`] });
    refs.push(new WeakRef(perRequest.DEFAULTS.headers));
  }
  return refs;
}

const refs = requests(50);
// A WeakRef holds its target until the job that made it ends.
await new Promise((resolve) => setTimeout(resolve, 0));
globalThis.gc();
console.log(
  JSON.stringify({ builders: refs.length, kept: refs.filter((ref) => ref.deref() !== undefined).length }),
);
