import { describe, expect, it } from 'vitest';
import { discardSummary } from '../../../src/app/features/sync-centre/discard-summary';
import type { OutboxEntry } from '../../../src/app/db/records';

const entry = (label: string, request: OutboxEntry['request']): OutboxEntry => ({
  idempotencyKey: label,
  label,
  request,
  effect: { type: 'none' },
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
});
const upload = (label: string, files: number) =>
  entry(label, {
    kind: 'upload',
    base: 'main',
    url: '/u',
    fileLocalIds: Array.from({ length: files }, (_, i) => `${label}-${i}`),
    fields: {},
  });
const step = (label: string) => entry(label, { kind: 'json', base: 'main', method: 'POST', url: '/s', body: {} });

describe('what a group discard loses', () => {
  it('counts every file of every upload, and names uploads and steps once each, in queue order', () => {
    expect(
      discardSummary([step('Borrower details'), upload('PAN', 1), upload('Shop photos', 3), step('KYC details'), step('Borrower details')]),
    ).toEqual({
      fileCount: 4,
      fileLabels: ['PAN', 'Shop photos'],
      steps: ['Borrower details', 'KYC details'],
    });
  });

  it('is empty for nothing', () => {
    expect(discardSummary([])).toEqual({ fileCount: 0, fileLabels: [], steps: [] });
  });
});
