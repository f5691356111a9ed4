import type { ReactNode } from 'react';
import { MSG } from '../../../domain';
import { StorageFullError } from '../../db/storage-errors';
import { isGuestSession } from '../../session/session.storage';
import { useT } from '../../i18n/use-t';
import { DecisionsPanel } from '../decisions/decisions-panel';
import { ReviewRemarksPanel } from '../review-remarks-panel';
import { ApplicationReview, statusOf } from '../review/application-review';
import { FrameApplicationContext, isReadOnlyApplication, READ_ONLY_MESSAGE } from './frame-application';
import type { ApplicationInUrl } from './use-application-in-url';

type Ready = Extract<ApplicationInUrl, { state: 'ready' }>;

type ApplicationGateProps = {
  frame: ApplicationInUrl;
  /** Shown for a missing or wrong `id` (translated already). */
  invalidMessage: string;
  /** Shown while the phone's copy opens; default 'Loading...'. */
  loadingMessage?: string;
  /** What the screen shows once the application is on the phone. */
  children: (ready: Ready) => ReactNode;
  /**
   * The review section (status, reviewers' actions, deviations, history) and the yellow review
   * remarks panel above the screen; default true (never for a guest). A screen's own ReviewRemarksPanel then stays empty.
   */
  review?: boolean;
  /** The "approved: read-only" notice over an approved application; false on a screen of the steps after the approval (the payout), whose actions it would contradict. */
  readOnlyNotice?: boolean;
};

/** The message of a failure to open the phone's copy: a full disk says so, anything else is generic. */
export const openFailureMessage = (error: unknown) => (error instanceof StorageFullError ? error.message : MSG.somethingWentWrong);

/** The notice of an approved application: nothing on it can be changed (issue 21 D16). */
export function ReadOnlyNotice() {
  const { tm } = useT();
  return (
    <p className="field-note application-frame__read-only" role="status">
      {tm(READ_ONLY_MESSAGE)}
    </p>
  );
}

/** The invalid / error / loading states of "the application in the URL", one look for every screen. */
export function ApplicationGate({
  frame,
  invalidMessage,
  loadingMessage,
  children,
  review = true,
  readOnlyNotice = true,
}: ApplicationGateProps) {
  const { t, tm } = useT();
  if (frame.state === 'absent' || frame.state === 'invalid') {
    return (
      <p className="form-error" role="alert">
        {invalidMessage}
      </p>
    );
  }
  if (frame.state === 'error') {
    return (
      <p className="form-error" role="alert">
        {tm(openFailureMessage(frame.error))}
      </p>
    );
  }
  if (frame.state === 'loading') {
    return (
      <p className="muted" role="status">
        {loadingMessage ?? t('common.loading')}
      </p>
    );
  }
  const { app, serverId } = frame;
  const readOnly = isReadOnlyApplication(app);
  // The review section is the branch's (status, actions, deviations, history): a borrower applying
  // on their own phone (the public flow's guest) does not see it.
  const showReview = review && !isGuestSession();
  return (
    <FrameApplicationContext.Provider value={{ app, remarksInFrame: showReview, readOnly }}>
      {showReview && (
        <>
          <ApplicationReview app={app} serverId={serverId} />
          <ReviewRemarksPanel framed status={statusOf(app)} remarks={typeof app.server?.remarks === 'string' ? app.server.remarks : null} />
        </>
      )}
      {readOnly && readOnlyNotice && <ReadOnlyNotice />}
      {!readOnly && <DecisionsPanel app={app} />}
      {children(frame)}
    </FrameApplicationContext.Provider>
  );
}
