import { useFeatureT } from '../../i18n/feature-text';
import { BarChart } from './bar-chart';
import { CountLink, days, Panel, type PanelProps } from './insights-panel';
import { insightsText, type InsightsKey } from './insights.text';

/** The turnaround of each stage (median and 90th percentile, in days), the longest named. */
export function TurnaroundPanel({ x, openList }: PanelProps) {
  const { t } = useFeatureT(insightsText);
  const tatName = (s: string) => t(`insights.tat.${s}` as InsightsKey);
  const longest = x.turnaround.stages.find((s) => s.stage === x.turnaround.longest);
  return (
    <Panel id="insights-turnaround" title={t('insights.turnaround')}>
      {longest ? (
        <p className="insights__headline" aria-live="polite">
          {t('insights.longest', { stage: tatName(longest.stage), days: String(days(longest.p50_hours)) })}
        </p>
      ) : (
        <p className="muted">{t('insights.noTurnaround')}</p>
      )}
      <BarChart
        label={t('insights.turnaround')}
        bars={x.turnaround.stages.map((s) => ({ label: tatName(s.stage), value: days(s.p50_hours) ?? 0 }))}
        onOpen={(i) => openList(x.turnaround.stages[i]!.filter)}
      />
      <div className="insights__scroll">
        <table className="insights__table">
          <caption>{t('insights.turnaroundCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('insights.stage')}</th>
              <th scope="col">{t('insights.applications')}</th>
              <th scope="col">{t('insights.p50')}</th>
              <th scope="col">{t('insights.p90')}</th>
            </tr>
          </thead>
          <tbody>
            {x.turnaround.stages.map((s) => (
              <tr key={s.stage}>
                <th scope="row">{tatName(s.stage)}</th>
                <td>
                  <CountLink count={s.count} filter={s.filter} openList={openList} />
                </td>
                <td>{days(s.p50_hours) ?? t('insights.none')}</td>
                <td>{days(s.p90_hours) ?? t('insights.none')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
