// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DecisionsPanel } from '../../../../src/app/components/decisions/decisions-panel';
import { useLocalApplication } from '../../../../src/app/db/application-steps.hooks';
import { getDb } from '../../../../src/app/db/db';
import type { LocalApplication } from '../../../../src/app/db/records';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { textOfMessage } from '../../../../src/app/i18n/feature-text';
import { outboxLabelsText } from '../../../../src/app/i18n/outbox-labels.text';
import { resetDevice, setOnline, teardown } from '../test-utils';

// Issue 32: a write the server saved in part waits on the application for the person's decision.
const db = getDb();
const BODY = { name: 'LAKSHMI DEVI', address: '9 Station Road', years_of_residence: 7, amount_requested: 120000 };

function application(): LocalApplication {
  return {
    localId: 'app-1',
    serverId: 'srv-1',
    status: 'DRAFT',
    stage: [],
    syncState: 'synced',
    server: { id: 'srv-1', versions: { borrower: 4 } },
    sentBodies: { borrower: BODY },
    decisions: [
      {
        record: 'borrower',
        version: 4,
        label: 'Borrower details',
        write: { method: 'PUT', url: '/v1/app/mfi/{app}', effect: { type: 'application-answer', applicationLocalId: 'app-1' } },
        at: 1,
        fields: [
          {
            field: 'address',
            base: '14 Gandhi Nagar',
            theirs: '22 Shivaji Road',
            yours: '9 Station Road',
            changed_by: 'Ravi Kumar',
            changed_at: '2026-11-29T05:12:00.000Z',
          },
          { field: 'years_of_residence', changed_by: 'Meena Sharma', changed_at: '2026-11-29T05:13:00.000Z' },
        ],
      },
    ],
    createdAt: 0,
    updatedAt: 0,
  };
}

function Live() {
  const app = useLocalApplication('app-1');
  return app ? <DecisionsPanel app={app} /> : null;
}

describe('DecisionsPanel', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    await db.applications.put(application());
  });
  afterEach(teardown);

  it('names each field with both values and who changed it when; offline, the choice is queued as the write on the conflict’s version', async () => {
    setOnline(false);
    const user = userEvent.setup();
    render(<Live />);
    const panel = await screen.findByRole('region', { name: 'Needs your decision' });
    const address = within(panel).getByRole('group', { name: 'Address' });
    expect(within(address).getByRole('radio', { name: 'Yours: 9 Station Road' })).toBeTruthy();
    // 05:12 UTC is 10:42 AM in India: shown as every time in the app is (spec 01 §5), whatever the phone's zone.
    within(address).getByRole('radio', { name: 'On the server, by Ravi Kumar at 29-11-2026 10:42 AM: 22 Shivaji Road' });
    // What only a locked drain heard keeps the names, and says where the value is.
    const years = within(panel).getByRole('group', { name: 'Years of residence' });
    within(years).getByRole('radio', { name: 'Yours: the value you entered' });

    // Both must be chosen.
    await user.click(within(panel).getByRole('button', { name: 'Save my choices' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('Choose a value for each field.');
    expect(await db.outbox.count()).toBe(0);

    await user.click(within(address).getByRole('radio', { name: /^Yours/ }));
    await user.click(within(years).getByRole('radio', { name: /^On the server/ }));
    await user.click(within(panel).getByRole('button', { name: 'Save my choices' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry!.request).toEqual({
      kind: 'json',
      base: 'main',
      method: 'PUT',
      url: '/v1/app/mfi/{app}',
      body: BODY,
      condition: { record: 'borrower', ifMatch: 4, changed: ['address'], resolves: 4 },
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Needs your decision' })).toBeNull());
    expect((await db.applications.get('app-1'))?.decisions).toEqual([]);
  });

  it('speaks Hindi', async () => {
    setLanguage('hi');
    render(<Live />);
    const panel = await screen.findByRole('region', { name: 'आपका निर्णय चाहिए' });
    expect(within(panel).getByRole('button', { name: 'मेरे चुनाव सहेजें' })).toBeTruthy();
    within(panel).getByRole('radio', { name: 'आपका: 9 Station Road' });
    // The write's name too (its outbox label, kept in English on the phone).
    expect(within(panel).getByText(/जो इस बीच किसी और ने बदला/).textContent).toMatch(/^उधारकर्ता का विवरण: /);
  });

  it('every name a queued write of a versioned record goes by reads in Hindi', () => {
    const labels = [
      'Borrower details',
      'KYC details',
      'Business details',
      'Employment details',
      'Bank account',
      'Bank account change',
      'Family member',
      'Co-borrower',
      'Guarantor',
      'References',
      'Business CPV',
      'Residence CPV',
    ];
    expect(labels.filter((label) => textOfMessage(outboxLabelsText, label, 'hi') === label)).toEqual([]);
  });
});
