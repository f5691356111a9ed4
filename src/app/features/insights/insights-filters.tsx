import { useState } from 'react';
import { isoDaysBetween } from '../../../domain';
import { INSIGHTS_MAX_DAYS } from '../../../domain/ops/insights';
import { SearchableDropdown } from '../../components/searchable-dropdown';
import { useFeatureT } from '../../i18n/feature-text';
import type { InsightsRequest } from './insights.api';
import { insightsText } from './insights.text';

type Props = {
  /** The request shown now: the filters start from it. */
  asked: InsightsRequest;
  officers: readonly { id: number; name: string }[];
  /** Show: the range (shorter than INSIGHTS_MAX_DAYS) and the officer chosen. */
  onShow: (request: InsightsRequest) => void;
};

/** The range (from, to) and the officer, and Show; a range the server would refuse is said before. */
export function InsightsFilters({ asked, officers, onShow }: Props) {
  const { t } = useFeatureT(insightsText);
  const [form, setForm] = useState(asked);
  const rangeDays = isoDaysBetween(form.from, form.to);
  const rangeOk = rangeDays >= 0 && rangeDays < INSIGHTS_MAX_DAYS;
  return (
    <form
      className="insights__filters"
      onSubmit={(event) => {
        event.preventDefault();
        if (rangeOk) onShow(form);
      }}
    >
      {(['from', 'to'] as const).map((end) => (
        <div className="field" key={end}>
          <label className="field-label" htmlFor={`insights-${end}`}>
            {t(`insights.${end}`)}
          </label>
          <input
            id={`insights-${end}`}
            className="field-input"
            type="date"
            value={form[end]}
            onChange={(e) => setForm({ ...form, [end]: e.target.value })}
          />
        </div>
      ))}
      <SearchableDropdown
        id="insights-officer"
        label={t('insights.officer')}
        value={form.officer}
        options={[{ value: '', label: t('insights.allOfficers') }, ...officers.map((o) => ({ value: String(o.id), label: o.name }))]}
        onChange={(value) => setForm({ ...form, officer: value })}
      />
      <button type="submit" className="button button--primary" disabled={!rangeOk}>
        {t('insights.show')}
      </button>
      {!rangeOk && (
        <p role="alert" className="form-error">
          {t('insights.badRange')}
        </p>
      )}
    </form>
  );
}
