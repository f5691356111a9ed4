import { extractErrorMessage } from '../../api/error-message';
import { isHttpError } from '../../api/http-client';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '../../db/storage-errors';
import { notifySuccess } from '../notify';
import { isOnline } from '../use-online';
import { stepKitText } from './step-kit.text';

const { en } = stepKitText;

/** The one message per kind of submit failure: every step (queued or sent at once) says the same. */
export const SUBMIT_FAILED = {
  /** A call that needs a connection, made offline. */
  offline: en['step.failedOffline'],
  /** No answer came (the network, a timeout). */
  network: en['step.failedNetwork'],
  /** Anything else on the phone (a write that failed). */
  unexpected: en['step.failedUnexpected'],
  /** The server refused without saying why. */
  refused: en['step.refused'],
} as const;

/** The server's reason for a refusal, or the one refusal message when it gave none. */
export const refusalMessage = (serverMessage: string | null | undefined): string => serverMessage?.trim() || SUBMIT_FAILED.refused;

/** The message of a failed submit, by its kind (a full disk says so: the officer can free space). */
export function submitFailureMessage(caught: unknown, online: boolean = isOnline()): string {
  if (caught instanceof StorageFullError) return STORAGE_FULL_MESSAGE;
  if (!online) return SUBMIT_FAILED.offline;
  if (isHttpError(caught)) return caught.response ? refusalMessage(extractErrorMessage(caught)) : SUBMIT_FAILED.network;
  return SUBMIT_FAILED.unexpected;
}

/**
 * The one success toast of a step: the step's own message (the spec's, default 'Form submitted
 * successfully!') when it goes at once, the same 'saved on this phone' everywhere when offline.
 */
export function notifyStepSubmitted(online: boolean, sent: string = en['step.sent']): string {
  return notifySuccess(online ? sent : en['step.queued']);
}

/**
 * The field a server's refusal is about: the first of `fields` named in it by its wire name
 * (`Invalid file: bank_proof is not an upload…`), else by `byMessage` (a step's known messages).
 * None: the message goes in the banner.
 */
export function refusalField(
  message: string,
  fields: readonly string[],
  byMessage: Readonly<Record<string, string>> = {},
): string | undefined {
  if (byMessage[message]) return byMessage[message];
  return fields.find((field) => new RegExp(`(^|[^a-z0-9_])${field}([^a-z0-9_]|$)`).test(message));
}
