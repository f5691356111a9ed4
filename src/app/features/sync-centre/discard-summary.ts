import type { OutboxEntry } from '../../db/records';

export type DiscardSummary = {
  /** How many files the group's uploads carry (an upload may send several). */
  fileCount: number;
  /** The uploads' labels, in queue order, each once. */
  fileLabels: string[];
  /** The steps (JSON submits) that would not reach the server, in queue order, each once. */
  steps: string[];
};

const unique = (labels: string[]) => [...new Set(labels)];

/** What discarding a group loses: its photos and documents, and its steps. */
export function discardSummary(entries: readonly OutboxEntry[]): DiscardSummary {
  const uploads = entries.filter((entry) => entry.request.kind === 'upload');
  const fileCount = uploads.reduce(
    (n, entry) => n + (entry.request.kind === 'upload' ? Math.max(entry.request.fileLocalIds.length, 1) : 0),
    0,
  );
  return {
    fileCount,
    fileLabels: unique(uploads.map((entry) => entry.label)),
    steps: unique(entries.filter((entry) => entry.request.kind !== 'upload').map((entry) => entry.label)),
  };
}
