import { createContext, useContext } from 'react';
import { isSanctioned } from '../../../domain/policy/enums';
import type { LocalApplication } from '../../db/records';
import { en } from '../../i18n/en';

/**
 * The application of the screen's frame (set by ApplicationGate once it is on the phone), whether
 * the frame shows the review remarks panel itself (then a screen's own copy stays empty), and
 * whether it is read-only: an APPROVED application changes no more, for anyone (issue 21 D16), so
 * the form kit's fields do not take input and its submit queues nothing (the server would refuse
 * it, and the refusal would wait in the sync centre).
 */
export type FrameApplication = { app: LocalApplication; remarksInFrame: boolean; readOnly?: boolean };

/** Whether an application is read-only: approved or beyond (its server status, else the phone's). */
export const isReadOnlyApplication = (app: LocalApplication): boolean =>
  isSanctioned(typeof app.server?.status === 'string' ? app.server.status : app.status);

/** The message of a change refused on a read-only (approved) application. */
export const READ_ONLY_MESSAGE = en['application.readOnlyApproved'];

export const FrameApplicationContext = createContext<FrameApplication | undefined>(undefined);

/** The frame's application, for shared components inside a screen (the review remarks panel). */
export const useFrameApplication = (): FrameApplication | undefined => useContext(FrameApplicationContext);
