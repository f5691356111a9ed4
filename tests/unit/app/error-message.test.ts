import { describe, expect, it } from 'vitest';
import { extractErrorMessage, UnparsableResponseError, unwrapEmbeddedMessage } from '../../../src/app/api/error-message';
import { HttpError } from '../../../src/app/api/http-client';

function httpError(status: number, data: unknown): HttpError {
  return new HttpError('http', { status, data });
}

describe('extractErrorMessage (spec 01 §8)', () => {
  it('uses the response field message', () => {
    expect(extractErrorMessage(httpError(400, { success: false, message: 'Mobile number is not registered' }))).toBe(
      'Mobile number is not registered',
    );
  });

  it('uses the inner text of an embedded JSON message', () => {
    expect(extractErrorMessage(httpError(502, { message: 'Error: {"message":"Bank down"}' }))).toBe('Bank down');
  });

  it('uses the inner text of an embedded Python-style detail', () => {
    expect(extractErrorMessage(httpError(500, { message: "{'detail': 'x'}" }))).toBe('x');
    expect(extractErrorMessage({ message: "Upstream said {'detail': \"PAN isn't valid\"}" })).toBe("PAN isn't valid");
  });

  it('unwraps nested embeddings and keeps braces that carry no message', () => {
    expect(unwrapEmbeddedMessage('Error: {"message": "Error: {\\"detail\\": \\"deep\\"}"}')).toBe('deep');
    expect(unwrapEmbeddedMessage('Invalid value {abc}')).toBe('Invalid value {abc}');
  });

  it("falls back to 'Something went wrong!' without a message", () => {
    expect(extractErrorMessage(httpError(500, { success: false }))).toBe('Something went wrong!');
    expect(extractErrorMessage(httpError(500, { message: '   ' }))).toBe('Something went wrong!');
    expect(extractErrorMessage(new HttpError('network'))).toBe('Something went wrong!');
    expect(extractErrorMessage(new HttpError('timeout'))).toBe('Something went wrong!');
    expect(extractErrorMessage(new Error('boom'))).toBe('Something went wrong!');
  });

  it('answers the unparsable-response text for a body that is not JSON', () => {
    expect(extractErrorMessage(httpError(502, '<html><body>Bad Gateway</body></html>'))).toBe(
      'Something went wrong while processing the response.',
    );
    expect(extractErrorMessage(new UnparsableResponseError())).toBe('Something went wrong while processing the response.');
  });

  it('parses a JSON body that arrived as text', () => {
    expect(extractErrorMessage(httpError(400, '{"success":false,"message":"Too many requests"}'))).toBe('Too many requests');
  });
});
