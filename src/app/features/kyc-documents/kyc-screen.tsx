import { useSearchParams } from 'react-router-dom';
import { PATTERNS } from '../../../domain';
import { useEnsuredApplication } from '../../db/applications.hooks';
import { StorageFullError } from '../../db/storage-errors';
import { useT } from '../../i18n/use-t';
import { KycDocumentsSection } from './kyc-documents-section';

/**
 * /application/kyc?id=<application id>: 'Borrowers Info'. This issue builds the documents;
 * the KYC form fields and Next (spec 02 §5) join this screen later, beside the section.
 */
export function KycScreen() {
  const { t, tm } = useT();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = PATTERNS.applicationId.test(id);
  const { localId, error } = useEnsuredApplication(valid ? id : undefined);

  return (
    <section className="kyc-screen" aria-labelledby="kyc-title">
      <h1 id="kyc-title">{t('kyc.title')}</h1>
      {!valid ? (
        <p className="form-error" role="alert">
          {t('kyc.invalidId')}
        </p>
      ) : error ? (
        <p className="form-error" role="alert">
          {tm(error instanceof StorageFullError ? error.message : 'Something went wrong!')}
        </p>
      ) : (
        <KycDocumentsSection applicationLocalId={localId} />
      )}
    </section>
  );
}
