import { useT } from '../i18n/use-t';

/** The note beside a control that is disabled offline (DECISIONS "Needs connection"). */
export function NeedsConnection({ id }: { id: string }) {
  const { t } = useT();
  return (
    <p id={id} className="needs-connection">
      {t('common.needsConnection')}
    </p>
  );
}
