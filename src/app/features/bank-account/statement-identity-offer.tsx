import type { StatementIdentity } from '../../../domain';
import { useStatementIdentities } from '../../db/statement-identities.hooks';
import { useFeatureT } from '../../i18n/feature-text';
import { bankAccountText } from './bank-account.text';

type Props = {
  applicationLocalId: string;
  /** Fills the form with one identity (not offered once the account is verified: its fields are locked). */
  onFill: (identity: StatementIdentity) => void;
};

/**
 * What the business step's bank statements said about their accounts (holder, account, IFSC,
 * bank, type), offered to fill the bank account in (issue 21 D10); kept on the phone, so offline too.
 */
export function StatementIdentityOffer({ applicationLocalId, onFill }: Props) {
  const { t } = useFeatureT(bankAccountText);
  const identities = useStatementIdentities(applicationLocalId);
  if (identities.length === 0) return null;
  return (
    <section className="statement-offer" aria-labelledby="statement-offer-title">
      <h2 id="statement-offer-title" className="statement-offer__title">
        {t('bank.fromStatement')}
      </h2>
      <ul className="statement-offer__list">
        {identities.map((identity) => (
          <li key={identity.account_number} className="statement-offer__item">
            <span>
              {t('bank.statementIdentity', {
                name: identity.name,
                account: identity.account_number,
                ifsc: identity.ifsc,
                bank: identity.bank_name,
                type: identity.account_type,
              })}
            </span>
            <button type="button" className="button button--secondary" onClick={() => onFill(identity)}>
              {t('bank.fillFromStatement')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
