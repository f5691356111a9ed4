import { describe, expect, it } from 'vitest';
import { hasValidRole, tenantFromHostname, LOAN_LIMITS } from '../../../src/domain/policy/enums';

describe('tenantFromHostname', () => {
  it.each([
    ['acfl.localhost', 'acfl'],
    ['acfl.localhost:8080', 'acfl'],
    ['CATFIN.example.com', 'catfin'],
    ['capitalneed.lender.in', 'capitalneed'],
    ['localhost', 'sahyog'],
    ['127.0.0.1', 'sahyog'],
    ['app.acfl.example.com', 'sahyog'],
    ['', 'sahyog'],
  ])('%s is tenant %s', (host, tenant) => expect(tenantFromHostname(host)).toBe(tenant));
  it('treats a missing hostname as the default', () => expect(tenantFromHostname(undefined)).toBe('sahyog'));
});

describe('hasValidRole', () => {
  it('accepts AGENT whatever the designation', () => expect(hasValidRole({ role: 'AGENT', mfi_employee: null })).toBe(true));
  it.each(['RELATIONSHIP_OFFICER', 'BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER'])('accepts an employee who is %s', (d) =>
    expect(hasValidRole({ role: 'MFI_EMPLOYEE', mfi_employee: d })).toBe(true),
  );
  it.each([null, '', 'CASHIER', 'relationship_officer'])('logs out an employee with designation %j', (d) =>
    expect(hasValidRole({ role: 'MFI_EMPLOYEE', mfi_employee: d })).toBe(false),
  );
});

describe('loan limits', () => {
  it('match spec 01 §9', () => {
    expect(LOAN_LIMITS.MFI_BUSINESS_LOAN).toEqual({ minAmount: 75000, maxAmount: 125000, tenures: [12, 18, 24] });
    expect(LOAN_LIMITS.UNSECURED_BUSINESS_LOAN.tenures).toEqual([12, 18, 24, 30, 36]);
  });
});
