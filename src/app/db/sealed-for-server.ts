import type { OutboxEntry } from './records';

/**
 * Rows that hold nothing the data key must hide, stored without it so a locked app (its page or
 * the service worker) can send the outbox: an outbox entry sealed for the server (its body and
 * files are ciphertext only the server opens; its label is a kind), the local-to-server id map,
 * and the receipts of a locked drain (ids and statuses). An outbox entry queued without the
 * server's key (none fetched yet) is sealed with the data key like any other row.
 */
export const SEALED_FOR_SERVER: Readonly<Record<string, (row: Record<string, unknown>) => boolean>> = {
  outbox: (row) => (row as Partial<OutboxEntry>).sealed !== undefined,
  serverIds: () => true,
  receipts: () => true,
};

/** Tables a forgotten PIN keeps (their rows sealed for the server still go to it). */
export const KEPT_WITHOUT_PIN = Object.keys(SEALED_FOR_SERVER);
