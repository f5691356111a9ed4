import type { Envelope, Profile } from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

export function fetchProfile(): Promise<Envelope<Profile>> {
  return requestEnvelope(mainApi.get('/v1/user/me'));
}

export function fetchApplicationCount(): Promise<Envelope<{ count: number }>> {
  return requestEnvelope(mainApi.get('/v1/app/mfi/count'));
}
