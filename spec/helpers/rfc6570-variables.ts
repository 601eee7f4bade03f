/**
 * The variables of RFC 6570 §1.2 and §3.2 (the same names hold the same values in both).
 * Associative arrays expand in insertion order, where the RFC allows any order.
 */
export const RFC_VARIABLES: Readonly<Record<string, unknown>> = {
  count: ["one", "two", "three"],
  dom: ["example", "com"],
  dub: "me/too",
  hello: "Hello World!",
  half: "50%",
  var: "value",
  who: "fred",
  base: "http://example.com/home/",
  path: "/foo/bar",
  list: ["red", "green", "blue"],
  keys: { semi: ";", dot: ".", comma: "," },
  v: "6",
  x: "1024",
  y: "768",
  empty: "",
  empty_keys: {},
  undef: null,
};
