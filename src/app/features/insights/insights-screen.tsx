import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { inIndia, isoDaysBetween } from '../../../domain';
import { INSIGHTS_MAX_DAYS, type FigureFilter, type Insights } from '../../../domain/insights';
import { useOnline } from '../../components/use-online';
import { SearchableDropdown } from '../../components/searchable-dropdown';
import { useFeatureT } from '../../i18n/feature-text';
import { canViewInsights } from '../../session/roles';
import { useProfile } from '../../session/use-session';
import { BarChart, type Bar } from './bar-chart';
import { downloadInsights, fetchInsights, type InsightsRequest } from './insights.api';
import { insightsText, type InsightsKey } from './insights.text';
import './insights.css';

/** The last 30 days in India (YYYY-MM-DD), today included. */
const defaultRange = () => {
  const today = inIndia(Date.now());
  return { from: today.subtract(29, 'day').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
};

const QUEUE_COLORS = ['#1f6f5c', '#3d8fb8', '#c98a1b', '#b3452f'];

type State = { data: Insights | null; loading: boolean; error: string | null };

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
  const [form, setForm] = useState(asked);
  const [state, setState] = useState<State>({ data: null, loading: true, error: null });
  const [officers, setOfficers] = useState<{ id: number; name: string }[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [exportError, setExportError] = useState(false);
  const key = JSON.stringify([asked, online, attempt]);

  useEffect(() => {
    if (!online) return;
    let active = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    fetchInsights(asked)
      .then((answer) => {
        if (!active) return;
        if (!answer.success || !answer.data) return setState({ data: null, loading: false, error: answer.success ? '' : answer.message });
        setState({ data: answer.data, loading: false, error: null });
        // The officer list: those of the whole branch's answer (one officer's answer names only them).
        if (!asked.officer) setOfficers(answer.data.officers.map((o) => ({ id: o.id, name: o.name || `#${o.id}` })));
      })
      .catch((error: unknown) => {
        if (!active) return;
        const message = (error as { response?: { data?: { message?: string } } }).response?.data?.message;
        setState({ data: null, loading: false, error: message ?? '' });
      });
    return () => void (active = false);
    // `key` stands for every input.
  }, [key]);

  const rangeDays = isoDaysBetween(form.from, form.to);
  const rangeOk = rangeDays >= 0 && rangeDays < INSIGHTS_MAX_DAYS;
  const apply = () => {
    if (!rangeOk) return;
    setParams({ from: form.from, to: form.to, ...(form.officer ? { officer: form.officer } : {}) }, { replace: true });
  };
  const openList = (filter: FigureFilter) => navigate(`/applications?${new URLSearchParams(filter as Record<string, string>).toString()}`);
  const exportAs = (format: 'xlsx' | 'csv') => {
    setExportError(false);
    downloadInsights(asked, format).catch(() => setExportError(true));
  };

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
      <form
        className="insights__filters"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        {(['from', 'to'] as const).map((end) => (
          <div className="field" key={end}>
            <label className="field-label" htmlFor={`insights-${end}`}>
              {t(`insights.${end}`)}
            </label>
            <input
              id={`insights-${end}`}
              className="field-input"
              type="date"
              value={form[end]}
              onChange={(e) => setForm({ ...form, [end]: e.target.value })}
            />
          </div>
        ))}
        <SearchableDropdown
          id="insights-officer"
          label={t('insights.officer')}
          value={form.officer}
          options={[{ value: '', label: t('insights.allOfficers') }, ...officers.map((o) => ({ value: String(o.id), label: o.name }))]}
          onChange={(value) => setForm({ ...form, officer: value })}
        />
        <button type="submit" className="button button--primary" disabled={!rangeOk}>
          {t('insights.show')}
        </button>
        {!rangeOk && (
          <p role="alert" className="form-error">
            {t('insights.badRange')}
          </p>
        )}
      </form>
      <div className="insights__export" role="group" aria-label={t('insights.export')}>
        <span>{t('insights.export')}:</span>
        <button type="button" className="button button--secondary" onClick={() => exportAs('xlsx')}>
          {t('insights.exportXlsx')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => exportAs('csv')}>
          {t('insights.exportCsv')}
        </button>
        {exportError && (
          <p role="alert" className="form-error">
            {t('insights.exportFailed')}
          </p>
        )}
      </div>
      {state.error !== null ? (
        <div>
          <p role="alert" className="form-error">
            {t('insights.loadFailed')} {state.error ? tm(state.error) : ''}
          </p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('insights.retry')}
          </button>
        </div>
      ) : !x ? (
        <p className="muted" role="status">
          {t('insights.loading')}
        </p>
      ) : (
        <Figures x={x} t={t} openList={openList} />
      )}
    </section>
  );
}

type T = (key: InsightsKey, vars?: Record<string, string | number>) => string;

const days = (hours: number | null) => (hours === null ? null : Math.round((hours / 24) * 10) / 10);
const percent = (rate: number | null) => (rate === null ? null : `${Math.round(rate * 1000) / 10}%`);

/** A figure's count as a link to its applications (the keyboard's and the screen reader's way to the list). */
function CountLink({ count, filter, openList }: { count: number; filter: FigureFilter; openList: (f: FigureFilter) => void }) {
  return (
    <a
      href={`#/applications?${new URLSearchParams(filter as Record<string, string>).toString()}`}
      onClick={(event) => {
        event.preventDefault();
        openList(filter);
      }}
    >
      {count}
    </a>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <article className="card insights__panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </article>
  );
}

function Figures({ x, t, openList }: { x: Insights; t: T; openList: (f: FigureFilter) => void }) {
  const stageName = (s: string) => t(`insights.stage.${s}` as InsightsKey);
  const tatName = (s: string) => t(`insights.tat.${s}` as InsightsKey);
  const longest = x.turnaround.stages.find((s) => s.stage === x.turnaround.longest);
  const ageingBars: (Bar & { filter: FigureFilter })[] = x.ageing.flatMap((q) =>
    q.buckets.map((b, i) => ({
      label: [t(`insights.queue.${q.queue}` as InsightsKey), t('insights.days', { bucket: b.bucket })],
      value: b.count,
      color: QUEUE_COLORS[i],
      filter: b.filter,
    })),
  );
  const deviationName = (type: string) => t(`insights.deviation.${type}` as InsightsKey);
  return (
    <>
      <p className="muted">{t('insights.openHint')}</p>
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
    </>
  );
}
