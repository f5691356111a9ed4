import { useEffect } from 'react';
import { isOnline } from '../components/use-online';
import { loadProfile } from './profile.service';
import { needsProfile } from './session.storage';
import { useToken } from './use-session';

/** Spec 01 §4: when a token exists and the profile id is missing or below 0, fetch the profile. */
export function SessionBootstrap() {
  const token = useToken();

  useEffect(() => {
    if (token && needsProfile() && isOnline()) void loadProfile();
  }, [token]);

  return null;
}
