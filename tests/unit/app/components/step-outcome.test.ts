import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../../src/app/api/http-rules';
import { firstFormError, refusalField, submitFailureMessage, SUBMIT_FAILED } from '../../../../src/app/components/form';
import { StorageFullError, STORAGE_FULL_MESSAGE } from '../../../../src/app/db/storage-errors';

describe('one message per kind of submit failure (issue 20)', () => {
  it.each([
    ['offline', new HttpError('network'), false, SUBMIT_FAILED.offline],
    ['no answer', new HttpError('network'), true, SUBMIT_FAILED.network],
    ['a timeout', new HttpError('timeout'), true, SUBMIT_FAILED.network],
    [
      'a refusal with its reason',
      new HttpError('http', { status: 409, data: { message: 'Already submitted' } }),
      true,
      'Already submitted',
    ],
    ['a refusal without one', new HttpError('http', { status: 400, data: { success: false } }), true, 'Something went wrong!'],
    ['a full disk', new StorageFullError(), true, STORAGE_FULL_MESSAGE],
    ['anything else', new Error('boom'), true, SUBMIT_FAILED.unexpected],
  ])('%s', (_kind, caught, online, message) => {
    expect(submitFailureMessage(caught, online)).toBe(message);
  });
});

describe("the field a server's refusal is about", () => {
  const fields = ['bank_statement', 'bank_statement1', 'pan', 'pan_file'];
  it('is the field it names by its wire name, whole words only', () => {
    expect(refusalField('Invalid file: bank_statement1 is not an upload of this application', fields)).toBe('bank_statement1');
    expect(refusalField('Invalid file: pan_file is not an upload of this application', fields)).toBe('pan_file');
  });
  it("is a step's own message's field, else none (the banner)", () => {
    expect(refusalField('Name mismatch', fields, { 'Name mismatch': 'account_holder_name' })).toBe('account_holder_name');
    expect(refusalField('The application is APPROVED: nothing can change', fields)).toBeUndefined();
  });
});

describe("the resolver's first message", () => {
  it('is the first field in the order the schema gave, nested or not', () => {
    expect(
      firstFormError({ name: { type: 'custom', message: 'Invalid name' }, phone: { type: 'custom', message: 'Invalid mobile' } }),
    ).toEqual({
      message: 'Invalid name',
      field: 'name',
    });
    expect(firstFormError({ reference_list: [{ phone: { type: 'custom', message: 'Invalid mobile number' } }] } as never)).toEqual({
      message: 'Invalid mobile number',
      field: 'reference_list',
    });
  });
});
