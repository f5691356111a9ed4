import { useState } from 'react';
import type { KfsLanguage } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { fetchKfsPdf } from '../../api/loan-offer.api';
import { notifyError } from '../../components/notify';
import { useFeatureT } from '../../i18n/feature-text';
import { loanOfferText } from './loan-offer.text';

/** Downloads the statement's PDF made on the server, in the statement's language. Online only. */
export function KfsPdfButton({
  serverId,
  name,
  language,
  online,
}: {
  serverId: string;
  name: string;
  language: KfsLanguage;
  online: boolean;
}) {
  const { t } = useFeatureT(loanOfferText);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const url = URL.createObjectURL(await fetchKfsPdf(serverId, language));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${name}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      notifyError(extractErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--secondary" disabled={!online || busy} onClick={() => void download()}>
      {t('kfs.pdf')}
    </button>
  );
}
