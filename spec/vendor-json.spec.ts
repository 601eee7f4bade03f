// Issue 13 §6: any content-type whose subtype contains "json" makes an object body JSON, in
// toFetch() and toCurl() alike (AWS's application/x-amz-json-1.1 among them).
import { endpoint, toCurl, toFetch } from "../lib/index.js";
import { errorOf } from "./helpers/thrown.js";

describe("vendor JSON types", () => {
  it.each([
    "application/json",
    "application/vnd.api+json",
    "application/merge-patch+json",
    "application/x-amz-json-1.1",
    "Application/X-Amz-Json-1.0; charset=utf-8",
  ])("%s: an object body is sent as JSON", (contentType) => {
    const options = endpoint("POST /", {
      data: { TableName: "Rockets" },
      headers: { "content-type": contentType, "x-amz-target": "DynamoDB_20120810.DescribeTable" },
    });
    const [, init] = toFetch(options);
    expect(init.body).toBe('{"TableName":"Rockets"}');
    expect(init.headers["content-type"]).toBe(contentType);
    expect(toCurl(options)).toContain(`--data-binary '{"TableName":"Rockets"}'`);
  });

  it("a subtype without json is still refused for an object body", () => {
    const options = endpoint("POST /", {
      data: { a: 1 },
      headers: { "content-type": "text/plain; format=json" },
    });
    expect(errorOf(() => toFetch(options)).code).toBe("ERR_UNSUPPORTED_BODY");
  });
});
