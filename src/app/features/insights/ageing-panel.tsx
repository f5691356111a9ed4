import type { FigureFilter } from '../../../domain/ops/insights';
import { useFeatureT } from '../../i18n/feature-text';
import { BarChart, type Bar } from './bar-chart';
import { CountLink, Panel, type PanelProps } from './insights-panel';
import { insightsText, type InsightsKey } from './insights.text';

const QUEUE_COLORS = ['#1f6f5c', '#3d8fb8', '#c98a1b', '#b3452f'];

/** How long the applications waiting in each queue have waited, in buckets of days. */
export function AgeingPanel({ x, openList }: PanelProps) {
  const { t } = useFeatureT(insightsText);
  const ageingBars: (Bar & { filter: FigureFilter })[] = x.ageing.flatMap((q) =>
    q.buckets.map((b, i) => ({
      label: [t(`insights.queue.${q.queue}` as InsightsKey), t('insights.days', { bucket: b.bucket })],
      value: b.count,
      color: QUEUE_COLORS[i],
      filter: b.filter,
    })),
  );
  return (
    <Panel id="insights-ageing" title={t('insights.ageing')}>
      <BarChart label={t('insights.ageing')} bars={ageingBars} onOpen={(i) => openList(ageingBars[i]!.filter)} />
      <div className="insights__scroll">
        <table className="insights__table">
          <caption>{t('insights.ageingCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('insights.queue')}</th>
              {x.ageing[0]?.buckets.map((b) => (
                <th scope="col" key={b.bucket}>
                  {t('insights.days', { bucket: b.bucket })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {x.ageing.map((q) => (
              <tr key={q.queue}>
                <th scope="row">{t(`insights.queue.${q.queue}` as InsightsKey)}</th>
                {q.buckets.map((b) => (
                  <td key={b.bucket}>
                    <CountLink count={b.count} filter={b.filter} openList={openList} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
