import { useState } from 'react';
import toast from 'react-hot-toast';
import { saveDecision, type Choice } from '../../db/decisions.actions';
import type { Decision, FieldDecision, LocalApplication } from '../../db/records';
import { formatDateTime } from '../format-time';
import { textOfMessage, useFeatureT } from '../../i18n/feature-text';
import { outboxLabelsText } from '../../i18n/outbox-labels.text';
import { decisionsText } from './decisions.text';
import { fieldLabel } from './field-label';
import './decisions-panel.css';

/** A field's value as the person reads it: a file is "a file", nothing is "(empty)". */
function shown(value: unknown, empty: string, file: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'object') return '$file' in (value as object) ? file : JSON.stringify(value);
  return String(value);
}

function FieldChoice({
  decision,
  field,
  choice,
  onChoose,
}: {
  decision: Decision;
  field: FieldDecision;
  choice?: Choice;
  onChoose: (c: Choice) => void;
}) {
  const { t, lang } = useFeatureT(decisionsText);
  const name = `decision-${decision.record}-${field.field}`;
  const empty = t('decisions.empty');
  const file = t('decisions.file');
  // As every time the app shows (spec 01 §5): DD-MM-YYYY hh:mm A, in India whatever the phone's time zone.
  const changedAt = Date.parse(field.changed_at);
  const when = Number.isNaN(changedAt) ? field.changed_at : formatDateTime(changedAt);
  const theirs =
    'theirs' in field
      ? t('decisions.theirs', { name: field.changed_by, time: when, value: shown(field.theirs, empty, file) })
      : t('decisions.theirsUnknown', { name: field.changed_by, time: when });
  return (
    <fieldset className="decision__field">
      <legend className="decision__legend">{fieldLabel(decision.record, field.field, lang)}</legend>
      <label className="decision__option">
        <input type="radio" name={name} checked={choice === 'yours'} onChange={() => onChoose('yours')} />
        <span>{t('decisions.yours', { value: 'yours' in field ? shown(field.yours, empty, file) : t('decisions.yoursAsSent') })}</span>
      </label>
      <label className="decision__option">
        <input type="radio" name={name} checked={choice === 'theirs'} onChange={() => onChoose('theirs')} />
        <span>{theirs}</span>
      </label>
    </fieldset>
  );
}

function DecisionForm({ applicationLocalId, decision }: { applicationLocalId: string; decision: Decision }) {
  const { t, tm, lang } = useFeatureT(decisionsText);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (decision.fields.some((f) => !choices[f.field])) return setMissing(true);
    setSaving(true);
    try {
      await saveDecision(applicationLocalId, decision.record, choices);
      toast.success(t('decisions.saved'));
    } catch (error) {
      toast.error(tm(error instanceof Error ? error.message : String(error)));
      setSaving(false);
    }
  };
  return (
    <form
      className="decision"
      aria-label={textOfMessage(outboxLabelsText, decision.label, lang)}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="decision__intro">{t('decisions.intro', { label: textOfMessage(outboxLabelsText, decision.label, lang) })}</p>
      {decision.fields.map((field) => (
        <FieldChoice
          key={field.field}
          decision={decision}
          field={field}
          choice={choices[field.field]}
          onChoose={(choice) => {
            setMissing(false);
            setChoices((all) => ({ ...all, [field.field]: choice }));
          }}
        />
      ))}
      {missing && (
        <p className="form-error" role="alert">
          {t('decisions.chooseEach')}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={saving}>
        {t('decisions.save')}
      </button>
    </form>
  );
}

/**
 * Writes of this phone the server saved in part, because someone else changed the same fields
 * meanwhile (issue 32): on every screen of the application, each field with the person's value
 * and the server's (who changed it, when), until they choose. Works offline: the choice is queued.
 */
export function DecisionsPanel({ app }: { app: LocalApplication }) {
  const { t } = useFeatureT(decisionsText);
  const decisions = app.decisions ?? [];
  if (decisions.length === 0) return null;
  return (
    <section className="decisions" aria-labelledby="decisions-title">
      <h2 id="decisions-title" className="decisions__title">
        {t('decisions.title')}
      </h2>
      {decisions.map((decision) => (
        <DecisionForm key={`${decision.record}:${decision.version}`} applicationLocalId={app.localId} decision={decision} />
      ))}
    </section>
  );
}
