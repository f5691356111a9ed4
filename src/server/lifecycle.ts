import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** draining: a stop has begun; readiness answers 503 so the load balancer sends no more. */
    lifecycle: { draining: boolean };
  }
}

/** While draining, every answer closes its connection: a kept-alive one would hold the close up to its idle timeout. */
export function registerDrainingAnswers(app: FastifyInstance): void {
  app.decorate('lifecycle', { draining: false });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A graceful stop (SIGTERM, a rolling deploy): readiness goes false at once; after `drainMs` (the
 * load balancer's checks see it: HAProxy's `inter 500 fall 2` takes about a second) the server
 * stops listening and waits for the requests in flight; past `graceMs` in all it gives up on them.
 * Requests that still reach it on an open connection meanwhile are answered 503 (Fastify's
 * return503OnClosing), which the outbox and HAProxy's retry-on send elsewhere.
 */
export async function stopGracefully(app: FastifyInstance, options: { drainMs: number; graceMs: number }): Promise<'clean' | 'timed-out'> {
  app.lifecycle.draining = true;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), options.graceMs);
  });
  const stop = (async () => {
    await sleep(Math.min(options.drainMs, options.graceMs));
    await app.close();
    return 'clean' as const;
  })();
  try {
    return await Promise.race([stop, bound]);
  } finally {
    clearTimeout(timer);
  }
}
