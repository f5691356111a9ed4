// @vitest-environment jsdom
// Both languages hold the same keys, and screens shown in Hindi show no English-only catalogue text.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchApplicationCount, fetchProfile } from '../../../src/app/api/user.api';
import { ensureLocalApplication } from '../../../src/app/db/applications.repository';
import { getDb } from '../../../src/app/db/db';
import { queueItems } from '../../../src/app/db/outbox.repository';
import type { OutboxEntry } from '../../../src/app/db/records';
import { en, type MessageKey } from '../../../src/app/i18n/en';
import { hi } from '../../../src/app/i18n/hi';
import { setLanguage } from '../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../src/app/session/session.storage';
import { flush, makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from './test-utils';
import { sourcesOf } from '../../support/message-source';

vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn(async () => 'offline') }));
vi.mock('../../../src/app/api/user.api');
vi.mock('../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));

// The ICU texts (the app holds a message with arguments compiled).
const english = sourcesOf(en) as Record<MessageKey, string>;
const hindi = sourcesOf(hi) as Partial<Record<MessageKey, string>>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

type Table = Readonly<Record<string, string>>;
/** Every feature's own texts (`src/app/features/<feature>/<feature>.text.ts`) and the texts features share (`src/app/i18n/*.text.ts`), by file. */
const featureTexts = Object.entries(import.meta.glob<Record<string, unknown>>('../../../src/app/**/*.text.ts', { eager: true })).flatMap(
  ([file, module]) =>
    Object.values(module)
      .filter((value): value is { en: Table; hi: Table } => typeof value === 'object' && value !== null && 'en' in value && 'hi' in value)
      .map((text) => ({ file, en: sourcesOf(text.en), hi: sourcesOf(text.hi) })),
);

describe('the feature texts', () => {
  it('are found (one per feature that has its own texts)', () => {
    expect(featureTexts.length).toBeGreaterThanOrEqual(9);
  });

  it.each(featureTexts.map((text) => [text.file.replace(/.*features\//, ''), text] as const))(
    '%s: Hindi has exactly the English keys, none empty, same placeholders',
    (_file, text) => {
      expect(Object.keys(text.en).filter((key) => !text.hi[key]?.trim())).toEqual([]);
      expect(Object.keys(text.hi).filter((key) => !Object.hasOwn(text.en, key))).toEqual([]);
      for (const [key, english] of Object.entries(text.en)) expect(placeholders(text.hi[key]!), key).toEqual(placeholders(english));
    },
  );

  it('no key is in two places (the shell and a feature, or two features)', () => {
    const seen = new Map<string, string>(Object.keys(en).map((key) => [key, 'the shell']));
    const twice: string[] = [];
    for (const text of featureTexts)
      for (const key of Object.keys(text.en)) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${text.file}`);
        seen.set(key, text.file);
      }
    expect(twice).toEqual([]);
  });
});

describe('the two catalogues', () => {
  it('Hindi has every key English has, none empty', () => {
    const missing = (Object.keys(en) as MessageKey[]).filter((key) => !hindi[key]?.trim());
    expect(missing).toEqual([]);
  });

  it('English has every key Hindi has, with the same placeholders', () => {
    const extra = Object.keys(hi).filter((key) => !Object.hasOwn(en, key));
    expect(extra).toEqual([]);
    for (const [key, text] of Object.entries(hindi)) expect(placeholders(text!), key).toEqual(placeholders(english[key as MessageKey]));
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every English text whose Hindi differs, as a whole-text pattern (placeholders match anything). */
const englishOnly: { key: string; pattern: RegExp }[] = [{ en: english as Table, hi: hindi as Table }, ...featureTexts].flatMap((table) =>
  Object.keys(table.en)
    .filter(
      (key) => table.hi[key] !== undefined && table.hi[key] !== table.en[key] && /[A-Za-z]{2}/.test(table.en[key]!.replace(/\{\w+\}/g, '')),
    )
    .map((key) => ({
      key,
      pattern: new RegExp(
        `^${table.en[key]!.split(/\{\w+\}/)
          .map(escape)
          .join('.+?')}$`,
        's',
      ),
    })),
);

/** The text a person can read or hear: text nodes, and the names and hints given in attributes. */
function visibleTexts(root: ParentNode = document.body): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, [hidden]')) continue;
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  for (const element of root.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = element.getAttribute(name)?.trim();
      if (value) texts.push(value);
    }
  }
  return texts;
}

function englishShown(): string[] {
  const found = new Set<string>();
  for (const text of visibleTexts()) for (const { key, pattern } of englishOnly) if (pattern.test(text)) found.add(`${key}: "${text}"`);
  return [...found];
}

const APP_ID = '0123456789abcdef0123456789abcdef';
const db = getDb();

describe('screens in Hindi show no English-only catalogue text', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((table) => table.clear()));
    const profile = makeProfile({ mfi_employee: 'RELATIONSHIP_OFFICER' });
    setToken('tok-1');
    setProfile(profile);
    vi.mocked(fetchProfile).mockResolvedValue({ success: true, data: profile });
    vi.mocked(fetchApplicationCount).mockResolvedValue({ success: true, data: { count: 3 } });
    await setLanguage('hi');
  });
  afterEach(teardown);

  it('the check itself finds English (it would fail on an untranslated screen)', async () => {
    await setLanguage('en');
    renderRoutes('/sync');
    await settleNavigation();
    await screen.findByRole('heading', { name: 'Sync centre' });
    expect(englishShown()).toContain('sync.title: "Sync centre"');
  });

  it('the dashboard', async () => {
    renderRoutes('/');
    await settleNavigation();
    await screen.findByRole('link', { name: 'आवेदन बनाएं' });
    await flush();
    expect(englishShown()).toEqual([]);
  });

  it('the sync centre with waiting items (retrying, needs attention, an upload) and its discard dialog', async () => {
    const localId = await ensureLocalApplication(db, APP_ID);
    const seqs = await queueItems(db, [
      {
        label: 'PAN',
        applicationLocalId: localId,
        request: { kind: 'upload', base: 'main', url: '/v1/apply-loan/upload-file', fileLocalIds: ['f-1'], fields: {} },
      },
      {
        label: 'KYC details',
        applicationLocalId: localId,
        request: { kind: 'json', base: 'main', method: 'PUT', url: '/v1/app/mfi/{app}', body: {} },
      },
    ]);
    await db.outbox.update(seqs[0]!, {
      state: 'needs_attention',
      lastError: 'Something went wrong!',
      lastStatus: 422,
      attempts: 1,
    } satisfies Partial<OutboxEntry>);
    await db.outbox.update(seqs[1]!, {
      state: 'retrying',
      lastError: 'Something went wrong!',
      attempts: 2,
      nextAttemptAt: Date.now() + 60_000,
    });
    renderRoutes('/sync');
    await settleNavigation();
    await screen.findByRole('heading', { name: 'सिंक केंद्र' });
    await screen.findAllByRole('listitem');
    expect(englishShown()).toEqual([]);
    screen.getByRole('button', { name: /सभी प्रतीक्षारत आइटम हटा दें/ }).click();
    await screen.findByRole('alertdialog');
    expect(englishShown()).toEqual([]);
  });

  it('the rejection page, for a rejected and for a not rejected application', async () => {
    const localId = await ensureLocalApplication(db, APP_ID);
    const view = renderRoutes(`/application/rejection?id=${APP_ID}`);
    await settleNavigation();
    await screen.findByRole('heading', { name: 'यह आवेदन अस्वीकृत नहीं है' });
    expect(englishShown()).toEqual([]);
    await db.applications.update(localId, {
      status: 'REJECTED',
      server: { id: APP_ID, status: 'REJECTED', rejection_reason: 'LOW_BUREAU_SCORE' },
    });
    await screen.findByRole('heading', { name: 'आवेदन अस्वीकृत!' });
    // The bureau's reason in Hindi words (issue 21 D5), no longer its code.
    await waitFor(() => expect(screen.getByText('ब्यूरो स्कोर बहुत कम है')).toBeTruthy());
    expect(screen.queryByText('The bureau score is too low')).toBeNull();
    expect(englishShown()).toEqual([]);
    view.unmount();
  });
});
