import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** What one attempt got: a status code, or why there was none; and how long it took. */
export type PostResult = { status: number | null; error: string | null; durationMs: number };

export type PostOptions = {
  timeoutMs: number;
  /** Loopback, private, link-local and other non-public addresses: refused unless allowed. */
  allowPrivateAddresses: boolean;
};

// Addresses a webhook must not reach from a server inside the lender's network (SSRF).
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  return family === 0 || PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class AddressRefused extends Error {
  readonly code = 'ADDRESS_REFUSED';
}

/**
 * Resolves the host and refuses a private answer; the connection then goes to the very address
 * checked, so a DNS answer that changes between the check and the connect (rebinding) cannot slip through.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) return callback(new AddressRefused('address not allowed'), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

function describe(err: NodeJS.ErrnoException, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  switch (err.code) {
    case 'ADDRESS_REFUSED':
      return 'address not allowed (private or loopback)';
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    default:
      return err.code ? `network error (${err.code})` : 'network error';
  }
}

/**
 * POSTs `body` to `url` once: a time limit on the whole exchange, no redirect followed (a 3xx is
 * an answer like any non-2xx, so an event never goes to a host it was not configured for), and a
 * fresh connection each time. Never throws.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string, options: PostOptions): Promise<PostResult> {
  // Durations are real time, whatever clock the app runs on.
  const started = performance.now();
  const done = (status: number | null, error: string | null): PostResult => ({
    status,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(done(null, 'invalid URL'));
  }
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivateAddresses && isIP(literal) && isPrivateAddress(literal))
    return Promise.resolve(done(null, describe(new AddressRefused(), options.timeoutMs, false)));

  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let timedOut = false;
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        ...(options.allowPrivateAddresses ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        response.resume(); // the answer's body is not kept
        finish(done(response.statusCode ?? null, null));
      },
    );
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new Error('timeout'));
    }, options.timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) => finish(done(null, describe(err, options.timeoutMs, timedOut))));
    request.end(body);
  });
}
