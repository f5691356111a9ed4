import { useEffect, useId, useRef, useState } from 'react';
import type { GeoTag } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { uploadText } from './upload.text';
import { getGeoTag } from '../../media/geo-tag';
import { Modal } from '../modal';

/** Spec 01 §5: the error the camera callback gets when the browser has no camera API. */
export const CAMERA_UNSUPPORTED = 'getUserMedia not supported';

/** Rear camera, ideally 1280x720 (spec 01 §5 "File inputs"). */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: false,
};

export type CameraModalProps = {
  onCapture: (file: File, geo: GeoTag) => void | Promise<void>;
  /** English messages, translated where shown: 'getUserMedia not supported', or why it failed. */
  onError: (message: string) => void;
  onClose: () => void;
};

function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera permission was denied. Allow the camera in the browser settings.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device.';
  return 'The camera could not be started.';
}

function grabFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 1280;
  canvas.height = video.videoHeight || 720;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
}

/**
 * 'Capture Image': a live preview of the rear camera and a Capture button. The photo is a
 * JPEG named captured_image<timestamp>.jpg and carries a geo tag (looked up while the camera
 * starts). The camera's tracks stop when the modal closes.
 */
export function CameraModal({ onCapture, onError, onClose }: CameraModalProps) {
  const { t } = useFeatureT(uploadText);
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const geo = useRef<Promise<GeoTag> | null>(null);
  const [ready, setReady] = useState(false);
  const [saving, setSaving] = useState(false);
  const callbacks = useRef({ onError, onClose });
  callbacks.current = { onError, onClose };

  useEffect(() => {
    let cancelled = false;
    const getUserMedia = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
    if (!getUserMedia) {
      callbacks.current.onError(CAMERA_UNSUPPORTED);
      callbacks.current.onClose();
      return;
    }
    geo.current = getGeoTag();
    getUserMedia(CAMERA_CONSTRAINTS).then(
      (media) => {
        if (cancelled) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream.current = media;
        if (video.current) {
          video.current.srcObject = media;
          void video.current.play().catch(() => undefined);
        }
      },
      (error: unknown) => {
        if (cancelled) return;
        callbacks.current.onError(cameraErrorMessage(error));
        callbacks.current.onClose();
      },
    );
    return () => {
      cancelled = true;
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
    };
  }, []);

  const capture = async () => {
    if (!video.current || saving) return;
    setSaving(true);
    const blob = await grabFrame(video.current).catch(() => null);
    if (!blob) {
      onError('The camera could not be started.');
      onClose();
      return;
    }
    const file = new File([blob], `captured_image${Date.now()}.jpg`, { type: 'image/jpeg' });
    const tag = await (geo.current ?? getGeoTag());
    stream.current?.getTracks().forEach((track) => track.stop());
    await onCapture(file, tag);
    onClose();
  };

  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="modal--full camera-modal">
      <div className="modal__header">
        <h2 id={`${id}-title`}>{t('camera.title')}</h2>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <div className="camera-modal__view">
        {/* Capture is enabled once frames arrive: grabbing before that gives a black photo. */}
        <video
          ref={video}
          className="camera-modal__video"
          playsInline
          muted
          aria-label={t('camera.preview')}
          onLoadedData={() => setReady(true)}
        />
        {!ready && (
          <p className="camera-modal__status" role="status">
            {t('camera.starting')}
          </p>
        )}
      </div>
      <div className="modal__actions">
        <button
          type="button"
          className="button button--primary camera-modal__capture"
          disabled={!ready || saving}
          onClick={() => void capture()}
        >
          {saving ? t('camera.saving') : t('camera.capture')}
        </button>
      </div>
    </Modal>
  );
}
