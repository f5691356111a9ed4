import { useState } from 'react';
import { useFeatureT } from '../../i18n/feature-text';
import { BarChart } from './bar-chart';
import { CountLink, Panel, percent, type PanelProps } from './insights-panel';
import { insightsText } from './insights.text';

/** How many officers are drawn at first: a branch's busiest; the rest on request (200 bars cost a phone seconds). */
const FIRST_OFFICERS = 10;

/** Each officer's applications: captured, sent back, approved, and the approval rate; the busiest first. */
export function OfficersPanel({ x, openList }: PanelProps) {
  const { t } = useFeatureT(insightsText);
  const [all, setAll] = useState(false);
  const busiest = [...x.officers].sort((a, b) => b.captured - a.captured);
  const shown = all ? busiest : busiest.slice(0, FIRST_OFFICERS);
  return (
    <Panel id="insights-officers" title={t('insights.officers')}>
      {x.officers.length === 0 ? (
        <p className="muted">{t('insights.noOfficers')}</p>
      ) : (
        <>
          <BarChart
            label={t('insights.officers')}
            bars={shown.map((o) => ({ label: o.name || `#${o.id}`, value: o.captured }))}
            onOpen={(i) => openList(shown[i]!.filters.captured)}
          />
          <div>
            <div className="insights__scroll">
              <table className="insights__table">
                <caption className="visually-hidden">{t('insights.officers')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('insights.officer')}</th>
                    <th scope="col">{t('insights.captured')}</th>
                    <th scope="col">{t('insights.sentBack')}</th>
                    <th scope="col">{t('insights.approved')}</th>
                    <th scope="col">{t('insights.approvalRate')}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((o) => (
                    <tr key={o.id}>
                      <th scope="row">{o.name || `#${o.id}`}</th>
                      <td>
                        <CountLink count={o.captured} filter={o.filters.captured} openList={openList} />
                      </td>
                      <td>
                        <CountLink count={o.sent_back} filter={o.filters.sent_back} openList={openList} />
                      </td>
                      <td>
                        <CountLink count={o.approved} filter={o.filters.approved} openList={openList} />
                      </td>
                      <td>{percent(o.approval_rate) ?? t('insights.none')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {shown.length < busiest.length && (
              <button type="button" className="button button--secondary" onClick={() => setAll(true)}>
                {t('insights.showAllOfficers', { count: busiest.length })}
              </button>
            )}
          </div>
        </>
      )}
    </Panel>
  );
}
