import type { Envelope } from '../../domain';
import { deviceId } from '../session/device-id';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';
import { CLIENT_IDENTIFIER_HEADERS as WEB_APP } from './http-rules';

export function sendLoginOtp(body: { mobile: string; hostname: string }): Promise<Envelope<{ session_id: string }>> {
  return requestEnvelope(mainApi.post('/v1/auth/send-otp', body, { headers: WEB_APP }));
}

export function resendLoginOtp(body: { session_id: string }): Promise<Envelope<unknown>> {
  return requestEnvelope(mainApi.post('/v1/auth/resend-otp', body, { headers: WEB_APP }));
}

/** Names this device, so that signing in here again ends the sessions this device had before, and labels it for a manager. */
export async function verifyLoginOtp(body: {
  session_id: string;
  otp: string;
}): Promise<Envelope<{ token?: string; send_token?: string }>> {
  const { thisDeviceLabel } = await import('../session/device-label');
  return requestEnvelope(
    mainApi.post('/v1/auth/verify-otp', body, {
      headers: { ...WEB_APP, 'device-id': deviceId(), 'device-label': thisDeviceLabel() },
    }),
  );
}

/** Revokes the session server-side; short timeout, since the local logout follows regardless. */
export async function logoutSession(token: string | null): Promise<void> {
  await mainApi.put('/v1/user/logout', undefined, { timeout: 5_000, ...(token ? { headers: { token } } : {}) });
}
