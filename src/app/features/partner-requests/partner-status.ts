import { JOIN_US_STATUSES, nextJoinUsStatus, type JoinUsAction, type JoinUsStatus } from '../../../domain';
import type { PartnersKey } from './partner-requests.text';

export function isJoinUsStatus(status: string): status is JoinUsStatus {
  return (JOIN_US_STATUSES as readonly string[]).includes(status);
}

/** The review actions the status machine of the domain allows from `status`. */
export function allowedActions(status: string): JoinUsAction[] {
  if (!isJoinUsStatus(status)) return [];
  return (['verify', 'approve', 'reject'] as const).filter((action) => nextJoinUsStatus(status, action).ok);
}

export function statusLabel(t: (key: PartnersKey) => string, status: string): string {
  return isJoinUsStatus(status) ? t(`partners.status.${status}` satisfies PartnersKey) : status;
}
