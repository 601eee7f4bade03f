/**
 * A url argument that starts with a host, read as httpie reads it: `:3000/x` is
 * `http://localhost:3000/x` (and `:/x` is `http://localhost/x`); `localhost`, a dotted name
 * (`example.org`), an IPv4 address or a bracketed IPv6 address, each with an optional `:port`,
 * followed by the end, `/`, `?`, `#` or `{`, gets `http://` in front (httpie's default scheme).
 * Anything else is left as it is: `/x` is a path under the base url, `https://…` a full url, a
 * template such as `{+next}` whatever it expands to.
 */
const HOST_LIKE =
  /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[\dA-Fa-f:.]+\]|(?:[A-Za-z\d](?:[A-Za-z\d-]*[A-Za-z\d])?\.)+[A-Za-z][A-Za-z\d-]*)(?::\d*)?(?=[/?#{]|$)/i;

/** `:port` at the start: httpie's shorthand for localhost (the port may be left out: `:/x`). */
const LOCALHOST_PORT = /^:(\d*)(?=[/?#{]|$)/;

/**
 * The url a url argument stands for: a host-like start becomes an http:// url (see `HOST_LIKE`).
 *
 * @example
 * urlFromArgument("example.org/x"); // "http://example.org/x"
 * urlFromArgument(":3000/x"); // "http://localhost:3000/x"
 * urlFromArgument("/x"); // "/x"
 */
export function urlFromArgument(url: string): string {
  const localhost = LOCALHOST_PORT.exec(url);
  if (localhost !== null) {
    const port = localhost[1] as string;
    return `http://localhost${port === "" ? "" : `:${port}`}${url.slice(localhost[0].length)}`;
  }
  if (HOST_LIKE.test(url)) return `http://${url}`;
  return url;
}
