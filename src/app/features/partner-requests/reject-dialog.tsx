import { JOIN_US_REASON_MAX, joinUsRejectSchema } from '../../../domain';
import { ReasonDialog } from '../../components/reason-dialog';
import { useFeatureT } from '../../i18n/feature-text';
import { partnersText } from './partner-requests.text';

type RejectDialogProps = {
  busy: boolean;
  /** Resolves with the failure message, or null once rejected. */
  onReject: (reason: string) => Promise<string | null>;
  onCancel: () => void;
};

/** Asks for the reason of a rejection (the domain's rule: required, at most 500 characters). */
export function RejectDialog({ busy, onReject, onCancel }: RejectDialogProps) {
  const { t, tm } = useFeatureT(partnersText);
  return (
    <ReasonDialog
      title={t('partners.rejectTitle')}
      hint={t('partners.rejectBody')}
      label={t('partners.reasonLabel')}
      maxLength={JOIN_US_REASON_MAX}
      required
      confirmLabel={t('partners.reject')}
      busyLabel={t('partners.reject')}
      tone="danger"
      busy={busy}
      schema={joinUsRejectSchema}
      field="reason"
      translate={tm}
      onConfirm={onReject}
      onCancel={onCancel}
    />
  );
}
