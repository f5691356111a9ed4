/** Record types of the device database. Field names of server data stay as on the wire. */
import type { ApplicationListItem, Profile, SealedEnvelope, StatementIdentity, WriteCondition } from '../../domain';

export type GeoTag = { latitude: number; longitude: number; accuracy?: number; unavailable?: boolean };

export type DraftRecord = {
  /** `${applicationLocalId ?? 'new'}:${form}`, e.g. `a1b2...:kyc` */
  key: string;
  applicationLocalId?: string;
  form: string;
  values: Record<string, unknown>;
  updatedAt: number;
};

export type SyncState = 'local' | 'pending' | 'synced' | 'needs_attention';

export type LocalApplication = {
  localId: string;
  serverId?: string;
  tracker_id?: string;
  name?: string;
  phone?: string;
  status: string;
  stage: string[];
  syncState: SyncState;
  /** The last server answer that matters to the officer (rejection, deviation, error). */
  notice?: { kind: 'rejected' | 'deviation' | 'error'; message: string; at: number };
  server?: Record<string, unknown>;
  /** What the officer submitted per step (form name → values), shown until the server answers. */
  steps?: Record<string, Record<string, unknown>>;
  /** The body this phone last queued for each versioned record (record key → body): what the person's next write changed is read against it. */
  sentBodies?: Record<string, Record<string, unknown>>;
  /** Writes the server applied in part: fields someone else changed meanwhile, waiting for the person's decision (issue 32). */
  decisions?: Decision[];
  createdAt: number;
  updatedAt: number;
};

/** A field both this phone and someone else changed: the server kept theirs. Values are absent when only a locked drain heard the answer. */
export type FieldDecision = { field: string; base?: unknown; theirs?: unknown; yours?: unknown; changed_by: string; changed_at: string };

/**
 * A conflict answer waiting for the person: the record, the version the server answered with, the
 * fields to decide, and the write that met it (sent again as the resolution, on that version).
 */
export type Decision = {
  record: string;
  version: number;
  fields: FieldDecision[];
  label: string;
  write: { method: JsonRequest['method']; url: string; effect: OutboxEffect };
  at: number;
};

export type LocalRecordKind = 'co_applicant' | 'family_member';

/**
 * A co-applicant or family member captured on the phone. `localId` is also its id on the server
 * (sent as `id`), so a replay is recognised even under another idempotency key.
 */
export type LocalRecord = {
  localId: string;
  applicationLocalId: string;
  kind: LocalRecordKind;
  values: Record<string, unknown>;
  syncState: SyncState;
  /** The server's view of the record once it answered (status, approval_checks...). */
  server?: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
};

export type UploadState = 'pending' | 'uploading' | 'uploaded' | 'failed';

/**
 * A file's metadata and upload state. Its bytes live apart, in `fileBlobs`, so that updating the
 * upload state does not write the blob again (IndexedDB has no partial update).
 */
export type LocalFile = {
  localId: string;
  name: string;
  mime: string;
  size: number;
  geo?: GeoTag;
  capturedAt: number;
  applicationLocalId?: string;
  field: string;
  uploadState: UploadState;
  serverFileId?: string;
  parsedData?: unknown;
  /** The form has taken `parsedData` (an Aadhaar front's prefill is offered once). */
  parsedDataUsed?: boolean;
  /** The KYC step has filled its own fields from `parsedData` (once: a field emptied afterwards stays empty). */
  parsedDataKycFilled?: boolean;
  /** "Use these" on the KYC step: Borrower Info replaces the borrower's details with `parsedData` (not only the empty ones). */
  parsedDataChosen?: boolean;
  /** Why the upload failed: the server's message of a parked upload, or a discard. */
  uploadError?: string;
  /** The upload's text fields (under the data key): a bulk upload queued again without one of its files is sealed again from them. */
  uploadFields?: Record<string, unknown>;
};

export type FileBlob = { localId: string; blob: Blob };

/** A file with its bytes, as captured and as shown. */
export type LocalFileWithBlob = LocalFile & { blob: Blob };

export type ApiBase = 'main' | 'verification' | 'banking';

/** A JSON value in which `{"$file": localId}` and `{"$app": localId}` stand for server ids. */
export type JsonRequest = {
  kind: 'json';
  base: ApiBase;
  method: 'POST' | 'PUT' | 'PATCH';
  /** May contain `{app}`, replaced by the server id of `applicationLocalId`. */
  url: string;
  body?: unknown;
  /** A write of a versioned record: its base version and changed fields (no borrower data: kept in clear, and sealed with the body). */
  condition?: WriteCondition;
};

export type UploadRequest = {
  kind: 'upload';
  base: ApiBase;
  url: string;
  /** The files sent under `file` (one) or `files` (several). */
  fileLocalIds: string[];
  /** The multipart field of the files; default `file` for one file, `files` for several. */
  fileField?: 'file' | 'files';
  fields: Record<string, unknown>;
};

export type OutboxRequest = JsonRequest | UploadRequest;

/** What a success means for the local tables. */
export type OutboxEffect =
  | { type: 'application-created'; applicationLocalId: string; idPath: string }
  | { type: 'files-uploaded'; fileLocalIds: string[] }
  | { type: 'application-answer'; applicationLocalId: string }
  | { type: 'record-answer'; recordLocalId: string }
  | { type: 'none' };

export type OutboxState = 'pending' | 'retrying' | 'needs_attention';

/**
 * A queued request sealed for the server on capture (crypto/server-seal.ts): the entry then keeps
 * no body, no fields and no file bytes in clear, and needs no data key to be read or sent.
 */
export type SealedForServer = {
  envelope: Omit<SealedEnvelope, 'refs'>;
  /** The sealed files, in the order of `fileLocalIds`. */
  files: Blob[];
  /** The references the sealed body names (`$app:<local id>`, `$file:<local id>`): their server ids are sent beside it. */
  refs: string[];
  /** Bytes sealed, for the sync centre. */
  size: number;
};

export type OutboxEntry = {
  seq?: number;
  idempotencyKey: string;
  /** What the sync centre calls it: a kind ('KYC details', 'PAN'), never a name. */
  label: string;
  applicationLocalId?: string;
  request: OutboxRequest;
  effect: OutboxEffect;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string;
  lastStatus?: number;
  /** The signed-in user (profile id) who queued it: only their session sends it. */
  owner?: string;
  /** The language chosen when it was queued: a send with no page open (the service worker) asks for the server's messages in it. */
  language?: string;
  /** Present when sealed for the server: `request` then has no body (JSON) and no fields (upload). */
  sealed?: SealedForServer;
  createdAt: number;
};

/** A local id's server id (`$app:<local id>`, `$file:<local id>`): ids only, kept clear so a locked drain resolves references. */
export type ServerIdRecord = { key: string; id: string };

/**
 * What a drain learned while the app was locked, for the sealed tables it could not write: the
 * entry's effect and the answer cut to ids and statuses (domain/records/replay-body.ts), or the parked
 * message. Applied at the next drain after unlock (sync/apply-answer.ts).
 */
export type ReceiptRecord = {
  seq?: number;
  entrySeq: number;
  effect: OutboxEffect;
  applicationLocalId?: string;
  fileLocalIds: string[];
  answer: { status: number; body: unknown };
  parked: boolean;
  at: number;
};

export type LookupRecord = { key: string; value: unknown; updatedAt: number };

/** What the bank statements of an application said about their accounts (holder, account, IFSC): borrower data, sealed. */
export type StatementIdentitiesRecord = { applicationLocalId: string; identities: StatementIdentity[] };
export type KvRecord = { key: string; value: unknown };
/** The signed-in session (issue 31 S3): its token and the officer's profile, only ever stored sealed under the PIN. */
export type SealedSessionRecord = { key: 'current'; token: string; profile: Profile };

/**
 * A row of the applications list as the server last sent it to this user, kept so the list
 * shows offline (DECISIONS "Offline rules": the applications already seen). `key` is
 * `${owner}:${id}`: a shared phone keeps each user's rows apart.
 */
export type ApplicationListRow = ApplicationListItem & { key: string; owner: string; seenAt: number };
