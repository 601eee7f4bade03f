/** The option keys with a meaning of their own. */
export type ReservedKey = "method" | "baseUrl" | "url" | "headers" | "mediaType" | "data" | "request";

/** Is `key` an option with a meaning of its own? Every other key is a parameter (spec §2.1). */
export function isReservedKey(key: string): key is ReservedKey {
  switch (key) {
    case "method":
    case "baseUrl":
    case "url":
    case "headers":
    case "mediaType":
    case "data":
    case "request":
      return true;
  }
  return false;
}
