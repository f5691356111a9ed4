import { useState } from 'react';
import { useFeatureT } from '../../i18n/feature-text';
import { downloadInsights, type InsightsRequest } from './insights.api';
import { insightsText } from './insights.text';

/** The figures shown, exported as a spreadsheet or CSV; a failed export is said. */
export function InsightsExport({ asked }: { asked: InsightsRequest }) {
  const { t } = useFeatureT(insightsText);
  const [exportError, setExportError] = useState(false);
  const exportAs = (format: 'xlsx' | 'csv') => {
    setExportError(false);
    downloadInsights(asked, format).catch(() => setExportError(true));
  };
  return (
    <div className="insights__export" role="group" aria-label={t('insights.export')}>
      <span>{t('insights.export')}:</span>
      <button type="button" className="button button--secondary" onClick={() => exportAs('xlsx')}>
        {t('insights.exportXlsx')}
      </button>
      <button type="button" className="button button--secondary" onClick={() => exportAs('csv')}>
        {t('insights.exportCsv')}
      </button>
      {exportError && (
        <p role="alert" className="form-error">
          {t('insights.exportFailed')}
        </p>
      )}
    </div>
  );
}
