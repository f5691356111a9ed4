import { isObject, objectOrNull } from '../../../domain';
import type { GeoCheck } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import { CaseDocuments, CaseFields, CaseSection } from './case-parts';
import { CPV_DOCUMENTS, CPV_FIELDS, CPV_PLACES, documentLabelKey, type CpvPlace, type Data } from './case-view.model';
import { caseViewText } from './case-view.text';

const geoChecksOf = (place: Data): GeoCheck[] =>
  Array.isArray(place.geo_checks) ? (place.geo_checks.filter((c) => isObject(c) && typeof c.field === 'string') as GeoCheck[]) : [];

/** Each photo's distance from the declared pincode, as the server measured it; beyond 5 km flagged. */
function GeoDistances({ place, kind }: { place: Data; kind: CpvPlace }) {
  const { t } = useFeatureT(caseViewText);
  const checks = geoChecksOf(place);
  if (checks.length === 0) return null;
  const titleId = `case-geo-${kind}`;
  const pincode = typeof place.geo_pincode === 'string' ? place.geo_pincode : '';
  return (
    <div className="case-geo" role="group" aria-labelledby={titleId}>
      <h4 id={titleId}>{t('case.geo.title', { pincode })}</h4>
      <ul className="case-geo__list">
        {checks.map((check) => {
          const label = t(documentLabelKey(check.field));
          if (check.not_captured)
            return (
              <li key={check.field} data-geo={check.field}>
                {t('case.geo.notCaptured', { label })}
              </li>
            );
          if (check.distance_km === null)
            return (
              <li key={check.field} data-geo={check.field}>
                {t('case.geo.unknown', { label })}
              </li>
            );
          return (
            <li
              key={check.field}
              data-geo={check.field}
              data-flagged={check.flagged || undefined}
              className={check.flagged ? 'case-geo--flagged' : undefined}
            >
              {t('case.geo.distance', { label, distance: check.distance_km.toFixed(1) })}
              {check.flagged && <strong> ⚠ {t('case.geo.flagged')}</strong>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Field verification of both places: the figures with their units, the photos and their distances. */
export function CpvSection({ view }: { view: Data }) {
  const { t } = useFeatureT(caseViewText);
  const cpv = objectOrNull(view.app_mfi_cpv_info);
  return (
    <CaseSection id="cpv" title={t('case.section.cpv')}>
      {CPV_PLACES.map((kind) => {
        const place = objectOrNull(cpv?.[kind]);
        const titleId = `case-cpv-${kind}`;
        return (
          <div key={kind} className="case-record" role="group" aria-labelledby={titleId}>
            <h3 id={titleId}>{t(`case.cpv.${kind}`)}</h3>
            <CaseFields record={place} fields={CPV_FIELDS[kind]} />
            {place && <GeoDistances place={place} kind={kind} />}
            <CaseDocuments record={place} fields={CPV_DOCUMENTS[kind]} idPrefix={titleId} nested />
          </div>
        );
      })}
    </CaseSection>
  );
}
