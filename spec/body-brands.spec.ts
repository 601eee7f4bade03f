import vm from "node:vm";
import { endpoint, toBody, toCurl, toFetch } from "../lib/index.js";
import type { RequestOptions } from "../lib/index.js";
import { errorOf, thrown } from "./helpers/thrown.js";

// The adapters tell a body's kind by a check only the built-in passes, never by its
// Symbol.toStringTag, which any object can set: a plain object that carries a built-in's tag is
// still a JSON body, and a class instance that only claims a brand is refused as every other class
// instance is, never a TypeError from inside and never other bytes than the request holds.

const FAKE_TAGS = [
  "Blob",
  "File",
  "ReadableStream",
  "URLSearchParams",
  "FormData",
  "ArrayBuffer",
  "Uint8Array",
];

const JSON_CURL =
  "curl -q --globoff --proto =http,https --proto-redir =http,https -X 'POST' --url 'https://api.service.example/x' " +
  "-H 'accept: application/vnd.service.v3+json' -H 'user-agent: service-endpoint.js/0.1.0' " +
  `-H 'content-type: application/json; charset=utf-8' --data-binary '{"a":1}'`;

const HEADERS = {
  accept: "application/vnd.service.v3+json",
  "user-agent": "service-endpoint.js/0.1.0",
  "content-type": "application/json; charset=utf-8",
};

/** Hand-made request options with `body`: what endpoint() adds for it (a content-type) is not in the way. */
function post(body: unknown): RequestOptions {
  return { method: "POST", url: "https://api.service.example/x", headers: {}, body };
}

/** The code and message `toBody(options)` rejects with; fails on anything but an EndpointError. */
async function toBodyError(options: RequestOptions): Promise<{ code: string; message: string }> {
  let failure: unknown;
  try {
    await toBody(options);
  } catch (error) {
    failure = error;
  }
  return errorOf(() => {
    throw failure ?? new Error("expected toBody to reject");
  });
}

function refusal(adapter: string, described: string): { code: string; message: string } {
  return {
    code: "ERR_UNSUPPORTED_BODY",
    message:
      `${adapter}: cannot send ${described} as a body; pass a plain object, an array, a string, bytes, ` +
      "a Blob, FormData, URLSearchParams or a ReadableStream",
  };
}

/** A class whose instances claim the brand `tag` and are nothing of the kind. */
function impostorOf(tag: string): object {
  class Impostor {
    a = 1;
    get [Symbol.toStringTag](): string {
      return tag;
    }
  }
  return new Impostor();
}

describe("a plain object with a built-in's Symbol.toStringTag is a JSON body", () => {
  const options = (tag: string): RequestOptions =>
    endpoint("POST /x", { data: { a: 1, [Symbol.toStringTag]: tag } });

  it.each(FAKE_TAGS)('toBody: tag %s sends exactly {"a":1}', async (tag) => {
    const { method, url, headers, body } = await toBody(options(tag));
    expect({ method, url, headers, body: new TextDecoder().decode(body) }).toEqual({
      method: "POST",
      url: "https://api.service.example/x",
      headers: { ...HEADERS, "content-length": "7" },
      body: '{"a":1}',
    });
  });

  it.each(FAKE_TAGS)('toFetch: tag %s sends exactly {"a":1}', (tag) => {
    expect(toFetch(options(tag))).toEqual([
      "https://api.service.example/x",
      { method: "POST", headers: HEADERS, body: '{"a":1}' },
    ]);
  });

  it.each(FAKE_TAGS)('toCurl: tag %s sends exactly {"a":1}', (tag) => {
    expect(toCurl(options(tag))).toBe(JSON_CURL);
  });

  it("so does an array with a tag", () => {
    const list = Object.assign([1], { [Symbol.toStringTag]: "Blob" });
    expect(toFetch(post(list))[1].body).toBe("[1]");
  });
});

describe("a class instance that only claims a built-in's brand is refused", () => {
  it.each(FAKE_TAGS)("toBody: tag %s is ERR_UNSUPPORTED_BODY, not a TypeError", async (tag) => {
    expect(await toBodyError(post(impostorOf(tag)))).toEqual(refusal("toBody", "an instance of Impostor"));
  });

  it.each(FAKE_TAGS)("toFetch: tag %s is ERR_UNSUPPORTED_BODY", (tag) => {
    expect(errorOf(() => toFetch(post(impostorOf(tag))))).toEqual(
      refusal("toFetch", "an instance of Impostor"),
    );
  });

  it.each(FAKE_TAGS)("toCurl: tag %s is ERR_UNSUPPORTED_BODY, not the bytes [object …]", (tag) => {
    expect(errorOf(() => toCurl(post(impostorOf(tag))))).toEqual(
      refusal("toCurl", "an instance of Impostor"),
    );
  });

  // Object.create(Blob.prototype) inherits the real tag and methods, but has no internal slots.
  it.each([
    ["Blob", Blob.prototype],
    ["File", File.prototype],
    ["ReadableStream", ReadableStream.prototype],
    ["URLSearchParams", URLSearchParams.prototype],
    ["FormData", FormData.prototype],
    ["ArrayBuffer", ArrayBuffer.prototype],
  ])("an object made from %s.prototype is refused by every adapter", async (name, prototype) => {
    const body = Object.create(prototype) as object;
    expect(await toBodyError(post(body))).toEqual(refusal("toBody", `an instance of ${name}`));
    expect(errorOf(() => toFetch(post(body)))).toEqual(refusal("toFetch", `an instance of ${name}`));
    expect(errorOf(() => toCurl(post(body)))).toEqual(refusal("toCurl", `an instance of ${name}`));
  });

  it("a Proxy of an ArrayBuffer (which reads as one by its tag) is refused, not sent as 0 bytes", async () => {
    const body = new Proxy(new ArrayBuffer(4), {});
    expect(await toBodyError(post(body))).toEqual(refusal("toBody", "an instance of ArrayBuffer"));
    expect(errorOf(() => toFetch(post(body)))).toEqual(refusal("toFetch", "an instance of ArrayBuffer"));
  });

  it("a SharedArrayBuffer stays refused, even with the tag ArrayBuffer (ECMAScript §25.1.6.1)", () => {
    const tagged = Object.defineProperty(new SharedArrayBuffer(1), Symbol.toStringTag, {
      value: "ArrayBuffer",
    });
    for (const body of [new SharedArrayBuffer(1), tagged]) {
      expect(errorOf(() => toFetch(post(body)))).toEqual(
        refusal("toFetch", "an instance of SharedArrayBuffer"),
      );
    }
  });

  it("a Proxy whose get trap throws on the tag is ERR_UNSUPPORTED_BODY with the trap's error as cause", () => {
    const trapError = new Error("trap");
    const body = new Proxy(new (class Payload {})(), {
      get() {
        throw trapError;
      },
    });
    const error = thrown(() => toFetch(post(body)));
    expect([error.code, error.message, error.cause]).toEqual([
      "ERR_UNSUPPORTED_BODY",
      "toFetch: the body cannot be read (a revoked Proxy, or a Proxy trap that throws)",
      trapError,
    ]);
  });

  it("a runtime without the global refuses a body of that brand instead of throwing a TypeError", () => {
    const blob = new Blob(["hi"]);
    const saved = Object.getOwnPropertyDescriptor(globalThis, "Blob")!;
    delete (globalThis as { Blob?: unknown }).Blob;
    try {
      expect(errorOf(() => toFetch(post(blob)))).toEqual(refusal("toFetch", "an instance of Blob"));
    } finally {
      Object.defineProperty(globalThis, "Blob", saved);
    }
  });
});

describe("the real built-ins are still sent", () => {
  const stream = (): ReadableStream<Uint8Array> =>
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("hi"));
        controller.close();
      },
    });
  const form = (): FormData => {
    const data = new FormData();
    data.set("a", "1");
    return data;
  };

  it.each([
    ["Blob", () => new Blob(["hi"], { type: "text/plain" }), "hi", "text/plain"],
    ["File", () => new File(["hi"], "hi.txt"), "hi", undefined],
    [
      "URLSearchParams",
      () => new URLSearchParams("a=1"),
      "a=1",
      "application/x-www-form-urlencoded;charset=UTF-8",
    ],
    ["ReadableStream", stream, "hi", undefined],
    ["ArrayBuffer", () => new TextEncoder().encode("hi").buffer, "hi", undefined],
    ["Uint8Array", () => new TextEncoder().encode("hi"), "hi", undefined],
    ["DataView", () => new DataView(new TextEncoder().encode("hi").buffer), "hi", undefined],
  ])("toBody sends a real %s as its bytes", async (_name, make, text, contentType) => {
    const { headers, body } = await toBody(post(make()));
    expect([new TextDecoder().decode(body), headers["content-type"]]).toEqual([text, contentType]);
  });

  it("toBody sends a real FormData as its multipart encoding", async () => {
    const { headers, body } = await toBody(post(form()));
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(headers["content-type"]!)![1]!;
    expect(new TextDecoder().decode(body)).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${boundary}--\r\n`,
    );
  });

  it.each([
    ["FormData", form],
    ["ReadableStream", stream],
  ])("toFetch passes a real %s through as the same object", (_name, make) => {
    const body = make();
    expect(toFetch(post(body))[1].body).toBe(body);
  });

  it.each([
    ["Blob", () => new Blob(["hi"]), Blob.prototype],
    ["File", () => new File(["hi"], "hi.txt"), Blob.prototype],
    ["URLSearchParams", () => new URLSearchParams("a=1"), String.prototype],
    ["ArrayBuffer", () => new TextEncoder().encode("hi").buffer, Uint8Array.prototype],
    ["Uint8Array", () => new TextEncoder().encode("hi"), Uint8Array.prototype],
  ])("toFetch passes a real %s as a plain object of its bytes", async (_name, make, prototype) => {
    const sent = toFetch(post(make()))[1].body;
    expect(Object.getPrototypeOf(sent)).toBe(prototype);
    expect(await new Response(sent as BodyInit).text()).toBe(_name === "URLSearchParams" ? "a=1" : "hi");
  });

  it.each([
    ["URLSearchParams", new URLSearchParams("a=1"), "a=1"],
    ["ArrayBuffer", new TextEncoder().encode("hi").buffer, "hi"],
    ["Uint8Array", new TextEncoder().encode("hi"), "hi"],
  ])("toCurl writes a real %s", (_name, body, text) => {
    expect(toCurl(post(body)).endsWith(` --data-binary '${text}'`)).toBe(true);
  });

  it.each([
    ["Blob", new Blob(["hi"])],
    ["File", new File(["hi"], "hi.txt")],
    ["FormData", new FormData()],
    ["ReadableStream", new ReadableStream()],
  ])("toCurl recognises a real %s, which it cannot write", (name, body) => {
    const kind = name === "File" ? "Blob" : name;
    expect(errorOf(() => toCurl(post(body)))).toEqual({
      code: "ERR_UNSUPPORTED_BODY",
      message: `toCurl: a ${kind} body cannot be written on a command line; read it into a string or bytes first`,
    });
  });
});

describe("bodies of another realm (a node:vm context)", () => {
  it.each([
    ["ArrayBuffer", "new Uint8Array([104, 105]).buffer"],
    ["Uint8Array", "new Uint8Array([104, 105])"],
    ["DataView", "new DataView(new Uint8Array([104, 105]).buffer)"],
  ])("the %s of a vm context is sent as its bytes", async (_name, source) => {
    const body = vm.runInNewContext(source) as object;
    expect(new TextDecoder().decode((await toBody(post(body))).body)).toBe("hi");
    expect(new TextDecoder().decode(toFetch(post(body))[1].body as Uint8Array)).toBe("hi");
    expect(toCurl(post(body)).endsWith(" --data-binary 'hi'")).toBe(true);
  });

  it("a plain object of a vm context with a fake tag is a JSON body; a class instance is refused", async () => {
    const plain = vm.runInNewContext('({ a: 1, [Symbol.toStringTag]: "Blob" })') as object;
    expect(toFetch(post(plain))[1].body).toBe('{"a":1}');
    const impostor = vm.runInNewContext(
      'new (class Impostor { get [Symbol.toStringTag]() { return "URLSearchParams"; } })()',
    ) as object;
    expect(await toBodyError(post(impostor))).toEqual(refusal("toBody", "an instance of Impostor"));
  });

  // A vm context holds the ECMAScript built-ins only: Node's URLSearchParams, Blob, FormData and
  // ReadableStream exist in the main context alone, so no other realm's instance of them can be
  // made here. The checks are WebIDL brand checks, which pass for another realm's instance (an
  // iframe's) by the WebIDL standard.
  it("has none of the web built-ins, so their cross-realm case cannot be made in Node", () => {
    expect(
      vm.runInNewContext(
        "[typeof URLSearchParams, typeof Blob, typeof File, typeof FormData, typeof ReadableStream]",
      ),
    ).toEqual(["undefined", "undefined", "undefined", "undefined", "undefined"]);
  });
});

// Found by the review of 2026-11-26 (F4): toBody read a view's bytes through its own properties
// and a Blob's or URLSearchParams' through their (overridable) members, where fetch and curl read
// the internal slots, so the clients sent other bytes; and a TypeError or RangeError escaped.
describe("every adapter reads a body as the clients read it: through the built-ins, never its own members", () => {
  function throwing(): never {
    throw new Error("an own getter");
  }

  /** "hi" in a Uint8Array whose own `name` property is `descriptor`. */
  function lyingView(name: string, descriptor: PropertyDescriptor): Uint8Array {
    return Object.defineProperty(new Uint8Array([104, 105]), name, descriptor);
  }

  it.each<[string, () => Uint8Array]>([
    ["an own byteLength of -1", () => lyingView("byteLength", { value: -1 })],
    ["an own byteOffset getter that throws", () => lyingView("byteOffset", { get: throwing })],
    [
      "an own buffer holding other bytes",
      () => lyingView("buffer", { value: new Uint8Array([120, 121]).buffer }),
    ],
  ])("a Uint8Array with %s is sent as its real bytes", async (_title, make) => {
    expect(new TextDecoder().decode((await toBody(post(make()))).body)).toBe("hi");
    expect(toCurl(post(make())).endsWith(" --data-binary 'hi'")).toBe(true);
  });

  it("a DataView with own members is sent as its real bytes", async () => {
    const view = Object.defineProperties(new DataView(new Uint8Array([0, 104, 105]).buffer, 1), {
      byteOffset: { value: 0 },
      byteLength: { value: 3 },
    });
    expect(new TextDecoder().decode((await toBody(post(view))).body)).toBe("hi");
  });

  it("URLSearchParams whose toString() is overridden are sent as their entries, as fetch sends them", async () => {
    class Params extends URLSearchParams {
      override toString(): string {
        return 42 as unknown as string;
      }
    }
    const body = new Params("a=1&b=%C3%BC");
    expect(new TextDecoder().decode((await toBody(post(body))).body)).toBe("a=1&b=%C3%BC");
    expect(toCurl(post(body)).endsWith(" --data-binary 'a=1&b=%C3%BC'")).toBe(true);
  });

  it("a Blob whose type and arrayBuffer() are overridden gives its real type and bytes", async () => {
    class Sneaky extends Blob {
      override get type(): string {
        return "text/plain\r\nx-injected: 1";
      }
      override arrayBuffer(): Promise<ArrayBuffer> {
        return Promise.resolve(new Uint8Array([120]).buffer);
      }
    }
    const { headers, body } = await toBody(post(new Sneaky(["hi"], { type: "text/csv" })));
    expect([headers["content-type"], new TextDecoder().decode(body)]).toEqual(["text/csv", "hi"]);
  });

  it("a Blob type that is no header value (a Blob that is not the File API's) is refused", async () => {
    const type = Object.getOwnPropertyDescriptor(Blob.prototype, "type")!;
    Object.defineProperty(Blob.prototype, "type", { ...type, get: () => "text/plain\r\nx-injected: 1" });
    try {
      expect(await toBodyError(post(new Blob(["hi"])))).toEqual({
        code: "ERR_UNSUPPORTED_BODY",
        message:
          "toBody: the Blob body's type cannot be a content-type: " +
          'Invalid value for header "content-type": "text/plain\\r\\nx-injected: 1" holds character U+000D ' +
          "at offset 10; CR, LF, NUL, other controls and code points above U+00FF are not allowed",
      });
    } finally {
      Object.defineProperty(Blob.prototype, "type", type);
    }
  });

  it.each<[string, () => unknown, string]>([
    ["an object without prototype", () => Object.create(null), "an object was thrown"],
    [
      "a revoked Proxy",
      () => {
        const { proxy, revoke } = Proxy.revocable({}, {});
        revoke();
        return proxy;
      },
      "an object that cannot be read (a revoked Proxy, or a Proxy trap that throws) was thrown",
    ],
    ["a string", () => "boom", "boom"],
    ["an Error", () => new RangeError("too deep"), "too deep"],
  ])("a toJSON() that throws %s is ERR_UNSUPPORTED_BODY in every adapter", async (_title, make, reason) => {
    const body = {
      toJSON() {
        throw make();
      },
    };
    const message = (adapter: string) => `${adapter}: the JSON body cannot be serialised: ${reason}`;
    expect(errorOf(() => toFetch(post(body)))).toEqual({
      code: "ERR_UNSUPPORTED_BODY",
      message: message("toFetch"),
    });
    expect(errorOf(() => toCurl(post(body)))).toEqual({
      code: "ERR_UNSUPPORTED_BODY",
      message: message("toCurl"),
    });
    expect(await toBodyError(post(body))).toEqual({
      code: "ERR_UNSUPPORTED_BODY",
      message: message("toBody"),
    });
  });

  it("a stream chunk with an own byteLength is read as its real bytes", async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(lyingView("byteLength", { value: 0 }));
        controller.close();
      },
    });
    expect(new TextDecoder().decode((await toBody(post(stream))).body)).toBe("hi");
  });
});

// Found by the review of 2026-11-26 (F5): fetch throws a TypeError for a view of a
// SharedArrayBuffer or a resizable ArrayBuffer (WebIDL BufferSource: neither [AllowShared] nor
// [AllowResizable]), and curl sent a detached buffer as zero bytes.
describe("bytes no client sends as they are: shared, resizable and detached buffers", () => {
  function detached(): ArrayBuffer {
    const buffer = new Uint8Array([104, 105]).buffer;
    structuredClone(buffer, { transfer: [buffer] });
    return buffer;
  }
  /** A resizable ArrayBuffer (ES2024; the type library here is ES2022). */
  function resizable(): ArrayBuffer {
    const Resizable = ArrayBuffer as unknown as new (length: number, options: object) => ArrayBuffer;
    return new Resizable(2, { maxByteLength: 4 });
  }
  const copyFirst = "which fetch refuses; copy the bytes into a new Uint8Array first";
  const gone = "which has no bytes left to send";

  it.each<[string, () => object, string]>([
    [
      "a Uint8Array over a SharedArrayBuffer",
      () => new Uint8Array(new SharedArrayBuffer(2)),
      `an instance of Uint8Array) is a view of a SharedArrayBuffer, ${copyFirst}`,
    ],
    [
      "a DataView over a SharedArrayBuffer",
      () => new DataView(new SharedArrayBuffer(2)),
      `an instance of DataView) is a view of a SharedArrayBuffer, ${copyFirst}`,
    ],
    [
      "a Uint8Array over a resizable ArrayBuffer",
      () => new Uint8Array(resizable()),
      `an instance of Uint8Array) is a view of a resizable ArrayBuffer, ${copyFirst}`,
    ],
    [
      "a resizable ArrayBuffer",
      () => resizable(),
      `an instance of ArrayBuffer) is a resizable ArrayBuffer, ${copyFirst}`,
    ],
    [
      "a detached ArrayBuffer",
      detached,
      `an instance of ArrayBuffer) is a detached ArrayBuffer (transferred away), ${gone}`,
    ],
    [
      "a Uint8Array over a detached ArrayBuffer",
      () => {
        const view = new Uint8Array([104, 105]);
        structuredClone(view.buffer, { transfer: [view.buffer] });
        return view;
      },
      `an instance of Uint8Array) is a view of a detached ArrayBuffer (transferred away), ${gone}`,
    ],
    // Second review: a DataView whose byteLength getter throws went to the typed-array getters,
    // and their TypeError reached the caller.
    [
      "a DataView over a detached ArrayBuffer",
      () => {
        const view = new DataView(new Uint8Array([104, 105]).buffer);
        structuredClone(view.buffer, { transfer: [view.buffer] });
        return view;
      },
      `an instance of DataView) is a view of a detached ArrayBuffer (transferred away), ${gone}`,
    ],
    [
      "a DataView out of the bounds of a resizable ArrayBuffer that shrank",
      () => {
        const buffer = resizable();
        const view = new DataView(buffer, 1, 1);
        (buffer as unknown as { resize(length: number): void }).resize(0);
        return view;
      },
      `an instance of DataView) is a view of a resizable ArrayBuffer, ${copyFirst}`,
    ],
  ])("refuses %s with ERR_UNSUPPORTED_BODY in every adapter", async (_title, make, reason) => {
    const refused = (adapter: string) => ({
      code: "ERR_UNSUPPORTED_BODY",
      message: `${adapter}: the body (${reason}`,
    });
    expect(errorOf(() => toFetch(post(make())))).toEqual(refused("toFetch"));
    expect(errorOf(() => toCurl(post(make())))).toEqual(refused("toCurl"));
    expect(await toBodyError(post(make()))).toEqual(refused("toBody"));
  });
});

// Found while fixing F4 (review of 2026-11-26): a revoked Proxy thrown by a getter or a stream
// made the EndpointError check itself throw (`instanceof` reads the brand through the Proxy).
describe("a revoked Proxy thrown by the caller's code is an EndpointError too", () => {
  function revoked(): object {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  }

  it("thrown by a getter of the request options: ERR_INVALID_OPTIONS", () => {
    const options = {
      method: "get",
      url: "https://api.service.example/x",
      get headers(): never {
        throw revoked();
      },
    };
    expect(errorOf(() => toFetch(options as unknown as RequestOptions))).toEqual({
      code: "ERR_INVALID_OPTIONS",
      message:
        "toFetch: the request options cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)",
    });
  });

  it("thrown by a stream toBody reads: ERR_UNSUPPORTED_BODY", async () => {
    const stream = new ReadableStream({
      pull() {
        throw revoked();
      },
    });
    expect(await toBodyError(post(stream))).toEqual({
      code: "ERR_UNSUPPORTED_BODY",
      message: "toBody: the ReadableStream body cannot be read",
    });
  });
});
