// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureLocalApplication } from '../../../../src/app/db/applications.repository';
import { getDb } from '../../../../src/app/db/db';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({
  fetchApplication: vi.fn(() => new Promise(() => {})),
  fetchApplicationByPhone: vi.fn(() => new Promise(() => {})),
  runBureauCheck: vi.fn(),
}));

const ID = '0123456789abcdef0123456789abcdef';
const db = getDb();

describe('KYC documents (/application/kyc)', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    setProfile(makeProfile());
  });
  afterEach(teardown);

  it("shows 'Borrowers Info' with the six document uploads, mirroring the application locally", async () => {
    renderRoutes(`/application/kyc?id=${ID}`);
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'Borrowers Info', level: 1 })).toBeTruthy();
    await screen.findByLabelText('Borrower photo', { selector: 'input[type=file]' });
    for (const label of ['Borrower photo', 'PAN', 'Aadhaar front', 'Aadhaar back', 'Voter ID', 'Voter ID back']) {
      expect(screen.getByLabelText(label, { selector: 'input[type=file]' })).toBeTruthy();
      expect(screen.getByRole('button', { name: `Capture Image for ${label}` })).toBeTruthy();
    }
    expect((screen.getByLabelText('Borrower photo', { selector: 'input' }) as HTMLInputElement).accept).not.toContain('pdf');
    expect((screen.getByLabelText('PAN', { selector: 'input' }) as HTMLInputElement).accept).toContain('.pdf');
    await waitFor(async () => expect(await db.applications.where('serverId').equals(ID).count()).toBe(1));
    await waitFor(() => expect((screen.getByLabelText('PAN', { selector: 'input' }) as HTMLInputElement).disabled).toBe(false));
  });

  it('issue 31 N14: marks the documents Next needs before it, the voter ID too for a borrower not male', async () => {
    const required = () =>
      ['Borrower photo', 'PAN', 'Aadhaar front', 'Aadhaar back', 'Voter ID', 'Voter ID back'].filter(
        (label) => (screen.getByLabelText(label, { selector: 'input[type=file]' }) as HTMLInputElement).required,
      );
    const localId = await ensureLocalApplication(db, ID);
    await db.applications.update(localId, { server: { id: ID, status: 'DRAFT', gender: 'MALE' } });
    renderRoutes(`/application/kyc?id=${ID}`);
    await settleNavigation();
    await screen.findByLabelText('Borrower photo', { selector: 'input[type=file]' });
    expect(required()).toEqual(['Borrower photo', 'PAN', 'Aadhaar front', 'Aadhaar back']);
    expect(screen.getByTestId('upload-pan_file').querySelector('.field-label')?.textContent).toBe('PAN (required)');
    expect(screen.getByTestId('upload-voter_id_file').querySelector('.field-label')?.textContent).toBe('Voter ID');
    teardown();

    await db.applications.update(localId, { server: { id: ID, status: 'DRAFT', gender: 'FEMALE' } });
    renderRoutes(`/application/kyc?id=${ID}`);
    await settleNavigation();
    await screen.findByLabelText('Borrower photo', { selector: 'input[type=file]' });
    expect(required()).toEqual(['Borrower photo', 'PAN', 'Aadhaar front', 'Aadhaar back', 'Voter ID']);
  });

  it('without a valid application id it says so and shows no uploads', async () => {
    renderRoutes('/application/kyc?id=nope');
    await settleNavigation();
    expect(await screen.findByText('Open this screen from an application: the link has no valid application id.')).toBeTruthy();
    expect(screen.queryByLabelText('PAN', { selector: 'input' })).toBeNull();
    expect(await db.applications.count()).toBe(0);
  });
});
