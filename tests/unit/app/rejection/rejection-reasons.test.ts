import { describe, expect, it } from 'vitest';
import type { LocalApplication, LocalRecord } from '../../../../src/app/db/records';
import { formatRupees, rejectionLines, rejectionSubject } from '../../../../src/app/features/rejection/rejection-reasons';

const app = (server: Record<string, unknown>): LocalApplication => ({
  localId: 'local',
  serverId: 'a'.repeat(32),
  status: 'REJECTED',
  stage: [],
  syncState: 'synced',
  server,
  createdAt: 0,
  updatedAt: 0,
});

const coApplicant = (localId: string, server: Record<string, unknown>, updatedAt = 1): LocalRecord => ({
  localId,
  applicationLocalId: 'local',
  kind: 'co_applicant',
  values: { type: server.type, name: server.name },
  syncState: 'synced',
  server,
  createdAt: 0,
  updatedAt,
});

describe('rejection reasons', () => {
  it('formats rupees the Indian way with 2 decimals', () => {
    expect(formatRupees(18500)).toBe('₹18,500.00');
    expect(formatRupees(1234567.5)).toBe('₹12,34,567.50');
  });

  it('lists approval_checks.reasons in sentence case, and the overdue amount beside OVERDUE_AMOUNT_PRESENT', () => {
    const lines = rejectionLines({
      approval_checks: {
        decision: 'REJECTED',
        rejected: true,
        reasons: ['OVERDUE_AMOUNT_PRESENT', 'LOW_BUREAU_SCORE'],
        check_values: { overdue_amount: 18500 },
      },
    });
    expect(lines).toEqual([
      { code: 'OVERDUE_AMOUNT_PRESENT', text: 'Overdue amount present', overdueAmount: '₹18,500.00' },
      { code: 'LOW_BUREAU_SCORE', text: 'Low bureau score' },
    ]);
  });

  it('falls back to rejection_reason, and to nothing', () => {
    expect(
      rejectionLines({ approval_checks: null, rejection_reason: 'WRITTEN_OFF_ACCOUNT, OVERDUE_AMOUNT_PRESENT' }).map((l) => l.text),
    ).toEqual(['Written off account', 'Overdue amount present']);
    expect(rejectionLines({ rejection_reason: 'OVERDUE_AMOUNT_PRESENT' })[0]?.overdueAmount).toBeUndefined();
    expect(rejectionLines(undefined)).toEqual([]);
  });
});

describe('rejectionSubject', () => {
  const rejectedGuarantor = { type: 'GUARANTOR', name: 'Vikram Joshi', status: 'REJECTED', approval_checks: { decision: 'REJECTED' } };
  const coApplicants = [
    coApplicant('g-old', { ...rejectedGuarantor, name: 'Old One' }, 1),
    coApplicant('g-new', rejectedGuarantor, 2),
    coApplicant('c-1', { type: 'CO_BORROWER', name: 'Lakshmi Devi', status: 'ACTIVE', approval_checks: { decision: 'PASS' } }, 3),
  ];

  it('is the application without a co-applicant in the query', () => {
    const subject = rejectionSubject(app({ rejection_reason: 'X' }), coApplicants, { type: '', coApplicantId: '' });
    expect(subject).toEqual({ view: { rejection_reason: 'X' }, type: '', rejected: true, final: false });
  });

  it('is the named co-applicant, or the latest rejected one of the type', () => {
    expect(rejectionSubject(app({}), coApplicants, { type: '', coApplicantId: 'g-old' }).coApplicant).toEqual({
      id: 'g-old',
      name: 'Old One',
      type: 'GUARANTOR',
    });
    const latest = rejectionSubject(app({}), coApplicants, { type: 'GUARANTOR', coApplicantId: '' });
    expect(latest.type).toBe('GUARANTOR');
    expect(latest.coApplicant?.id).toBe('g-new');
  });

  it('keeps the type when the co-applicant is not on the phone (the application view is read)', () => {
    const subject = rejectionSubject(app({ rejection_reason: 'X' }), [], { type: 'GUARANTOR', coApplicantId: '' });
    expect(subject).toEqual({ view: { rejection_reason: 'X' }, type: 'GUARANTOR', rejected: true, final: false });
  });

  it('an application the server says a reviewer or the BRE rejected is final; a bureau rejection and a co-applicant’s are not', () => {
    const of = (server: Record<string, unknown>) => rejectionSubject(app(server), coApplicants, { type: '', coApplicantId: '' }).final;
    expect(of({ status: 'REJECTED', rejection_reason: 'Fraud suspected' })).toBe(true);
    expect(of({ status: 'REJECTED', bureau_deviation_exists: false, rejection_reason: 'LOW_BRE_SCORE' })).toBe(true);
    expect(of({ status: 'REJECTED', bureau_deviation_exists: true })).toBe(false);
    expect(of({ rejection_reason: 'X' })).toBe(false);
    const reviewerRejected = app({ status: 'REJECTED', rejection_reason: 'Fraud suspected' });
    expect(rejectionSubject(reviewerRejected, coApplicants, { type: 'GUARANTOR', coApplicantId: '' }).final).toBe(false);
  });

  it('says whether the subject is rejected: by the local status, the notice or the server view', () => {
    const draft = (server: Record<string, unknown>, extra: Partial<LocalApplication> = {}) => ({
      ...app(server),
      status: 'DRAFT',
      ...extra,
    });
    const query = { type: '', coApplicantId: '' };
    expect(rejectionSubject(draft({ status: 'DRAFT' }), [], query).rejected).toBe(false);
    expect(rejectionSubject(undefined, [], query).rejected).toBe(false);
    expect(rejectionSubject(draft({ status: 'REJECTED' }), [], query).rejected).toBe(true);
    expect(rejectionSubject(draft({ approval_checks: { decision: 'REJECTED' } }), [], query).rejected).toBe(true);
    expect(rejectionSubject(draft({}, { notice: { kind: 'rejected', message: 'x', at: 1 } }), [], query).rejected).toBe(true);
    expect(rejectionSubject(draft({}), coApplicants, { type: '', coApplicantId: 'c-1' }).rejected).toBe(false);
    expect(rejectionSubject(draft({}), coApplicants, { type: '', coApplicantId: 'g-old' }).rejected).toBe(true);
  });
});
