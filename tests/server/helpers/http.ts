import type { FastifyInstance, InjectOptions } from 'fastify';

// `any` for data: tests assert response bodies field by field.
export type Envelope = { success: boolean; data?: any; message?: string; status_code?: number };

/** Host header of a tenant as a browser on a laptop sends it. */
export const hostOf = (tenant = 'sahyog') => (tenant === 'sahyog' ? 'localhost:8080' : `${tenant}.localhost:8080`);

export type CallOptions = { tenant?: string; token?: string; headers?: Record<string, string>; remoteAddress?: string };

export async function call(app: FastifyInstance, method: InjectOptions['method'], url: string, body?: unknown, options: CallOptions = {}) {
  const response = await app.inject({
    method,
    url,
    headers: { host: hostOf(options.tenant), ...(options.token ? { token: options.token } : {}), ...options.headers },
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope, headers: response.headers, raw: response };
}

export const post = (app: FastifyInstance, url: string, body?: unknown, options?: CallOptions) => call(app, 'POST', url, body, options);
export const get = (app: FastifyInstance, url: string, options?: CallOptions) => call(app, 'GET', url, undefined, options);
