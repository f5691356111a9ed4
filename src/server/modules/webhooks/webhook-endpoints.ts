import { isObject } from '../../../domain/shared/is-object';
import { existsSync, readFileSync } from 'node:fs';
import { TENANTS, type Tenant } from '../../../domain';
import type { Config } from '../../config';
import { KeyConfigurationError } from '../../providers/kms/kms-provider';
import type { WebhookEndpoint } from '../../types';

/** The tenants' webhooks (types.ts WebhookEndpoint). */
export type WebhookEndpoints = Partial<Record<Tenant, WebhookEndpoint>>;

/** A secret shorter than this is refused at start-up: it would be guessable from signed bodies. */
export const MIN_SECRET_LENGTH = 24;

/**
 * The `webhooks` member of the key file (or KEYS_JSON), beside the key rings and read with them:
 * `{"webhooks": {"sahyog": {"url": "https://lms.example/hooks", "secret": "<at least 24 characters>"}}}`.
 * The secret is never kept in the database (ARCHITECTURE: keys come from configuration); the URL
 * sits beside it so that one file says where a tenant's events go and how they are signed.
 */
export function parseWebhookEndpoints(text: string, source: string): WebhookEndpoints {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeyConfigurationError(`${source} is not valid JSON`);
  }
  const section = (json as Record<string, unknown> | null)?.webhooks;
  if (section === undefined) return {};
  const bad = (why: string) => new KeyConfigurationError(`${source}: "webhooks" ${why}`);
  if (!isObject(section)) throw bad('must be an object of tenants');
  const endpoints: WebhookEndpoints = {};
  for (const [tenant, value] of Object.entries(section)) {
    if (!(TENANTS as readonly string[]).includes(tenant)) throw bad(`names "${tenant.slice(0, 40)}", which is not a tenant`);
    const { url, secret } = (value ?? {}) as { url?: unknown; secret?: unknown };
    if (typeof url !== 'string' || !isHttpUrl(url)) throw bad(`of ${tenant} needs "url": an http(s) address`);
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH)
      throw bad(`of ${tenant} needs "secret": at least ${MIN_SECRET_LENGTH} characters`);
    endpoints[tenant as Tenant] = { url, secret };
  }
  return endpoints;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The endpoints from the configured key source: KEYS_JSON, else the key file; none when neither holds any. */
export function readWebhookEndpoints(config: Pick<Config, 'keysJson' | 'keyFile'>): WebhookEndpoints {
  if (config.keysJson) return parseWebhookEndpoints(config.keysJson, 'KEYS_JSON');
  if (config.keyFile && existsSync(config.keyFile))
    return parseWebhookEndpoints(readFileSync(config.keyFile, 'utf8'), `key file ${config.keyFile}`);
  return {};
}
