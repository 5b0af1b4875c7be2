// The rate-limit plugin's stores, which it ships without declarations (used by http/budget-stores.ts).
declare module '@fastify/rate-limit/store/*.js' {
  interface Store {
    incr(
      key: string,
      done: (error: Error | null, count: { current: number; ttl: number } | null) => void,
      timeWindow: number,
      max: number,
    ): void;
  }
  const Store: new (continueExceeding: boolean, exponentialBackoff: boolean, ...where: unknown[]) => Store;
  export default Store;
}
