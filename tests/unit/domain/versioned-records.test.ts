import { describe, expect, it } from 'vitest';
import { versionedWriteOf } from '../../../src/domain/records/versioned-records';

const versionedRecordOf = (method: string, path: string, body: unknown) => versionedWriteOf(method, path, body)?.key ?? null;

describe('the record a write changes', () => {
  it('names an application step by its path, a record by its id in the path or the body', () => {
    expect(versionedRecordOf('PUT', '/v1/app/mfi/{app}', {})).toBe('borrower');
    expect(versionedRecordOf('patch', '/v1/app/mfi/0a1b/basic-info', {})).toBe('kyc');
    expect(versionedRecordOf('POST', '/v1/app/mfi/{app}/co-applicant', { id: 'c0ffee' })).toBe('co_applicant:c0ffee');
    expect(versionedRecordOf('PATCH', '/v1/app/mfi/co-applicant/c0ffee', {})).toBe('co_applicant:c0ffee');
    expect(versionedRecordOf('PATCH', '/v1/app/mfi/family-member/f00d', {})).toBe('family_member:f00d');
  });

  it('says which writes carry only the fields they change', () => {
    expect(versionedWriteOf('PATCH', '/v1/app/mfi/{app}', {})?.write.partial).toBe(true);
    expect(versionedWriteOf('PATCH', '/v1/app/mfi/co-applicant/c0ffee', {})?.write.partial).toBeUndefined();
  });

  it('names none for a write of no record, or an add without the phone’s id', () => {
    expect(versionedRecordOf('POST', '/v1/app/mfi/{app}/resubmit', {})).toBeNull();
    expect(versionedRecordOf('POST', '/v1/app/mfi/{app}/co-applicant', {})).toBeNull();
    expect(versionedRecordOf('GET', '/v1/app/mfi/{app}', {})).toBeNull();
    expect(versionedRecordOf('PUT', '/v1/app/mfi/{app}/extra', {})).toBeNull();
  });
});
