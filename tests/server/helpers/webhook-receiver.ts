import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A request the receiver got: the headers that matter and the raw body. */
export type Received = { id: string; type: string; signature: string; body: string };

/** How the receiver answers its n-th request (0-based): a status, after a delay. */
export type Behaviour = (n: number) => { status: number; delayMs?: number };

/**
 * A real HTTP receiver on 127.0.0.1. `down()` closes it (connections refused) keeping its port;
 * `up()` listens on that port again. Every request is recorded before it is answered, so one
 * answered too late still counts as received, as at a real LMS.
 */
export async function startReceiver(behaviour: Behaviour = () => ({ status: 200 })) {
  const received: Received[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let answer = behaviour;
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const n = received.length;
      received.push({
        id: String(req.headers['sahyog-event-id']),
        type: String(req.headers['sahyog-event-type']),
        signature: String(req.headers['sahyog-signature']),
        body,
      });
      const { status, delayMs = 0 } = answer(n);
      const reply = () => (res.destroyed ? undefined : res.writeHead(status).end());
      if (delayMs > 0) setTimeout(reply, delayMs).unref();
      else reply();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const close = async () => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    setBehaviour: (next: Behaviour) => void (answer = next),
    down: close,
    up: async () => {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    close,
  };
}

type Verify = (secret: string, header: string, rawBody: string, now?: number, toleranceSeconds?: number) => boolean;

/** The receiver's verification exactly as docs/webhooks.md prints it (its first js block). */
export async function documentedVerifier(): Promise<Verify> {
  const doc = readFileSync(new URL('../../../docs/webhooks.md', import.meta.url), 'utf8');
  const block = /```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block?.includes('verifySahyogSignature')) throw new Error('docs/webhooks.md has no verifySahyogSignature block');
  const file = join(mkdtempSync(join(tmpdir(), 'sahyog-receiver-')), 'verify.mjs');
  writeFileSync(file, block);
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifySahyogSignature: Verify };
  return module.verifySahyogSignature;
}
