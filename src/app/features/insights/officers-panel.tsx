import { useFeatureT } from '../../i18n/feature-text';
import { BarChart } from './bar-chart';
import { CountLink, Panel, percent, type PanelProps } from './insights-panel';
import { insightsText } from './insights.text';

/** Each officer's applications: captured, sent back, approved, and the approval rate. */
export function OfficersPanel({ x, openList }: PanelProps) {
  const { t } = useFeatureT(insightsText);
  return (
    <Panel id="insights-officers" title={t('insights.officers')}>
      {x.officers.length === 0 ? (
        <p className="muted">{t('insights.noOfficers')}</p>
      ) : (
        <>
          <BarChart
            label={t('insights.officers')}
            bars={x.officers.map((o) => ({ label: o.name || `#${o.id}`, value: o.captured }))}
            onOpen={(i) => openList(x.officers[i]!.filters.captured)}
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
                  {x.officers.map((o) => (
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
          </div>
        </>
      )}
    </Panel>
  );
}
