import { endpoint } from "service-endpoint";

// A JSON body from the parameters that are not placeholders.
console.log(
  endpoint("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
    owner: "acme",
    repo: "rockets",
    issue_number: 7,
    state: "closed",
    labels: ["wontfix"],
  }),
);

// `data` is the body as given; the caller sets content-type and accept.
console.log(
  endpoint("POST /markdown/raw", {
    data: "Hello world github/linguist#1 **cool**, and #1!",
    headers: { accept: "text/html;charset=utf-8", "content-type": "text/plain" },
  }),
);

// Query and body both: the query is a template in the url, the body is `data`.
console.log(
  endpoint("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
    owner: "acme",
    repo: "rockets",
    release_id: 42,
    name: "rocket 1.0.zip",
    label: "Rocket (macOS)",
    data: new Uint8Array([80, 75, 3, 4]),
    headers: { "content-type": "application/zip", "content-length": 4 },
  }),
);
