import { EventEmitter } from 'node:events';
import pg from 'pg';

/** What one API process tells the others. Payloads carry hashes and ids, never personal data. */
export type NodeChannel = 'session_revoked';

export type NodeEvents = {
  publish(channel: NodeChannel, payload: string): Promise<void>;
  subscribe(channel: NodeChannel, handler: (payload: string) => void): void;
  /** Called after the listener lost its connection: notifications may have been missed. */
  onGap(handler: () => void): void;
  /** Resolves once this process is listening. */
  ready(): Promise<void>;
  close(): Promise<void>;
};

/** One process (PGlite, or a single API node): events go straight to this process's subscribers. */
export function createLocalEvents(): NodeEvents {
  const emitter = new EventEmitter();
  return {
    publish: async (channel, payload) => void emitter.emit(channel, payload),
    subscribe: (channel, handler) => void emitter.on(channel, handler),
    onGap: () => undefined,
    ready: async () => undefined,
    close: async () => void emitter.removeAllListeners(),
  };
}

const RECONNECT_MS = 1000;

/**
 * Many processes sharing one PostgreSQL: LISTEN/NOTIFY on a connection of its own (a pooled
 * connection would drop the LISTEN when returned). A lost connection is re-opened every second,
 * and `onGap` handlers run once it is back, since anything sent meanwhile was missed.
 */
export function createPostgresEvents(url: string, log: (message: string) => void): NodeEvents {
  const handlers = new Map<NodeChannel, ((payload: string) => void)[]>();
  const gapHandlers: (() => void)[] = [];
  let client: pg.Client | undefined;
  let closed = false;
  let ready: Promise<void> | undefined;
  let lostOnce = false;

  const connect = (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', ({ channel, payload }) => {
      for (const handler of handlers.get(channel as NodeChannel) ?? []) handler(payload ?? '');
    });
    const lost = (err?: Error) => {
      if (client !== next || closed) return;
      client = undefined;
      ready = undefined;
      lostOnce = true;
      log(`node events: connection lost (${err?.message ?? 'ended'}); reconnecting`);
      setTimeout(() => void ensure().catch(() => undefined), RECONNECT_MS).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    return next
      .connect()
      .then(async () => {
        for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
        if (lostOnce) for (const handler of gapHandlers) handler();
      })
      .catch((err: Error) => {
        lost(err);
        throw err;
      });
  };
  const ensure = () => (closed ? Promise.resolve() : (ready ??= connect()));

  return {
    async publish(channel, payload) {
      await ensure();
      await client!.query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(channel, handler) {
      const known = handlers.has(channel);
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      if (!known)
        void ensure()
          .then(() => client?.query(`LISTEN ${channel}`))
          .catch(() => undefined);
    },
    onGap: (handler) => void gapHandlers.push(handler),
    ready: ensure,
    async close() {
      closed = true;
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
