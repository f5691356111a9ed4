import { useFeatureT } from '../../i18n/feature-text';
import { BarChart } from './bar-chart';
import { CountLink, Panel, type PanelProps } from './insights-panel';
import { insightsText, type InsightsKey } from './insights.text';

/** The deviations decided in the range, by type and decision. */
export function DeviationsPanel({ x, openList }: PanelProps) {
  const { t } = useFeatureT(insightsText);
  const deviationName = (type: string) => t(`insights.deviation.${type}` as InsightsKey);
  return (
    <Panel id="insights-deviations" title={t('insights.deviations')}>
      {x.deviations.length === 0 ? (
        <p className="muted">{t('insights.noDeviations')}</p>
      ) : (
        <>
          <BarChart
            label={t('insights.deviations')}
            bars={x.deviations.map((d) => ({
              label: [deviationName(d.type), t(`insights.decision.${d.decision}` as InsightsKey)],
              value: d.count,
              color: d.decision === 'APPROVED' ? '#1f6f5c' : '#b3452f',
            }))}
            onOpen={(i) => openList(x.deviations[i]!.filter)}
          />
          <div className="insights__scroll">
            <table className="insights__table">
              <caption className="visually-hidden">{t('insights.deviations')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('insights.deviationType')}</th>
                  <th scope="col">{t('insights.decision')}</th>
                  <th scope="col">{t('insights.applications')}</th>
                </tr>
              </thead>
              <tbody>
                {x.deviations.map((d) => (
                  <tr key={`${d.type}:${d.decision}`}>
                    <th scope="row">{deviationName(d.type)}</th>
                    <td>{t(`insights.decision.${d.decision}` as InsightsKey)}</td>
                    <td>
                      <CountLink count={d.count} filter={d.filter} openList={openList} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Panel>
  );
}
