import { providerCalls, providerFailures } from './metrics';

/**
 * The provider with every method counted in /metrics: calls, and failures (a thrown error or a
 * rejected promise: unreachable, timed out, unconfigured). An answer such as "PAN not found" is a
 * call that worked.
 */
export function countedProvider<T extends object>(name: string, provider: T): T {
  return new Proxy(provider, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]) => {
        const labels = { provider: name, method: key };
        providerCalls.inc(labels);
        try {
          const result: unknown = value.apply(target, args);
          if (result instanceof Promise) return result.catch((err: unknown) => (providerFailures.inc(labels), Promise.reject(err)));
          return result;
        } catch (err) {
          providerFailures.inc(labels);
          throw err;
        }
      };
    },
  });
}
