import { useFeatureT } from '../../i18n/feature-text';
import { BarChart } from './bar-chart';
import { CountLink, Panel, percent, type PanelProps } from './insights-panel';
import { insightsText, type InsightsKey } from './insights.text';

/** The funnel: applications at each stage of the range, the conversion from the stage before, and those cancelled. */
export function FunnelPanel({ x, openList }: PanelProps) {
  const { t } = useFeatureT(insightsText);
  const stageName = (s: string) => t(`insights.stage.${s}` as InsightsKey);
  return (
    <Panel id="insights-funnel" title={t('insights.funnel')}>
      <BarChart
        label={t('insights.funnel')}
        bars={x.funnel.map((f) => ({ label: stageName(f.stage), value: f.count }))}
        onOpen={(i) => openList(x.funnel[i]!.filter)}
      />
      <div className="insights__scroll">
        <table className="insights__table">
          <caption>{t('insights.funnelCaption', { from: x.range.from, to: x.range.to })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('insights.stage')}</th>
              <th scope="col">{t('insights.applications')}</th>
              <th scope="col">{t('insights.conversion')}</th>
            </tr>
          </thead>
          <tbody>
            {x.funnel.map((f) => (
              <tr key={f.stage}>
                <th scope="row">{stageName(f.stage)}</th>
                <td>
                  <CountLink count={f.count} filter={f.filter} openList={openList} />
                </td>
                <td>{percent(f.conversion) ?? t('insights.none')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        {t('insights.cancelled')} <CountLink count={x.cancelled.count} filter={x.cancelled.filter} openList={openList} />
      </p>
    </Panel>
  );
}
