import type { Envelope, Profile } from '../../domain';
import { APPLICATION_PATHS } from '../../domain/routes/applications.paths';
import { pathOf } from '../../domain/routes/route';
import { USER_PATHS } from '../../domain/routes/user.paths';
import { answeredWipe } from './http-client';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

// The session's client (loaded with the app's shell): the paths only (*.paths.ts), no zod.

export function fetchProfile(): Promise<Envelope<Profile>> {
  return requestEnvelope(mainApi.get(pathOf(USER_PATHS.me)));
}

export function fetchApplicationCount(): Promise<Envelope<{ count: number }>> {
  return requestEnvelope(mainApi.get(pathOf(APPLICATION_PATHS.count)));
}

/** A new send-only credential for this session (issue 31 S3): the locked phone delivers its sealed outbox with it. */
export function requestSendToken(): Promise<Envelope<{ send_token: string }>> {
  return requestEnvelope(mainApi.post(pathOf(USER_PATHS.sendToken), undefined));
}

/**
 * The locked phone's one contact with the server (lock-screen.tsx): whether its session was revoked
 * with a wipe (device marked lost). Asked with the send-only credential, which the server refuses
 * on any read (401); only a revoked session's 401 carries the wipe. The client's 401 handling is
 * off for it: it would sign a locked phone out.
 */
export async function sessionWiped(sendToken: string): Promise<boolean> {
  try {
    await mainApi.get(pathOf(USER_PATHS.me), { headers: { token: sendToken }, own401: true });
    return false;
  } catch (error) {
    return answeredWipe(error);
  }
}
