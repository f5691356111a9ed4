import { useState } from 'react';
import { canAddBank, MAX_ADDITIONAL_BANKS, type BankListItem, type BankSuffix } from '../../../domain';
import { useFrameApplication } from '../../components/application-frame/frame-application';
import { useFilesFor } from '../../db/files.hooks';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { BankBlock, useRemoveBank } from './bank-block';
import { businessFileField, startedAdditionalBanks, type BusinessValues } from './business-fields';
import type { useBusinessForm } from './use-business-form';
import { businessText } from './business.text';

const SUFFIXES: BankSuffix[] = ['', '1', '2'];
/** The statements' fields of the three banks. */
export const STATEMENT_FIELDS = SUFFIXES.map((s) => `bank_statement${s}`);

type Props = {
  form: ReturnType<typeof useBusinessForm>['form'];
  /** The form's values now (a bank can be added once the first has a bank and a statement). */
  values: BusinessValues;
  /** The values the form opened with: the banks already started are shown. */
  initial: BusinessValues;
  applicationLocalId: string;
  serverId: string;
  server: Record<string, unknown>;
  banks: readonly BankListItem[] | null | undefined;
  reviewer: boolean;
  errorOf: (field: string) => string | undefined;
  errorId: string;
  invalidField: string | undefined;
  /** The fields Submit needs with these values (a bank's statements among them). */
  required: ReadonlySet<string>;
};

/** The business's banks (the first, and up to two more), Add Bank and what it needs first. */
export function BusinessBanks(props: Props) {
  const { form, values, initial, applicationLocalId, serverId, server, banks, reviewer, errorOf, errorId, invalidField, required } = props;
  const { t } = useFeatureT(businessText, businessStepsText);
  // An approved application takes no bank more and loses none (issue 21 D16).
  const readOnly = useFrameApplication()?.readOnly === true;
  const [shownAdditional, setShownAdditional] = useState(() => startedAdditionalBanks(initial));
  const firstStatements = useFilesFor(applicationLocalId, businessFileField('bank_statement'));
  const removeBank = useRemoveBank(applicationLocalId);
  const statementIds = (firstStatements ?? []).filter((f) => f.uploadState !== 'failed').map((f) => f.localId);
  const addable = canAddBank(
    { ...values, bank_statement: statementIds.length > 0 ? statementIds : server.bank_statement },
    shownAdditional,
  );

  const remove = async (s: '1' | '2') => {
    await removeBank(s, shownAdditional, form.getValues, form.setValue);
    setShownAdditional((n) => n - 1);
  };

  return (
    <>
      {SUFFIXES.slice(0, 1 + shownAdditional).map((s) => (
        <BankBlock
          key={s || '0'}
          suffix={s}
          control={form.control}
          setValue={form.setValue}
          applicationLocalId={applicationLocalId}
          serverId={serverId}
          reviewer={reviewer}
          serverStatements={
            Array.isArray(server[`bank_statement${s}`])
              ? (server[`bank_statement${s}`] as unknown[]).filter((id): id is string => typeof id === 'string')
              : []
          }
          banks={banks ?? []}
          errorOf={errorOf}
          errorId={errorId}
          invalidField={invalidField}
          statementsRequired={required.has(`bank_statement${s}`)}
          onRemove={s === '' || readOnly ? undefined : () => void remove(s)}
        />
      ))}
      {banks === null && <p className="field-warning">{t('business.banksUnavailable')}</p>}
      <div className="business-form__add-bank">
        <button
          type="button"
          className="button button--secondary"
          disabled={!addable || readOnly}
          aria-describedby="business-add-bank-note"
          onClick={() => setShownAdditional((n) => Math.min(n + 1, MAX_ADDITIONAL_BANKS))}
        >
          {t('business.addBank')}
        </button>
        <p id="business-add-bank-note" className="field-note">
          {shownAdditional >= MAX_ADDITIONAL_BANKS
            ? t('business.bankLimit')
            : addable
              ? t('business.addBankNote')
              : t('business.addBankFirst')}
        </p>
      </div>
    </>
  );
}
