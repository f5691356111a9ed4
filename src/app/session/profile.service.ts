import { hasValidRole, MSG, type Profile } from '../../domain';
import { isHttpError } from '../api/http-client';
import { fetchProfile } from '../api/user.api';
import { notifyError } from '../components/notify';
import { logout } from './logout';
import { setProfile } from './session.storage';
import { setSignOutReason } from './sign-out-reason';

let inFlight: Promise<Profile | null> | null = null;

/**
 * Fetches the profile ('Error fetching profile' toast on failure) and applies the role rule.
 * Concurrent callers (the session bootstrap and the dashboard) share one request.
 */
export function loadProfile(): Promise<Profile | null> {
  inFlight ??= fetchAndApply().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function fetchAndApply(): Promise<Profile | null> {
  try {
    const answer = await fetchProfile();
    if (!answer.success) {
      // A 401 has already logged the user out through the registered handler.
      if (answer.status_code !== 401) notifyError(MSG.errorFetchingProfile);
      return null;
    }
    setProfile(answer.data);
    enforceRole(answer.data);
    return answer.data;
  } catch (error) {
    if (!(isHttpError(error) && error.response?.status === 401)) notifyError(MSG.errorFetchingProfile);
    return null;
  }
}

/**
 * Spec 01 §4: a non-AGENT without an allowed designation is logged out, the reason logged; the
 * login screen then says why, as the README promises (issue 31 N3).
 */
export function enforceRole(profile: Profile): boolean {
  if (hasValidRole(profile)) return true;
  console.info(MSG.invalidRole);
  setSignOutReason('login.invalidRole');
  void logout();
  return false;
}
