import type { FastifyReply, FastifyRequest } from 'fastify';
import { refuseWith } from './envelope';
import type { Outcome } from '../outcome';

/**
 * preValidation of a write whose service checks access on what it loads anyway (the application
 * with which of the body's file ids are its uploads, the record the path names): the load runs
 * before the route schema, so its refusal (404 another officer's, 403 a designation, 409 a state)
 * comes before anything about the body, as accessBeforeBody answers it; the handler then takes
 * what was loaded (`loadedFor`) with the parsed body, and nothing is read twice. `load` sees the
 * body as sent; it may put in what the form's schema reads from the stored application (the KYC
 * form's gender).
 */
export function loadBeforeBody<T>(load: (request: FastifyRequest) => Promise<Outcome<T>>) {
  const loaded = new WeakMap<FastifyRequest, T>();
  return {
    preValidation: async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
      const outcome = await load(request);
      if (!outcome.ok) return refuseWith(request, reply, outcome);
      loaded.set(request, outcome.value);
      return undefined;
    },
    loadedFor(request: FastifyRequest): T {
      if (!loaded.has(request)) throw new Error('loadBeforeBody: the route has not loaded before its body');
      return loaded.get(request) as T;
    },
  };
}
