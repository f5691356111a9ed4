import { useRef, useState, type DragEvent } from 'react';
import { useFeatureT } from '../../i18n/feature-text';
import { uploadText } from './upload.text';

export type DropZoneProps = {
  inputId: string;
  labelledBy: string;
  describedBy?: string;
  accept: string;
  /** What it takes: 'Accepts PNG, JPEG or PDF. Photos are made smaller...' (check-file.ts acceptsHint). */
  hint: string;
  multiple?: boolean;
  disabled?: boolean;
  /** A file is required here: said to screen readers by the input (the form is `noValidate`). */
  required?: boolean;
  onFiles: (files: File[]) => void;
};

/**
 * Click to select (the file input, inside its label, is the keyboard and screen-reader path)
 * or drag and drop; the prompt reads 'Release to upload' while something is dragged over.
 */
export function DropZone({ inputId, labelledBy, describedBy, accept, hint, multiple, disabled, required, onFiles }: DropZoneProps) {
  const { t } = useFeatureT(uploadText);
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child: count them to know when the pointer really left.
  const depth = useRef(0);

  const enter = (event: DragEvent) => {
    event.preventDefault();
    if (disabled) return;
    depth.current += 1;
    setDragging(true);
  };
  const over = (event: DragEvent) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
  };
  const leave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (disabled) return;
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <label
      htmlFor={inputId}
      className="drop-zone"
      data-dragging={dragging || undefined}
      onDragEnter={enter}
      onDragOver={over}
      onDragLeave={leave}
      onDrop={drop}
    >
      <input
        id={inputId}
        type="file"
        className="visually-hidden drop-zone__input"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        required={required}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = ''; // choosing the same file again still fires change
          if (files.length > 0) onFiles(files);
        }}
      />
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="28" height="28" className="drop-zone__icon">
        <path
          d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="drop-zone__prompt" data-testid="upload-prompt">
        {dragging ? t('upload.release') : t(multiple ? 'upload.promptFiles' : 'upload.prompt')}
      </span>
      <span className="drop-zone__hint">{hint}</span>
    </label>
  );
}
