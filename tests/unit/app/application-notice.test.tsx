// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApplicationNotice, noticeToShow } from '../../../src/app/components/application-notice';
import { getDb } from '../../../src/app/db/db';
import { setGuestToken } from '../../../src/app/session/session.storage';
import type { LocalApplication } from '../../../src/app/db/records';
import { resetDevice, teardown } from './test-utils';

const ID = '0123456789abcdef0123456789abcdef';
const GUARANTOR = 'b'.repeat(32);
const db = getDb();

function application(overrides: Partial<LocalApplication>): LocalApplication {
  return {
    localId: 'app-1',
    serverId: ID,
    status: 'DRAFT',
    stage: [],
    syncState: 'synced',
    server: { id: ID },
    createdAt: 0,
    updatedAt: 0,
    ...overrides,
  };
}

function show() {
  return render(
    <MemoryRouter>
      <ApplicationNotice applicationLocalId="app-1" />
    </MemoryRouter>,
  );
}

const banner = () => document.querySelector('.application-notice');

describe('ApplicationNotice', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  afterEach(teardown);

  it('shows a rejection that arrived after an offline submit, live, with a link to the rejection page', async () => {
    await db.applications.put(application({}));
    show();
    expect(banner()).toBeNull();
    await db.applications.update('app-1', {
      status: 'REJECTED',
      notice: { kind: 'rejected', message: 'OVERDUE AMOUNT PRESENT', at: 1 },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Application Rejected!');
    expect(alert.textContent).toContain('OVERDUE AMOUNT PRESENT');
    expect(screen.getByRole('link', { name: 'View rejection details' }).getAttribute('href')).toBe(`/application/rejection?id=${ID}`);
  });

  it("links a rejected guarantor's notice to its rejection, and hides once it is replaced", async () => {
    await db.applications.put(application({ notice: { kind: 'rejected', message: 'Vikram Joshi: OVERDUE AMOUNT PRESENT', at: 1 } }));
    const guarantor = {
      localId: GUARANTOR,
      applicationLocalId: 'app-1',
      kind: 'co_applicant' as const,
      values: { type: 'GUARANTOR' },
      syncState: 'synced' as const,
      server: { id: GUARANTOR, type: 'GUARANTOR', status: 'REJECTED', approval_checks: { decision: 'REJECTED' } },
      createdAt: 1,
      updatedAt: 1,
    };
    await db.records.put(guarantor);
    show();
    expect((await screen.findByRole('link', { name: 'View rejection details' })).getAttribute('href')).toBe(
      `/application/rejection?id=${ID}&type=GUARANTOR&co_applicant_id=${GUARANTOR}`,
    );
    expect(screen.getByRole('alert').textContent).toContain('Vikram Joshi: OVERDUE AMOUNT PRESENT');
    await db.records.put({ ...guarantor, server: { ...guarantor.server, status: 'REPLACED' } });
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('shows a deviation while one is not approved, without a link', async () => {
    await db.applications.put(
      application({
        notice: { kind: 'deviation', message: 'BANK_NAME_MISMATCH_DEVIATION', at: 1 },
        server: { id: ID, deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', status: 'PENDING' }] },
      }),
    );
    show();
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Deviation recorded');
    // Issue 21 D7: the deviation in words, never its code.
    expect(status.textContent).toContain('bank account holder name mismatch');
    expect(status.textContent).not.toContain('BANK_NAME_MISMATCH_DEVIATION');
    expect(status.textContent).toContain('A supervisor must approve it before the application can move on.');
    expect(screen.queryByRole('link')).toBeNull();
    await db.applications.update('app-1', {
      server: { id: ID, deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', status: 'APPROVED' }] },
    });
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('tells a borrower applying herself what a deviation means for her, in plain words, not about a supervisor', async () => {
    setGuestToken('guest-token');
    await db.applications.put(
      application({
        notice: { kind: 'deviation', message: 'BORROWER_NAME_MISMATCH_DEVIATION', at: 1 },
        server: { id: ID, deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING' }] },
      }),
    );
    show();
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Noted for the branch');
    expect(status.textContent).toContain('You can go on. The branch will check this with you before your loan moves ahead.');
    expect(status.textContent).not.toContain('supervisor');
    // Issue 31 N7: what was noted, in her words, not the staff's 'borrower name mismatch'.
    expect(status.textContent).toContain('Your name is not the same on all your documents.');
    expect(status.textContent).not.toContain('mismatch');
  });

  it('shows an error needing attention with a link to the sync centre, until it is dealt with', async () => {
    await db.applications.put(
      application({ syncState: 'needs_attention', notice: { kind: 'error', message: 'A family can have at most 6 members', at: 1 } }),
    );
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Needs attention');
    expect(alert.textContent).toContain('A family can have at most 6 members');
    expect(screen.getByRole('link', { name: 'Open the sync centre' }).getAttribute('href')).toBe('/sync');
    expect(banner()?.getAttribute('data-kind')).toBe('error');
    await db.applications.update('app-1', { syncState: 'synced' });
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('shows nothing without a notice or an application', async () => {
    expect(noticeToShow(application({ status: 'REJECTED' }), [])).toBeNull();
    await db.applications.put(application({ status: 'REJECTED' }));
    show();
    render(
      <MemoryRouter>
        <ApplicationNotice applicationLocalId={undefined} />
      </MemoryRouter>,
    );
    // The notice arrives: the banner of the application shows it, the one without an application stays empty.
    await db.applications.update('app-1', { notice: { kind: 'rejected', message: 'OVERDUE AMOUNT PRESENT', at: 1 } });
    await screen.findByRole('alert');
    expect(document.querySelectorAll('.application-notice')).toHaveLength(1);
  });
});
