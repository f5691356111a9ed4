import axios, { isAxiosError, type AxiosInstance } from 'axios';
import { getGuestToken, getToken, removeToken } from '../session/session.storage';

/** DECISIONS.md overrides the spec's "no timeout": a hung request must not stall the app. */
export const REQUEST_TIMEOUT_MS = 30_000;

export type ApiClientOptions = {
  baseURL: string;
  /** Main API: a 401 runs the registered logout handler (spec 01 §4). */
  runLogoutHandlerOn401: boolean;
  /** Verification and banking APIs: an HTTP error resolves with its response (body in `.data`). */
  resolveErrorResponses: boolean;
};

let logoutHandler: (() => void) | null = null;

/** The app registers its local logout here; the main API runs it on a 401. */
export function registerLogoutHandler(handler: () => void): () => void {
  logoutHandler = handler;
  return () => {
    if (logoutHandler === handler) logoutHandler = null;
  };
}

export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL: options.baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { Accept: 'application/json' },
  });

  client.interceptors.request.use((config) => {
    const token = getToken() ?? getGuestToken();
    if (token && !config.headers.has('token')) config.headers.set('token', token);
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    if (isAxiosError(error) && error.response?.status === 401) {
      removeToken();
      if (options.runLogoutHandlerOn401) logoutHandler?.();
    }
    if (options.resolveErrorResponses && isAxiosError(error) && error.response) return error.response;
    return Promise.reject(error);
  });

  return client;
}
