import type { CpvKind, GeoCheck } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import { CPV_DOCUMENTS } from './cpv-fields';
import { cpvText } from './cpv.text';

/**
 * DECISIONS.md "Business, bank and field verification": each photo's distance from the declared
 * pincode's centroid, as the server computed it, shown to the reviewers; beyond 5 km flagged,
 * 0, 0 "location not captured".
 */
export function GeoChecks({ kind, checks, pincode }: { kind: CpvKind; checks: readonly GeoCheck[]; pincode: string | null }) {
  const { t } = useFeatureT(cpvText);
  const labelOf = (field: string) => {
    const doc = CPV_DOCUMENTS[kind].find((d) => d.field === field);
    return doc ? t(doc.label) : field;
  };
  const titleId = `cpv-${kind}-geo`;
  return (
    <div className="cpv-geo" role="group" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('cpv.geoTitle')}</h3>
      <ul className="cpv-geo__list">
        {checks.map((check) => {
          const label = labelOf(check.field);
          if (check.not_captured)
            return (
              <li key={check.field} className="cpv-geo__item cpv-geo__item--missing" data-geo={check.field}>
                {t('cpv.geoNotCaptured', { label })}
              </li>
            );
          if (check.distance_km === null)
            return (
              <li key={check.field} className="cpv-geo__item" data-geo={check.field}>
                {t('cpv.geoUnknown', { label })}
              </li>
            );
          return (
            <li
              key={check.field}
              className={check.flagged ? 'cpv-geo__item cpv-geo__item--flagged' : 'cpv-geo__item'}
              data-geo={check.field}
              data-flagged={check.flagged || undefined}
            >
              {t('cpv.geoDistance', { label, distance: check.distance_km.toFixed(1), pincode: pincode ?? '' })}
              {check.flagged && <strong className="cpv-geo__flag"> ⚠ {t('cpv.geoFlagged')}</strong>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
