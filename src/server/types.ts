import type { GuestScope, Tenant } from '../domain';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { UserRow } from './db/schema';
import type { DocumentPool } from './documents/document-pool';
import type { ServerSecrets } from './keys/server-keys';
import type { PayoutProvider } from './providers/payout/payout-provider';
import type { EsignProvider } from './providers/esign/esign-provider';
import type { SmsProvider } from './providers/sms/sms-provider';
import type { FileStorage } from './providers/storage/file-storage';
import type { VerificationProviders } from './providers/verification-providers';

/**
 * A guest's scope with who it is: its verified mobile and the client address of this request
 * (a guest's user is built for each request, never cached). Its paid calls are counted by both.
 */
export type GuestCaller = GuestScope & { mobile: string; address: string };

/**
 * The signed-in user of a request, with the hash of the token it came with and its session's id.
 * A guest token (the public applicant flow) is the tenant's SELF_APPLY row with its `guest` scope.
 */
export type AuthUser = UserRow & { token_hash: string; session_id: string; guest?: GuestCaller | null };

/** A session revoked on the server: its user when it was revoked because its device was marked lost. */
export type RevokedSession = { lostDevice: AuthUser | null; deliveryOpen: boolean };

/** A live token's session as this process caches it. */
export type CachedSession = { user: UserRow; sessionId: string; createdAt: number; lastUsedAt: number; cachedAt: number };

/** This process's cache of live tokens (modules/auth/session-cache.ts makes it). */
export type SessionCache = {
  get(key: string, now: number): CachedSession | undefined;
  set(key: string, entry: CachedSession): void;
  revoke(key: string, now: number): void;
  delete(key: string): void;
  readonly size: number;
};

/** A tenant's webhook: where its loan events go, and the secret that signs them (modules/webhooks/webhook-endpoints.ts reads them). */
export type WebhookEndpoint = { url: string; secret: string };

/** The delivery of loan events to the tenants' webhooks (modules/webhooks/webhook-delivery.ts makes it). */
export type WebhookDelivery = {
  deliverDue(): Promise<number>;
  deliverSoon(): Promise<void>;
  /** Resolves once no pass is running (app close, tests). */
  idle(): Promise<void>;
  endpointOf(tenant: Tenant): WebhookEndpoint | undefined;
};

/**
 * What the transport's guards need of the sessions (modules/auth/credentials.ts makes it), so
 * that http/ reaches the auth module through this interface, importing none of it.
 */
export type Credentials = {
  /** The user of a live staff token, else the guest of a live guest token, else null. */
  userOf(tenant: Tenant, token: string | undefined, now: number, address: string): Promise<AuthUser | null>;
  /** A revoked token's session (the wipe; a lost device's delivery window), else undefined. */
  revoked(tenant: Tenant, token: string | undefined, now: number): Promise<RevokedSession | undefined>;
  isSendToken(token: string | undefined): token is string;
  /** The session of a send-only credential (a locked phone's), live or not, else undefined. */
  sender(tenant: Tenant, sendToken: string, now: number): Promise<{ user: AuthUser; tokenHash: string; live: boolean } | undefined>;
  revokedByHash(tenant: Tenant, tokenHash: string, now: number): Promise<RevokedSession | undefined>;
  /** Counts one item a lost device delivered. */
  countDelivered(tenant: Tenant, tokenHash: string): Promise<void>;
};

// Fastify's decorators are typed by augmenting its interfaces (the one place `interface` is needed).
declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    clock: Clock;
    sms: SmsProvider;
    payouts: PayoutProvider;
    providers: VerificationProviders;
    storage: FileStorage;
    esign: EsignProvider;
    sessions: SessionCache;
    credentials: Credentials;
    secrets: ServerSecrets;
    documents: DocumentPool;
    webhooks: WebhookDelivery;
  }
  interface FastifyRequest {
    tenant: Tenant;
    user: AuthUser | null;
  }
}
