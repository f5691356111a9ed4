import { useMemo } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { inIndia } from '../../../domain';
import type { FigureFilter, Insights } from '../../../domain/ops/insights';
import { useOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { canViewInsights } from '../../session/roles';
import { useProfile } from '../../session/use-session';
import { AgeingPanel } from './ageing-panel';
import { DeviationsPanel } from './deviations-panel';
import { FunnelPanel } from './funnel-panel';
import type { InsightsRequest } from './insights.api';
import { InsightsExport } from './insights-export';
import { InsightsFilters } from './insights-filters';
import type { OpenList } from './insights-panel';
import { insightsText } from './insights.text';
import { OfficersPanel } from './officers-panel';
import { RejectionsPanel } from './rejections-panel';
import { TurnaroundPanel } from './turnaround-panel';
import { useInsights } from './use-insights';
import './insights.css';

/** The last 30 days in India (YYYY-MM-DD), today included. */
const defaultRange = () => {
  const today = inIndia(Date.now());
  return { from: today.subtract(29, 'day').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
};

/** #/insights (issue 36): the branch pipeline of a range, for branch managers and credit managers; online only. */
export function InsightsScreen() {
  const profile = useProfile();
  if (profile.id >= 0 && !canViewInsights(profile)) return <Navigate to="/" replace />;
  return <Pipeline />;
}

function Pipeline() {
  const { t, tm } = useFeatureT(insightsText);
  const online = useOnline();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const fallback = useMemo(defaultRange, []);
  const asked: InsightsRequest = {
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
    officer: params.get('officer') ?? '',
  };
  const state = useInsights(asked, online);
  const show = (r: InsightsRequest) =>
    setParams({ from: r.from, to: r.to, ...(r.officer ? { officer: r.officer } : {}) }, { replace: true });
  const openList = (filter: FigureFilter) => navigate(`/applications?${new URLSearchParams(filter as Record<string, string>).toString()}`);

  if (!online) {
    return (
      <section className="insights" aria-labelledby="insights-title">
        <h1 id="insights-title">{t('insights.title')}</h1>
        <p role="alert" className="form-error">
          {t('insights.offline')}
        </p>
      </section>
    );
  }

  const x = state.data;
  return (
    <section className="insights" aria-labelledby="insights-title" aria-busy={state.loading}>
      <h1 id="insights-title">{t('insights.title')}</h1>
      <p className="muted">{t('insights.intro')}</p>
      <InsightsFilters asked={asked} officers={state.officers} onShow={show} />
      <InsightsExport asked={asked} />
      {state.error !== null ? (
        <div>
          <p role="alert" className="form-error">
            {t('insights.loadFailed')} {state.error ? tm(state.error) : ''}
          </p>
          <button type="button" className="button button--secondary" onClick={state.retry}>
            {t('insights.retry')}
          </button>
        </div>
      ) : !x ? (
        <p className="muted" role="status">
          {t('insights.loading')}
        </p>
      ) : (
        <Figures x={x} openList={openList} />
      )}
    </section>
  );
}

/** The figures, a panel each: a chart, and the same figures in a table whose counts open their applications. */
function Figures({ x, openList }: { x: Insights; openList: OpenList }) {
  const { t } = useFeatureT(insightsText);
  return (
    <>
      <p className="muted">{t('insights.openHint')}</p>
      <FunnelPanel x={x} openList={openList} />
      <TurnaroundPanel x={x} openList={openList} />
      <AgeingPanel x={x} openList={openList} />
      <RejectionsPanel x={x} openList={openList} />
      <DeviationsPanel x={x} openList={openList} />
      <OfficersPanel x={x} openList={openList} />
    </>
  );
}
