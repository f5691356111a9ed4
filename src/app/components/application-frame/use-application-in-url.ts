import { useSearchParams } from 'react-router-dom';
import { PATTERNS } from '../../../domain';
import { useLocalApplication } from '../../db/application-steps.hooks';
import { useEnsuredApplication } from '../../db/applications.hooks';
import type { LocalApplication } from '../../db/records';
import { useApplicationRefresh } from '../use-application-refresh';

export type ApplicationInUrl =
  /** No `id` in the address (a screen that starts a new application allows this). */
  | { state: 'absent' }
  /** An `id` that is not an application id. */
  | { state: 'invalid' }
  /** The phone could not open its copy (a full disk, no IndexedDB). */
  | { state: 'error'; serverId: string; error: unknown }
  | { state: 'loading'; serverId: string; localId?: string }
  | { state: 'ready'; serverId: string; localId: string; app: LocalApplication };

export type ApplicationInUrlOptions = {
  /** Used when the address has no `id` (the rejection page falls back to the current application). */
  fallbackId?: () => string;
  /** Mirror the server's view once the phone's queue for it is empty (default true). */
  refresh?: boolean;
};

/**
 * "The application in the URL", the same way on every application screen: `?id=` read and
 * validated, its local mirror ensured (created if this phone lacks it), read live from the
 * device database, and refreshed from the server when online (see `useApplicationRefresh`).
 */
export function useApplicationInUrl({ fallbackId, refresh = true }: ApplicationInUrlOptions = {}): ApplicationInUrl {
  const [params] = useSearchParams();
  const given = params.get('id') ?? '';
  const id = given || (fallbackId?.() ?? '');
  const valid = PATTERNS.applicationId.test(id);
  const serverId = valid ? id : undefined;
  const { localId, error } = useEnsuredApplication(serverId);
  const app = useLocalApplication(localId);
  useApplicationRefresh(refresh ? serverId : undefined, localId);

  if (id === '') return { state: 'absent' };
  if (!serverId) return { state: 'invalid' };
  if (error) return { state: 'error', serverId, error };
  if (!localId || !app || app.localId !== localId) return { state: 'loading', serverId, localId };
  return { state: 'ready', serverId, localId, app };
}
