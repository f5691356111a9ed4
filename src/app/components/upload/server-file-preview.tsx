import { useEffect, useState } from 'react';
import { fetchFileUrl } from '../../api/server-file.api';
import { useFeatureT } from '../../i18n/feature-text';
import { uploadText } from './upload.text';
import { NeedsConnection } from '../needs-connection';
import { useOnline } from '../use-online';

type PreviewState = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed' };

/**
 * A reviewer's view of a document already on the server (spec 02 §6): the image, or a link when
 * it is not one (a PDF); 'No preview available' without a file, 'Error loading preview' when the link fails.
 */
export function ServerFilePreview({ label, fileId, id }: { label: string; fileId: string | null | undefined; id: string }) {
  const { t } = useFeatureT(uploadText);
  const online = useOnline();
  const [state, setState] = useState<PreviewState>({ kind: 'loading' });
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    if (!fileId || !online) return;
    let active = true;
    setState({ kind: 'loading' });
    setBroken(false);
    fetchFileUrl(fileId).then(
      (answer) =>
        active && setState(answer.success && answer.data?.file_url ? { kind: 'ready', url: answer.data.file_url } : { kind: 'failed' }),
      () => active && setState({ kind: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [fileId, online]);

  let body;
  if (!fileId) body = <p className="muted">{t('kyc.noPreview')}</p>;
  else if (!online) body = <NeedsConnection id={`${id}-offline`} />;
  else if (state.kind === 'loading') body = <p role="status">{t('kyc.loadingPreview')}</p>;
  else if (state.kind === 'failed') body = <p className="form-error">{t('kyc.previewError')}</p>;
  else if (!broken)
    body = (
      <a href={state.url} target="_blank" rel="noopener noreferrer" aria-label={t('preview.open', { name: label })}>
        <img src={state.url} alt={label} className="server-file__image" loading="lazy" onError={() => setBroken(true)} />
      </a>
    );
  else
    body = (
      <a
        className="preview-tile preview-tile--doc"
        href={state.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('preview.openPdf', { name: label })}
      >
        <span className="preview-tile__doc-badge" aria-hidden="true">
          PDF
        </span>
        <span className="preview-tile__name">{label}</span>
      </a>
    );

  return (
    <figure className="server-file" aria-labelledby={`${id}-label`}>
      <figcaption id={`${id}-label`} className="field-label">
        {label}
      </figcaption>
      {body}
    </figure>
  );
}
