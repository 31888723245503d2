/**
 * Node 20 lacks Promise.withResolvers (Node 22 on Lambda has it); aws-local-stepfunctions needs it for every
 * Task state. Loaded first by the local runtime and by jest's setupFiles.
 */
type WithResolvers = <T>() => { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void };
const P = Promise as unknown as { withResolvers?: WithResolvers };
P.withResolvers ??= function withResolvers<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
};
export {};
