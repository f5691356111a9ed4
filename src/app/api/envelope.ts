import { isObject } from '../../domain/shared/is-object';
import type { Envelope, Fail } from '../../domain';
import { UnparsableResponseError } from './error-message';
import { isHttpError, type HttpResponse } from './http-client';

/**
 * Runs a request and answers the envelope. A 4xx that carries the failure envelope comes back
 * as a value (`success: false`, with `status_code`); network errors, timeouts, 5xx and answers
 * that are not the envelope throw.
 */
export async function requestEnvelope<T>(request: Promise<HttpResponse<unknown>>): Promise<Envelope<T>> {
  let response: HttpResponse<unknown>;
  try {
    response = await request;
  } catch (error) {
    const failed = isHttpError(error) ? error.response : undefined;
    if (failed && failed.status >= 400 && failed.status < 500 && isEnvelope(failed.data)) {
      return asFail(failed.data, failed.status);
    }
    throw error;
  }
  if (!isEnvelope(response.data)) throw new UnparsableResponseError();
  return response.data.success ? (response.data as Envelope<T>) : asFail(response.data, response.status);
}

function isEnvelope(body: unknown): body is { success: boolean; message?: unknown; status_code?: unknown } {
  return isObject(body) && typeof body.success === 'boolean';
}

function asFail(body: { message?: unknown; status_code?: unknown }, status: number): Fail {
  return {
    success: false,
    message: typeof body.message === 'string' ? body.message : '',
    status_code: typeof body.status_code === 'number' ? body.status_code : status,
  };
}
