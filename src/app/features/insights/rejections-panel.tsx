import { useFeatureT } from '../../i18n/feature-text';
import { BarChart } from './bar-chart';
import { CountLink, Panel, type PanelProps } from './insights-panel';
import { insightsText, type InsightsKey } from './insights.text';

/** The applications rejected in the range, by reason. */
export function RejectionsPanel({ x, openList }: PanelProps) {
  const { t } = useFeatureT(insightsText);
  return (
    <Panel id="insights-rejections" title={t('insights.rejections')}>
      <BarChart
        label={t('insights.rejections')}
        bars={x.rejections.map((r) => ({ label: t(`insights.reason.${r.reason}` as InsightsKey), value: r.count, color: '#b3452f' }))}
        onOpen={(i) => openList(x.rejections[i]!.filter)}
      />
      <div className="insights__scroll">
        <table className="insights__table">
          <caption className="visually-hidden">{t('insights.rejections')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('insights.reason')}</th>
              <th scope="col">{t('insights.applications')}</th>
            </tr>
          </thead>
          <tbody>
            {x.rejections.map((r) => (
              <tr key={r.reason}>
                <th scope="row">{t(`insights.reason.${r.reason}` as InsightsKey)}</th>
                <td>
                  <CountLink count={r.count} filter={r.filter} openList={openList} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
