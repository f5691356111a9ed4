import type { Envelope, Profile } from '../../domain';
import { answeredWipe } from './http-client';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

export function fetchProfile(): Promise<Envelope<Profile>> {
  return requestEnvelope(mainApi.get('/v1/user/me'));
}

export function fetchApplicationCount(): Promise<Envelope<{ count: number }>> {
  return requestEnvelope(mainApi.get('/v1/app/mfi/count'));
}

/** A new send-only credential for this session (issue 31 S3): the locked phone delivers its sealed outbox with it. */
export function requestSendToken(): Promise<Envelope<{ send_token: string }>> {
  return requestEnvelope(mainApi.post('/v1/user/send-token', undefined));
}

/**
 * The locked phone's one contact with the server (lock-screen.tsx): whether its session was revoked
 * with a wipe (device marked lost). Asked with the send-only credential, which the server refuses
 * on any read (401); only a revoked session's 401 carries the wipe. The client's 401 handling is
 * off for it: it would sign a locked phone out.
 */
export async function sessionWiped(sendToken: string): Promise<boolean> {
  try {
    await mainApi.get('/v1/user/me', { headers: { token: sendToken }, own401: true });
    return false;
  } catch (error) {
    return answeredWipe(error);
  }
}
