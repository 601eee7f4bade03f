// Shared by the type tests of spec/types/ (compiled by `npm run typecheck`, never run).

/** `true` when `A` and `B` are the same type. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`: `expectType<Equal<A, B>>()`. */
export function expectType<T extends true>(): T | undefined {
  return undefined;
}
