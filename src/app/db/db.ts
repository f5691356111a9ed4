import Dexie, { type Table } from 'dexie';
import type {
  ApplicationListRow,
  DraftRecord,
  FileBlob,
  KvRecord,
  LocalApplication,
  LocalFile,
  LocalRecord,
  LookupRecord,
  OutboxEntry,
  ReceiptRecord,
  SealedSessionRecord,
  ServerIdRecord,
  StatementIdentitiesRecord,
} from './records';
import { sealingMiddleware, VAULT_KV_KEY, type VaultState } from './sealing.middleware';
import { SEALED_FOR_SERVER } from './sealed-for-server';
import { CLEAR_KV_TABLE, DEVICE_DB_NAME, noteDeviceDbInUse } from './vault-peek';

/**
 * The device database: the first place every byte lands. Only `src/app/db` and `src/app/sync`
 * touch it; screens use the repositories and hooks exported here.
 */
export class SahyogDb extends Dexie {
  drafts!: Table<DraftRecord, string>;
  applications!: Table<LocalApplication, string>;
  files!: Table<LocalFile, string>;
  fileBlobs!: Table<FileBlob, string>;
  outbox!: Table<OutboxEntry, number>;
  lookups!: Table<LookupRecord, string>;
  kv!: Table<KvRecord, string>;
  records!: Table<LocalRecord, string>;
  listRows!: Table<ApplicationListRow, string>;
  serverIds!: Table<ServerIdRecord, string>;
  receipts!: Table<ReceiptRecord, number>;
  statementIdentities!: Table<StatementIdentitiesRecord, string>;
  session!: Table<SealedSessionRecord, string>;

  /** The data key while unlocked (device-vault.ts); every table but these is sealed with it. */
  readonly vault: VaultState = { configured: false };
  /**
   * `kv` holds the wrapped key, the send-only credential the service worker delivers the sealed
   * outbox with (it reads nothing), and timestamps: never borrower data, never the session token.
   */
  readonly clearTables: readonly string[] = [CLEAR_KV_TABLE];

  constructor(name = DEVICE_DB_NAME) {
    super(name);
    this.use(sealingMiddleware(this.vault, this.clearTables, SEALED_FOR_SERVER));
    // Before any other query: whether rows must be sealed (a PIN is set) or may be written in clear.
    this.on('ready', async () => {
      this.vault.configured = (await this.kv.get(VAULT_KV_KEY)) !== undefined;
    });
    // Add a new version() for every schema change; never edit a shipped one.
    this.version(1).stores({
      drafts: 'key, applicationLocalId, updatedAt',
      applications: 'localId, serverId, status, syncState, updatedAt',
      files: 'localId, applicationLocalId, uploadState, [applicationLocalId+field]',
      fileBlobs: 'localId',
      outbox: '++seq, &idempotencyKey, state, nextAttemptAt, applicationLocalId, [applicationLocalId+state]',
      lookups: 'key',
      kv: 'key',
    });
    this.version(2).stores({
      records: 'localId, [applicationLocalId+kind], syncState',
    });
    this.version(3).stores({
      listRows: 'key, owner, [owner+updated_at], id',
    });
    // The sealed outbox: what a locked drain reads and writes without the data key.
    this.version(4).stores({
      serverIds: 'key',
      receipts: '++seq',
    });
    // Statement identities (account numbers) left the clear kv for a sealed table of their own
    // (issue 31 N1). The kv rows are dropped, not moved: an upgrade runs before the PIN unlocks, so
    // it could only write them in clear; the next statement read offers them again.
    this.version(5)
      .stores({ statementIdentities: 'applicationLocalId' })
      .upgrade((tx) => tx.table('kv').where('key').startsWith('statement.identities:').delete());
    // The session token and profile, sealed under the PIN (issue 31 S3). kv's copy of the token for
    // the service worker is dropped: the page mirrors the send-only credential in its place.
    this.version(6)
      .stores({ session: 'key' })
      .upgrade((tx) => tx.table('kv').delete('session.token'));
  }
}

let instance: SahyogDb | undefined;
export function getDb(): SahyogDb {
  if (!instance) {
    instance = new SahyogDb();
    noteDeviceDbInUse();
  }
  return instance;
}
