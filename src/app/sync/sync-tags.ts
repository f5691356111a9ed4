import { isObject } from '../../domain/shared/is-object';
/** The Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'sahyog-outbox';

/** What the service worker posts to an open page: "drain the outbox now". */
export const DRAIN_MESSAGE_TYPE = 'sahyog-drain';

export function isDrainMessage(data: unknown): boolean {
  return isObject(data) && data.type === DRAIN_MESSAGE_TYPE;
}
