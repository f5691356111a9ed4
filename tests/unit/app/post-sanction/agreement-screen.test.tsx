// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgreementView } from '../../../../src/domain';
import { fetchAgreement, makeAgreement, sendEsignCode, verifyEsignCode } from '../../../../src/app/api/agreement.api';
import { getDb } from '../../../../src/app/db/db';
import { setLanguage } from '../../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';

// Issue 33 item 5: "Agreement and mandate": the credit manager makes the agreement; each signer
// gets a code and signs with it; the officer may only run the signing.

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/agreement.api', () => ({
  fetchAgreement: vi.fn(),
  makeAgreement: vi.fn(),
  sendEsignCode: vi.fn(),
  verifyEsignCode: vi.fn(),
  fetchAgreementPdf: vi.fn(),
}));

const SLOW = { timeout: 10_000 };
const ID = '0123456789abcdef0123456789abcdef';
const db = getDb();
const NONE: AgreementView = {
  state: 'NONE',
  application_status: 'APPROVED',
  number: null,
  language: null,
  kfs_number: null,
  kfs_hash: null,
  made_at: null,
  pdf_sha256: null,
  signers: [],
};
const signer = (id: string, kind: 'BORROWER' | 'CO_BORROWER', name: string, state: 'PENDING' | 'SIGNED' = 'PENDING') => ({
  id: id.repeat(32),
  kind,
  name,
  mobile: 'XXXXXX1234',
  state,
  signed_at: state === 'SIGNED' ? '2026-01-15T04:31:00.000Z' : null,
});
const MADE: AgreementView = {
  ...NONE,
  state: 'PENDING',
  number: 'LA-SAH2601000001',
  language: 'en',
  kfs_number: 'KFS-SAH2601000001-01',
  kfs_hash: 'a'.repeat(64),
  made_at: '2026-01-15T04:30:00.000Z',
  pdf_sha256: 'b'.repeat(64),
  signers: [signer('a', 'BORROWER', 'LAKSHMI DEVI'), signer('b', 'CO_BORROWER', 'RAMESH KUMAR')],
};

async function open(designation: string) {
  setProfile(makeProfile({ mfi_employee: designation }));
  renderRoutes(`/application/agreement?id=${ID}`);
  await settleNavigation();
  await screen.findByRole('heading', { level: 1 }, SLOW);
}

describe('Agreement and mandate', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
    setToken('tok-1');
    for (const f of [fetchAgreement, makeAgreement, sendEsignCode, verifyEsignCode]) vi.mocked(f).mockReset();
  });
  afterEach(teardown);

  it('the credit manager makes the agreement, sends the borrower a code and signs with it, once per tap', async () => {
    vi.mocked(fetchAgreement).mockResolvedValue({ success: true, data: NONE });
    vi.mocked(makeAgreement).mockResolvedValue({ success: true, data: MADE });
    vi.mocked(sendEsignCode).mockResolvedValue({
      success: true,
      data: { session_id: 'c'.repeat(32), signer_id: 'a'.repeat(32), mobile: 'XXXXXX1234', resend_after_seconds: 30 },
    });
    const signed: AgreementView = { ...MADE, signers: [signer('a', 'BORROWER', 'LAKSHMI DEVI', 'SIGNED'), MADE.signers[1]!] };
    vi.mocked(verifyEsignCode).mockResolvedValue({ success: true, data: signed });
    await open('BRANCH_CREDIT_MANAGER');
    const user = userEvent.setup();
    expect(await screen.findByText('The loan agreement has not been made yet.', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Application status: approved')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'e-NACH mandate' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Make the loan agreement' }));
    expect(await screen.findByTestId('agreement-number', undefined, SLOW)).toHaveProperty('textContent', 'Loan agreement LA-SAH2601000001');
    expect(makeAgreement).toHaveBeenCalledTimes(1);

    const borrower = screen.getByTestId('signer-BORROWER');
    await user.click(within(borrower).getByRole('button', { name: 'Send code' }));
    expect(await within(borrower).findByText('Code sent to XXXXXX1234.', undefined, SLOW)).toBeTruthy();
    expect(sendEsignCode).toHaveBeenCalledWith(ID, 'a'.repeat(32), expect.any(String));
    const sign = within(borrower).getByRole('button', { name: 'Sign' });
    expect(sign).toHaveProperty('disabled', true);
    await user.type(within(borrower).getByLabelText("Signer's code"), '123456');
    await user.click(sign);
    await waitFor(
      () => expect(within(screen.getByTestId('signer-BORROWER')).getByTestId('signer-state').textContent).toMatch(/^Signed /),
      SLOW,
    );
    expect(verifyEsignCode).toHaveBeenCalledWith(ID, 'c'.repeat(32), '123456', expect.any(String));
    // Nobody may make it again once someone signed.
    expect(screen.queryByRole('button', { name: 'Make it again' })).toBeNull();
  });

  it('the officer runs the signing only, in Hindi; a refusal is shown', async () => {
    setLanguage('hi');
    vi.mocked(fetchAgreement).mockResolvedValue({ success: true, data: MADE });
    vi.mocked(sendEsignCode).mockResolvedValue({ success: false, message: 'बहुत सारे अनुरोध', status_code: 429 });
    await open('RELATIONSHIP_OFFICER');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'समझौता और मैंडेट' }, SLOW)).toBeTruthy();
    expect(await screen.findByTestId('agreement-number', undefined, SLOW)).toHaveProperty('textContent', 'ऋण समझौता LA-SAH2601000001');
    expect(screen.queryByRole('button', { name: 'फिर से बनाएँ' })).toBeNull();
    const co = screen.getByTestId('signer-CO_BORROWER');
    await user.click(within(co).getByRole('button', { name: 'कोड भेजें' }));
    expect(await within(co).findByText('बहुत सारे अनुरोध', undefined, SLOW)).toBeTruthy();
  });
});
