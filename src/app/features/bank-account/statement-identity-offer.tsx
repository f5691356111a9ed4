import type { BankListItem, StatementIdentity } from '../../../domain';
import { useStatementIdentities } from '../../db/statement-identities.hooks';
import { useFeatureT } from '../../i18n/feature-text';
import { valuesFromStatement, type BankTextField } from './bank-account-fields';
import { bankAccountText } from './bank-account.text';

type Props = {
  applicationLocalId: string;
  banks: readonly BankListItem[] | null | undefined;
  /** The form's setter: an identity fills the form (not offered once the account is verified: its fields are locked). */
  setValue: (name: BankTextField, value: string, options: { shouldDirty: boolean }) => void;
};

/**
 * What the business step's bank statements said about their accounts (holder, account, IFSC,
 * bank, type), offered to fill the bank account in (issue 21 D10); kept on the phone, so offline too.
 */
export function StatementIdentityOffer({ applicationLocalId, banks, setValue }: Props) {
  const { t } = useFeatureT(bankAccountText);
  const identities = useStatementIdentities(applicationLocalId);
  const onFill = (identity: StatementIdentity) => {
    const filled = valuesFromStatement(identity, banks ?? []);
    for (const [name, value] of Object.entries(filled)) setValue(name as BankTextField, value, { shouldDirty: true });
  };
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
