import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { StatementIdentity } from '../../../src/domain';
import { PERSONAS } from '../../../src/server/providers/sandbox-personas';

/**
 * The scan of the device database at rest (issue 24): every value, key and blob byte read straight
 * from IndexedDB, without Dexie, searched for the fixture personas' fields.
 */
export const MOBILE = '9876500190';
export const [LAKSHMI, RAMESH] = [PERSONAS[0]!, PERSONAS[1]!];

/** What LAKSHMI's bank statement says of her account (tests/fixtures/statements): holder, account number, IFSC. */
export const LAKSHMI_ACCOUNT: StatementIdentity = // From the project root: under jsdom, import.meta.url is not a file URL.
  (
    JSON.parse(readFileSync(resolve(process.cwd(), 'tests/fixtures/statements/statements.json'), 'utf8')) as {
      persona: string;
      identity: StatementIdentity;
    }[]
  ).find((statement) => statement.persona === LAKSHMI.name)!.identity;

/** Every persona field the phone may hold, as it could appear in a stored value. */
export const NEEDLES = [
  ...[LAKSHMI, RAMESH].flatMap((p) => [p.name, ...p.name.split(' '), p.pan, p.epic, p.aadhaar, p.aadhaar.slice(-4), p.dob]),
  LAKSHMI.address.split(',')[0]!,
  LAKSHMI_ACCOUNT.account_number,
  LAKSHMI_ACCOUNT.ifsc,
  MOBILE,
].filter((n) => n.length >= 4 && n !== 'DEVI');

/** Text of everything stored, read straight from IndexedDB (no Dexie): values, keys and blob bytes. */
export async function rawStoredText(name: string): Promise<{ text: string; rows: Record<string, number> }> {
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const parts: string[] = [];
  const rows: Record<string, number> = {};
  const walk = async (value: unknown): Promise<void> => {
    if (value === null || value === undefined) return;
    if (typeof value === 'string' || typeof value === 'number') parts.push(String(value));
    else if (value instanceof Blob) parts.push(Buffer.from(await value.arrayBuffer()).toString('latin1'));
    else if (value instanceof ArrayBuffer) parts.push(Buffer.from(value).toString('latin1'));
    else if (ArrayBuffer.isView(value)) parts.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('latin1'));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) (parts.push(k), await walk(v));
  };
  for (const storeName of Array.from(idb.objectStoreNames)) {
    const store = idb.transaction(storeName).objectStore(storeName);
    const [values, keys] = await Promise.all(
      [store.getAll(), store.getAllKeys()].map(
        (req) =>
          new Promise<unknown[]>(
            (resolve, reject) => ((req.onsuccess = () => resolve(req.result)), (req.onerror = () => reject(req.error))),
          ),
      ),
    );
    rows[storeName] = values!.length;
    await walk(values);
    await walk(keys);
  }
  idb.close();
  return { text: parts.join('\n').toUpperCase(), rows };
}

// A number needle is found only standing alone: an Aadhaar's last 4 digits inside a stored
// timestamp (1795727601240) are not the Aadhaar.
export const found = (text: string) =>
  NEEDLES.filter((needle) =>
    /^\d+$/.test(needle) ? new RegExp(`(?<!\\d)${needle}(?!\\d)`).test(text) : text.includes(needle.toUpperCase()),
  );

/** Every value and key of the page's localStorage, as one text (issue 31 S3: a locked phone's). */
export function rawLocalStorageText(): string {
  const parts: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i)!;
    parts.push(key, localStorage.getItem(key) ?? '');
  }
  return parts.join('\n').toUpperCase();
}

/** The needles of `needles` found in `text` (numbers standing alone, as `found`). */
export const foundOf = (text: string, needles: readonly string[]) =>
  needles.filter((needle) =>
    /^\d+$/.test(needle) ? new RegExp(`(?<!\\d)${needle}(?!\\d)`).test(text) : text.includes(needle.toUpperCase()),
  );
