import { useT } from '../../i18n/use-t';

/** A failed draft save, said where the form is (it does not block the form). */
export function DraftStatus({ error }: { error: string | null }) {
  const { tm } = useT();
  return error ? (
    <p className="field-warning draft-status" role="status">
      {tm(error)}
    </p>
  ) : null;
}
