import { useEffect, useState } from 'react';
import type { Insights } from '../../../domain/ops/insights';
import { fetchInsights, type InsightsRequest } from './insights.api';

type State = { data: Insights | null; loading: boolean; error: string | null };

/**
 * The figures asked for, read whenever the request changes, the phone comes online or `retry`
 * is called; and the officers of the whole branch's last answer (the filter's list).
 */
export function useInsights(asked: InsightsRequest, online: boolean) {
  const [state, setState] = useState<State>({ data: null, loading: true, error: null });
  const [officers, setOfficers] = useState<{ id: number; name: string }[]>([]);
  const [attempt, setAttempt] = useState(0);
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

  return { ...state, officers, retry: () => setAttempt((n) => n + 1) };
}
