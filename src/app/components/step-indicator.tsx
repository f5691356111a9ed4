import { useT } from '../i18n/use-t';

export type StepIndicatorProps = {
  /** The steps' labels, in order (English catalogue texts are translated). */
  steps: readonly string[];
  /** Index of the step on screen. */
  current: number;
  /** Indexes of the completed steps. */
  completed: readonly number[];
  /** A completed step was chosen: go back to it. */
  onSelect(index: number): void;
};

/**
 * Spec 02 screen 7: numbered circles; a completed step shows a tick and is a button that goes
 * back to it; the current step is marked for screen readers; future steps are plain text.
 */
export function StepIndicator({ steps, current, completed, onSelect }: StepIndicatorProps) {
  const { t, tm } = useT();
  return (
    <nav className="step-indicator" aria-label={t('steps.label')}>
      <ol className="step-indicator__list">
        {steps.map((label, index) => {
          const done = completed.includes(index);
          const isCurrent = index === current;
          const name = t('steps.step', { number: index + 1, label: tm(label) });
          const mark = (
            <span className="step-indicator__circle" aria-hidden="true">
              {done ? '✓' : index + 1}
            </span>
          );
          const state = done ? 'done' : isCurrent ? 'current' : 'upcoming';
          return (
            <li
              key={`${index}-${label}`}
              className={`step-indicator__step step-indicator__step--${state}`}
              aria-current={isCurrent ? 'step' : undefined}
            >
              {done && !isCurrent ? (
                <button type="button" className="step-indicator__button" onClick={() => onSelect(index)}>
                  {mark}
                  <span className="step-indicator__label">{tm(label)}</span>
                  <span className="visually-hidden">
                    {' '}
                    ({name}, {t('steps.completed')})
                  </span>
                </button>
              ) : (
                <span className="step-indicator__item">
                  {mark}
                  <span className="step-indicator__label">{tm(label)}</span>
                  {!isCurrent && !done && <span className="visually-hidden"> ({t('steps.upcoming')})</span>}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
