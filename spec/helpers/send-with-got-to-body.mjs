// Sends every case of delivery-cases.cjs with got, through toBody() of the built package, as the
// README shows. got is ESM-only and jest loads CommonJS, so spec/delivery.spec.ts runs this in a
// child process: argv[2] is the server's origin; the requests go out one after the other.
import got from "got";
import { endpoint, toBody } from "service-endpoint";
import cases from "./delivery-cases.cjs";

const api = endpoint.defaults({ baseUrl: process.argv[2] });
for (const [, build] of cases.deliveryCases) {
  const { method, url, headers, body } = await toBody(build(api));
  await got(url, { method, headers, body, retry: { limit: 0 } });
}
