import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the server received it. */
export type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer };

/** What the server does: answer (JSON unless the body is text), never answer, or drop the connection. */
export type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang' | 'drop';

type Jsdom = { reconfigure(options: { url: string }): void };

/**
 * A real HTTP server on a free port, and (under jsdom) the page's URL moved onto it, so the API clients'
 * bases (`/api`, `/verification`, `/banking`) reach it through jsdom's XMLHttpRequest as they
 * reach the real server in a browser. jsdom keeps the page's first origin for its requests, so
 * they count as cross-origin: the server answers CORS (preflights are not recorded).
 */
export async function startHttpServer() {
  const received: Received[] = [];
  let answer: (request: Received) => Answer = () => ({ status: 200, body: { success: true, data: {} } });
  const server = createServer(async (req, res) => {
    const cors = { 'access-control-allow-origin': req.headers.origin ?? '*' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '',
      });
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
    received.push(request);
    const reply = answer(request);
    if (reply === 'hang') return;
    if (reply === 'drop') {
      req.socket.destroy();
      return;
    }
    const text = typeof reply.body === 'string' ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      ...cors,
      'content-type': typeof reply.body === 'string' ? 'text/html' : 'application/json',
      ...reply.headers,
    });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (globalThis as unknown as { jsdom?: Jsdom }).jsdom?.reconfigure({ url: `${origin}/` });
  return {
    origin,
    received,
    last: () => received.at(-1)!,
    answer(next: Answer | ((request: Received) => Answer)) {
      answer = typeof next === 'function' ? next : () => next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type HttpTestServer = Awaited<ReturnType<typeof startHttpServer>>;
