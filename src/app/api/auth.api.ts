import type { Envelope } from '../../domain';
import { AUTH_PATHS } from '../../domain/routes/auth.paths';
import type { AUTH_ROUTES } from '../../domain/routes/auth.table';
import { pathOf } from '../../domain/routes/route';
import { USER_PATHS } from '../../domain/routes/user.paths';
import type * as z from 'zod/mini';
import { deviceId } from '../session/device-id';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';
import { CLIENT_IDENTIFIER_HEADERS as WEB_APP } from './http-rules';

// The /login screen's client: the paths only (auth.paths.ts), the answers' types from the table, no zod loaded.

export function sendLoginOtp(body: { mobile: string; hostname: string }): Promise<Envelope<z.infer<typeof AUTH_ROUTES.sendOtp.answer>>> {
  return requestEnvelope(mainApi.post(pathOf(AUTH_PATHS.sendOtp), body, { headers: WEB_APP }));
}

export function resendLoginOtp(body: { session_id: string }): Promise<Envelope<unknown>> {
  return requestEnvelope(mainApi.post(pathOf(AUTH_PATHS.resendOtp), body, { headers: WEB_APP }));
}

/** Names this device, so that signing in here again ends the sessions this device had before, and labels it for a manager. */
export async function verifyLoginOtp(body: {
  session_id: string;
  otp: string;
}): Promise<Envelope<{ token?: string; send_token?: string }>> {
  const { thisDeviceLabel } = await import('../session/device-label');
  return requestEnvelope(
    mainApi.post(pathOf(AUTH_PATHS.verifyOtp), body, {
      headers: { ...WEB_APP, 'device-id': deviceId(), 'device-label': thisDeviceLabel() },
    }),
  );
}

/** Revokes the session server-side; short timeout, since the local logout follows regardless. */
export async function logoutSession(token: string | null): Promise<void> {
  await mainApi.put(pathOf(USER_PATHS.logout), undefined, { timeout: 5_000, ...(token ? { headers: { token } } : {}) });
}
