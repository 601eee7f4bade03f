// Sends request options with got, as a user would. got is ESM-only, and jest loads CommonJS, so
// the wire test runs this in a child process: stdin is a JSON array of request options (bytes
// bodies as { base64 }), sent one after the other.
import got from "got";

let input = "";
for await (const chunk of process.stdin) input += chunk;

for (const { method, url, headers, body, bodyBase64 } of JSON.parse(input)) {
  const options = { method: method.toUpperCase(), headers, throwHttpErrors: false, retry: { limit: 0 } };
  if (bodyBase64 !== undefined) options.body = Buffer.from(bodyBase64, "base64");
  else if (typeof body === "string") options.body = body;
  else if (body !== undefined) options.json = body;
  await got(url, options);
}
