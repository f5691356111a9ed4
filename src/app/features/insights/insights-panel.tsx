import type { ReactNode } from 'react';
import type { FigureFilter, Insights } from '../../../domain/ops/insights';

/** Opens the applications list of a figure. */
export type OpenList = (filter: FigureFilter) => void;
/** What every panel is given: the figures, and the way to a figure's applications. */
export type PanelProps = { x: Insights; openList: OpenList };

export const days = (hours: number | null) => (hours === null ? null : Math.round((hours / 24) * 10) / 10);
export const percent = (rate: number | null) => (rate === null ? null : `${Math.round(rate * 1000) / 10}%`);

/** A figure's count as a link to its applications (the keyboard's and the screen reader's way to the list). */
export function CountLink({ count, filter, openList }: { count: number; filter: FigureFilter; openList: OpenList }) {
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

export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <article className="card insights__panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </article>
  );
}
