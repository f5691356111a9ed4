import axios, { AxiosError, isAxiosError, isCancel, type AxiosInstance } from 'axios';
import { DEVICE_WIPE_HEADER } from '../../domain';
import { getGuestToken, getSendToken, getToken, hasStaffSession, removeGuestToken, removeToken } from '../session/session.storage';
import { getLanguage } from '../i18n/language.store';
import { HttpError, LANGUAGE_HEADER, languageHeaders, parseBody, REQUEST_TIMEOUT_MS, TOKEN_HEADER, tokenHeaders } from './http-rules';

// One axios instance per API base (clients.ts) for every direct call; the headers, the deadline
// and how a body reads come from http-rules.ts, which the outbox's transport follows too.
export { HttpError, isHttpError, REQUEST_TIMEOUT_MS, type HttpResponse } from './http-rules';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** A 401 is this call's answer, not the session's end: the logout handler does not run (the locked phone's wipe check). */
    own401?: boolean;
  }
}

export type ApiClientOptions = {
  baseURL: string;
  /** Main API: a 401 runs the registered logout handler (spec 01 §4). */
  runLogoutHandlerOn401: boolean;
  /** Verification and banking APIs: an HTTP error resolves with its response (body in `.data`). */
  resolveErrorResponses: boolean;
};

/**
 * `wipe`: the server revoked the session (device lost): the device's data goes too, after its
 * queued items, sent with `token` (the revoked session's).
 */
export type LogoutHandler = (options: { wipe: boolean; token: string | null }) => void;
let logoutHandler: LogoutHandler | null = null;

/** The app registers its local logout here; the main API runs it on a 401. */
export function registerLogoutHandler(handler: LogoutHandler): () => void {
  logoutHandler = handler;
  return () => {
    if (logoutHandler === handler) logoutHandler = null;
  };
}

export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    // XMLHttpRequest: it reports upload progress (the build leaves the fetch adapter out, vite.config.ts).
    adapter: 'xhr',
    baseURL: options.baseURL,
    // A caller's `timeout` (an upload's, the logout's) replaces it; its `signal` aborts as well.
    timeout: REQUEST_TIMEOUT_MS,
    headers: { Accept: 'application/json' },
    transformResponse: [parseBody],
    // A timeout is ETIMEDOUT, apart from an abort.
    transitional: { clarifyTimeoutError: true },
  });

  client.interceptors.request.use((config) => {
    if (!config.headers.has(TOKEN_HEADER)) config.headers.set(tokenHeaders(getToken() ?? getGuestToken()));
    if (!config.headers.has(LANGUAGE_HEADER)) config.headers.set(languageHeaders(getLanguage()));
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    const failure = toHttpError(error);
    if (failure.response?.status === 401 && !(isAxiosError(error) && error.config?.own401)) {
      // A guest token ended (expired, or the branch took the application over): the drafts stay.
      if (!hasStaffSession() && getGuestToken() !== null) removeGuestToken();
      // Locked, the session token is sealed: a wipe delivers the outbox with the send-only credential.
      const token = getToken() ?? getSendToken();
      removeToken();
      const wipe = isAxiosError(error) && error.response?.headers[DEVICE_WIPE_HEADER] === '1';
      if (options.runLogoutHandlerOn401 || wipe) logoutHandler?.({ wipe, token });
    }
    if (options.resolveErrorResponses && failure.response && isAxiosError(error) && error.response) return error.response;
    return Promise.reject(failure);
  });

  return client;
}

/** Whether a failed call's answer told the phone to wipe (a session revoked with its device marked lost). */
export function answeredWipe(error: unknown): boolean {
  const cause = error instanceof HttpError ? error.cause : error;
  return isAxiosError(cause) && cause.response?.headers[DEVICE_WIPE_HEADER] === '1';
}

/** axios's failures as the app's one HttpError: an answer outside 2xx, or why none came. */
function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (isCancel(error)) return new HttpError('aborted', undefined, { cause: error });
  if (isAxiosError(error) && error.response) {
    return new HttpError('http', { status: error.response.status, data: error.response.data }, { cause: error });
  }
  if (isAxiosError(error) && error.code === AxiosError.ETIMEDOUT) return new HttpError('timeout', undefined, { cause: error });
  return new HttpError('network', undefined, { cause: error });
}
