/**
 * The one mark of a check that passed (issue 21 D9): the borrower's, a co-applicant's and the
 * bank account's alike. Not a control any more, so not a faded button; its colours meet WCAG AA
 * (states.css `.verified-badge`: #067647 on its 8% tint, about 5:1).
 */
export function VerifiedBadge({ id, label }: { id?: string; label: string }) {
  return (
    <span id={id} className="verified-badge">
      {label}
    </span>
  );
}
