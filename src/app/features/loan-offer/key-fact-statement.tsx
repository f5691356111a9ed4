import { memo, useDeferredValue, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  kfsCashFlows,
  kfsLabels,
  kfsSections,
  LANGUAGE_NAMES,
  LANGUAGES,
  type KeyFactsView,
  type KfsLanguage,
  type LoanOffer,
} from '../../../domain';
import { SearchableDropdown } from '../../components/searchable-dropdown';
import { useBranding } from '../../tenant/tenant.store';
import { textOf } from '../../i18n/feature-text';
import type { Language } from '../../i18n/language.store';
import { formatRupees, showDate } from './loan-offer-format';
import { loanOfferText } from './loan-offer.text';

type Props = {
  facts: KeyFactsView;
  borrower: string | undefined;
  trackerId: string | undefined;
  /** The app's language: the controls are in it. */
  appLanguage: Language;
  /** The statement's language (the borrower's, independent of the app's): any of the six. */
  language: KfsLanguage;
  onLanguage: (language: KfsLanguage) => void;
  /** The statement's number, issue and validity. */
  statement: Pick<LoanOffer, 'kfs_number' | 'kfs_issued_at' | 'kfs_valid_until'>;
  /** The PDF download control (in the statement's language). */
  pdf?: ReactNode;
};

// From languages.ts (the kit), not kfs-consent: this module's chunk and kfs-consent's import each other.
const CHOICES: readonly { value: KfsLanguage; label: string }[] = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

/**
 * The Key Fact Statement (RBI digital lending rules; DECISIONS.md "Loan offer"): the figures the
 * server computed, in the borrower's language (its own choice, independent of the app's), as a
 * printable page (print CSS shows this section alone).
 *
 * It is drawn in parts, one frame each: the facts, then the annexes' rows a group at a time (each
 * group a tbody of its own). Opening the 36-month statement, or switching its language, in one
 * frame laid out all of it at once: 53-80 ms of style and layout at a quarter of the CPU. Each part
 * carries its own `lang`, so a switch restyles one part per frame, not the whole statement.
 */
const ROWS_PER_PART = 12;
const nextFrame = (run: () => void): (() => void) => {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(run, 16);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(run);
  return () => cancelAnimationFrame(frame);
};

/**
 * The language each of `parts` parts shows, `undefined` for one not shown yet: the first part
 * follows `lang` at once, each later one a frame after the part before it.
 */
function useStagedLanguages(lang: KfsLanguage, parts: number): readonly (KfsLanguage | undefined)[] {
  const [later, setLater] = useState<readonly (KfsLanguage | undefined)[]>([]);
  const langs = [lang, ...Array.from({ length: parts - 1 }, (_, i) => later[i])];
  const behind = langs.findIndex((l) => l !== lang);
  useEffect(() => {
    if (behind < 1) return undefined;
    return nextFrame(() => setLater((shown) => Object.assign([...shown], { [behind - 1]: lang })));
  }, [behind, lang]);
  // A print (the button or the browser's own) takes the whole statement, drawn before the print's layout.
  useEffect(() => {
    const whole = () => flushSync(() => setLater(Array.from({ length: parts - 1 }, () => lang)));
    window.addEventListener('beforeprint', whole);
    return () => window.removeEventListener('beforeprint', whole);
  }, [lang, parts]);
  return langs;
}

type Cells = readonly (string | number)[];

const groups = (rows: readonly Cells[]): Cells[][] =>
  Array.from({ length: Math.ceil(rows.length / ROWS_PER_PART) }, (_, i) => rows.slice(i * ROWS_PER_PART, (i + 1) * ROWS_PER_PART));

/** A group of an annex's rows, rendered again only when its language changes. */
const RowGroup = memo(function RowGroup({ rows, lang, labels }: { rows: readonly Cells[]; lang: KfsLanguage; labels: readonly string[] }) {
  return (
    <tbody lang={lang}>
      {rows.map((cells) => (
        <tr key={cells[0]}>
          {cells.map((cell, i) => (
            // The column's name, shown beside the value where a phone stacks the rows (loan-offer.css).
            <td key={i} data-label={labels[i]}>
              {cell}
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
});

/** An annex: its heading, note and table from its first part on; one group of rows per part. */
function Annex({
  title,
  note,
  head,
  rows,
  langs,
  testId,
  narrow,
}: {
  title: (lang: KfsLanguage) => string;
  note?: (lang: KfsLanguage) => string;
  head: (lang: KfsLanguage) => readonly string[];
  rows: readonly Cells[][];
  langs: readonly (KfsLanguage | undefined)[];
  testId?: string;
  /** Annex B's four columns fit a phone's width; Annex C's seven are stacked, one card per instalment, on a phone. */
  narrow?: boolean;
}) {
  const first = langs[0];
  if (!first) return null;
  return (
    <>
      <h3 lang={first}>{title(first)}</h3>
      {note && (
        <p className="field-note" lang={first}>
          {note(first)}
        </p>
      )}
      <div className={narrow ? 'kfs__table-wrap' : 'kfs__table-wrap kfs__table-wrap--stacked'}>
        <table className={narrow ? 'kfs__schedule kfs__schedule--narrow' : 'kfs__schedule kfs__schedule--stacked'} data-testid={testId}>
          <thead lang={first}>
            <tr>
              {head(first).map((label, i) => (
                <th key={i} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          {rows.map((group, i) => {
            const lang = langs[i];
            return lang ? <RowGroup key={i} rows={group} lang={lang} labels={head(lang)} /> : null;
          })}
        </table>
      </div>
    </>
  );
}

export function KeyFactStatement({
  facts,
  borrower,
  trackerId,
  appLanguage,
  language: choice,
  onLanguage: setChoice,
  statement,
  pdf,
}: Props) {
  const id = useId();
  // The statement follows the choice in a background render (interruptible), the select at once.
  const lang = useDeferredValue(choice);
  const branding = useBranding();
  const sections = useMemo(
    () =>
      kfsSections(
        facts,
        {
          kfs_number: statement.kfs_number ?? null,
          issued_at: statement.kfs_issued_at ?? null,
          valid_until: statement.kfs_valid_until ?? null,
          borrower: borrower ?? null,
          tracker_id: trackerId ?? null,
          lender: branding.display_name,
        },
        lang,
      ),
    [facts, statement, borrower, trackerId, branding.display_name, lang],
  );
  const flows = useMemo(
    () => groups(kfsCashFlows(facts).map((f) => [f.number === 0 ? 'CF₀' : f.number, showDate(f.date), f.days, formatRupees(f.amount)])),
    [facts],
  );
  const schedule = useMemo(
    () =>
      groups(
        facts.schedule.map((row) => [
          row.number,
          showDate(row.date),
          formatRupees(row.opening_balance),
          formatRupees(row.emi),
          formatRupees(row.principal),
          formatRupees(row.interest),
          formatRupees(row.balance),
        ]),
      ),
    [facts],
  );
  // Part 0: the facts; then Annex B's groups of rows, Annex C's, and last the closing note.
  const langs = useStagedLanguages(lang, 2 + flows.length + schedule.length);
  const last = langs[langs.length - 1];
  const labels = kfsLabels(lang);
  return (
    <section className="kfs" aria-labelledby={`${id}-title`} aria-busy={langs.some((l) => l !== lang) || undefined} data-testid="kfs">
      <div className="kfs__controls">
        <div className="kfs__lang">
          <SearchableDropdown
            id={`${id}-lang`}
            label={textOf(loanOfferText, 'kfs.language', undefined, appLanguage)}
            value={choice}
            options={CHOICES}
            onChange={(value) => setChoice(value as KfsLanguage)}
          />
        </div>
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {textOf(loanOfferText, 'kfs.print', undefined, appLanguage)}
        </button>
        {pdf}
      </div>
      <div lang={lang}>
        <h2 id={`${id}-title`}>{labels.title}</h2>
        {sections.map((section) => (
          <div key={section.key} className="kfs__section" data-section={section.key}>
            <h3>{section.title}</h3>
            <dl className="kfs__facts">
              {section.rows.map((row) => (
                <div key={row.key} className="kfs__fact" data-fact={row.key}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
            {section.key === 'contingent' && <p className="field-note">{labels.notInKfs}</p>}
          </div>
        ))}
      </div>
      <Annex
        title={(l) => kfsLabels(l).annexB}
        note={(l) => kfsLabels(l).annexBNote}
        head={(l) => {
          const t = kfsLabels(l);
          return [t.no, t.date, t.days, t.flow];
        }}
        rows={flows}
        langs={langs.slice(1, 1 + flows.length)}
        testId="kfs-cash-flows"
        narrow
      />
      <Annex
        title={(l) => kfsLabels(l).annexC}
        head={(l) => {
          const t = kfsLabels(l);
          return [t.no, t.date, t.opening, t.instalment, t.principal, t.interest, t.balance];
        }}
        rows={schedule}
        langs={langs.slice(1 + flows.length, 1 + flows.length + schedule.length)}
      />
      {last && (
        <p className="kfs__note muted" lang={last}>
          {textOf(loanOfferText, 'kfs.note', undefined, last)}
        </p>
      )}
    </section>
  );
}
