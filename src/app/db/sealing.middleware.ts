import Dexie, { type DBCore, type DBCoreCursor, type DBCoreIndex, type DBCoreTable, type DBCoreTransaction, type Middleware } from 'dexie';
import { openValue, sealValue, type SealedBox } from '../crypto/sealed-value';

/**
 * Borrower data at rest: every row of a sealed table is stored as its keys and indexed fields in
 * clear (ids, states, timestamps: what queries range over) and the whole row sealed with the
 * device's data key. It sits at the bottom of Dexie's stack, so everything above it (repositories,
 * hooks, liveQuery) reads and writes plain rows, unchanged.
 *
 * No index holds a name, a mobile or an identity number: screens search those after decryption
 * (application-list.repository's `matchesSearch`), so no keyed hash of them is stored either.
 */

/** The kv row holding the wrapped data key (device-vault.ts); the lock screen reads it without Dexie. */
export { VAULT_KV_KEY } from './vault-peek';

/** The data key while unlocked; `configured` once a PIN was set on this device. */
export type VaultState = { key?: CryptoKey; configured: boolean };

export class VaultLockedError extends Error {
  constructor() {
    super('The app is locked: unlock it with your PIN');
    this.name = 'VaultLockedError';
  }
}

const SEALED = '$sealed';
type StoredRow = Record<string, unknown> & { [SEALED]?: SealedBox };

const isSealed = (row: unknown): row is StoredRow & { [SEALED]: SealedBox } => typeof row === 'object' && row !== null && SEALED in row;

/** Marks a row a locked app could not open, of a table whose clear rows it reads (the outbox). */
export const LOCKED_ROW = '$locked';
export const isLockedRow = (row: unknown): boolean => typeof row === 'object' && row !== null && LOCKED_ROW in row;

/** Rows of a table that hold nothing the data key must hide (sealed-for-server.ts): stored as they are. */
export type StoresClear = (row: Record<string, unknown>) => boolean;

/**
 * WebCrypto answers outside IndexedDB's events: while it works, the transaction would commit for
 * want of requests. Like Dexie.waitFor, keep it busy with a cheap read until the work is done, and
 * settle inside a request's success event, where the transaction is active again.
 */
function keepAlive<T>(trans: DBCoreTransaction, work: Promise<T>): Promise<T> {
  const idb = trans as unknown as IDBTransaction;
  const store = idb.objectStore(idb.objectStoreNames[0]!);
  return new Dexie.Promise<T>((resolve, reject) => {
    let settle: (() => void) | undefined;
    work.then(
      (value) => (settle = () => resolve(value)),
      (error: unknown) => (settle = () => reject(error)),
    );
    const spin = () => {
      if (settle) return settle();
      const ping = store.get(-Infinity);
      ping.onsuccess = spin;
      ping.onerror = () => reject(ping.error);
    };
    spin();
  });
}

/** The top-level fields that keys and indexes read: kept in clear. */
function clearFields(table: DBCoreTable): string[] {
  const paths = [table.schema.primaryKey, ...table.schema.indexes].flatMap((index: DBCoreIndex) =>
    index.keyPath === null ? [] : Array.isArray(index.keyPath) ? index.keyPath : [index.keyPath],
  );
  return [...new Set(paths.map((path) => path.split('.')[0]!))];
}

function sealedTable(table: DBCoreTable, vault: VaultState, storesClear?: StoresClear): DBCoreTable {
  const clear = clearFields(table);
  const context = `sahyog:${table.name}`;

  async function seal(value: Record<string, unknown>): Promise<StoredRow> {
    const row: StoredRow = {};
    for (const field of clear) if (field in value) row[field] = value[field];
    row[SEALED] = await sealValue(vault.key!, value, context);
    return row;
  }

  async function open(row: unknown): Promise<unknown> {
    if (!isSealed(row)) return row; // written before a PIN was set, sealed for the server, or nothing at all
    if (!vault.key && storesClear) {
      // A table a locked app reads: the row's keys and indexes, marked, in place of what it cannot open.
      const { [SEALED]: _box, ...keys } = row;
      return { ...keys, [LOCKED_ROW]: true };
    }
    if (!vault.key) throw new VaultLockedError();
    const { [SEALED]: box, ...keys } = row;
    // The clear keys win: an auto-incremented key is set by IndexedDB outside the sealed row.
    return { ...((await openValue(vault.key, box, context)) as Record<string, unknown>), ...keys };
  }

  /** Opens rows; a read of clear rows stays synchronous with IndexedDB. */
  function openAll(trans: DBCoreTransaction, rows: unknown[]): unknown[] | Promise<unknown[]> {
    if (!rows.some(isSealed)) return rows;
    return keepAlive(trans, Promise.all(rows.map(open)));
  }

  function writable(): boolean {
    if (vault.key) return true;
    if (vault.configured) throw new VaultLockedError();
    return false;
  }

  /**
   * Each method chains on Dexie.Promise, never an async function: Dexie's promise carries the
   * transaction's zone to the caller's next step (a native promise would lose it).
   */
  const after = <T, R>(first: Promise<T>, then: (value: T) => R | PromiseLike<R>): Promise<R> => Dexie.Promise.resolve(first).then(then);

  return {
    ...table,
    mutate(req) {
      if (req.type !== 'add' && req.type !== 'put') return table.mutate(req);
      const values = req.values as Record<string, unknown>[];
      if (storesClear && values.every(storesClear)) return table.mutate(req);
      if (!writable()) return table.mutate(req);
      const sealing = Promise.all(values.map((v) => (storesClear?.(v) ? v : seal(v))));
      return after(keepAlive(req.trans, sealing), (values) => table.mutate({ ...req, values }));
    },
    get(req) {
      return after(table.get(req), (row: unknown) => after(Dexie.Promise.resolve(openAll(req.trans, [row])), (rows) => rows[0]));
    },
    getMany(req) {
      return after(table.getMany(req), (rows) => openAll(req.trans, rows));
    },
    query(req) {
      if (!req.values) return table.query(req);
      return after(table.query(req), (response) =>
        after(Dexie.Promise.resolve(openAll(req.trans, response.result)), (result) => ({ ...response, result })),
      );
    },
    openCursor(req) {
      if (!req.values) return table.openCursor(req);
      // A cursor hands out values synchronously, so the range is read and opened first, then
      // walked in memory (the device's tables are small: one officer's week of work).
      const direction = req.reverse ? 'prev' : 'next';
      const reading = table.query({ trans: req.trans, values: true, query: req.query, direction });
      return after(reading, ({ result }) =>
        after(Dexie.Promise.resolve(openAll(req.trans, result)), (values) => {
          const index = req.query.index;
          const primaryKey = table.schema.primaryKey;
          const rows = values.map((value) => ({ value, key: index.extractKey!(value), primaryKey: primaryKey.extractKey!(value) }));
          const unique = req.unique ? rows.filter((row, i) => i === 0 || indexedDB.cmp(rows[i - 1]!.key, row.key) !== 0) : rows;
          return unique.length ? arrayCursor(req.trans, unique, req.reverse ? -1 : 1) : null;
        }),
      );
    },
  };
}

type CursorRow = { key: unknown; primaryKey: unknown; value: unknown };

/** A DBCoreCursor over rows already read, with IndexedDB's cursor contract. */
function arrayCursor(trans: DBCoreTransaction, rows: CursorRow[], direction: 1 | -1): DBCoreCursor {
  let at = 0;
  let onNext: () => void = () => {};
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | undefined;
  let requested = false;
  let running = false;
  const past = (key: unknown, target: unknown) => indexedDB.cmp(key, target) * direction >= 0;

  function run(): void {
    running = true;
    while (requested && settle) {
      requested = false;
      if (at >= rows.length) {
        cursor.done = true;
        settle.resolve(undefined);
        settle = undefined;
        break;
      }
      try {
        onNext();
      } catch (error) {
        cursor.fail(error as Error);
      }
    }
    running = false;
  }
  function request(): void {
    requested = true;
    if (!running) run();
  }

  const cursor: DBCoreCursor & { done: boolean } = {
    trans,
    get key() {
      return rows[at]?.key;
    },
    get primaryKey() {
      return rows[at]?.primaryKey;
    },
    get value() {
      return rows[at]?.value;
    },
    done: false,
    continue(key?: unknown) {
      at++;
      if (key !== undefined) while (at < rows.length && !past(rows[at]!.key, key)) at++;
      request();
    },
    continuePrimaryKey(key: unknown, primaryKey: unknown) {
      at++;
      while (
        at < rows.length &&
        !(
          indexedDB.cmp(rows[at]!.key, key) * direction > 0 ||
          (indexedDB.cmp(rows[at]!.key, key) === 0 && past(rows[at]!.primaryKey, primaryKey))
        )
      )
        at++;
      request();
    },
    advance(count: number) {
      at += count;
      request();
    },
    start(callback: () => void) {
      onNext = callback;
      const iteration = new Promise((resolve, reject) => (settle = { resolve, reject }));
      request();
      return iteration;
    },
    stop(value?: unknown) {
      settle?.resolve(value);
      settle = undefined;
    },
    next() {
      let gotOne = 1;
      return this.start(() => (gotOne-- ? this.continue() : this.stop())).then(() => this);
    },
    fail(error: Error) {
      settle?.reject(error);
      settle = undefined;
    },
  };
  return cursor;
}

/**
 * Seals every table but those named in `clearTables`; of the tables in `storesClear`, the rows it
 * accepts are stored as they are, and a locked read gets the others as marked stubs (LOCKED_ROW).
 */
export function sealingMiddleware(
  vault: VaultState,
  clearTables: readonly string[],
  storesClear: Readonly<Record<string, StoresClear>> = {},
): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'Sealing',
    // Below Dexie's own middlewares (cache, observability, hooks): they all see plain rows.
    level: -10,
    create: (down) => ({
      ...down,
      table: (name) => (clearTables.includes(name) ? down.table(name) : sealedTable(down.table(name), vault, storesClear[name])),
    }),
  };
}
