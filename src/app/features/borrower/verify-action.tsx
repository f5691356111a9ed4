import { useFrameApplication } from '../../components/application-frame/frame-application';
import { NeedsConnection } from '../../components/needs-connection';
import { VerifiedBadge } from '../../components/verified-badge';

type VerifyActionProps = {
  /** Id of the field: the offline note is `<id>-offline`. */
  id: string;
  label: string;
  verified: boolean;
  verifiedLabel: string;
  online: boolean;
  busy?: boolean;
  /** Not possible yet (no application, an empty field). */
  disabled?: boolean;
  onClick: () => void;
};

/**
 * A verification button beside its field (spec 02 §4: one-way, then a tick). It needs a
 * connection: offline it is disabled and says so (DECISIONS "Needs connection").
 */
export function VerifyAction({ id, label, verified, verifiedLabel, online, busy, disabled, onClick }: VerifyActionProps) {
  // An approved application verifies nothing more (issue 21 D16).
  const readOnly = useFrameApplication()?.readOnly === true;
  if (verified) {
    return <VerifiedBadge id={`${id}-verified`} label={verifiedLabel} />;
  }
  return (
    <button
      type="button"
      className="button button--secondary verify-button"
      disabled={!online || busy || disabled || readOnly}
      aria-busy={busy || undefined}
      aria-describedby={online ? undefined : `${id}-offline`}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

/** The note under a field whose verify button is disabled offline. */
export function OfflineNote({ id, online, verified }: { id: string; online: boolean; verified: boolean }) {
  return !online && !verified ? <NeedsConnection id={`${id}-offline`} /> : null;
}
