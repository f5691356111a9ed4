import type { Envelope, JoinUsRequest } from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';
import { uploadTimeoutMs } from './http-rules';

/** The join-us upload kinds (`file_type` of the multipart body). */
export type JoinUsFileType = 'PAN' | 'AADHAAR_FRONT' | 'AADHAAR_BACK' | 'GST' | 'CANCELLED_CHEQUE';

export type UploadOptions = {
  /** 0..1 as the bytes leave the phone. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** Public upload of one registration document, sent when chosen (no outbox: the form is public). */
export function uploadJoinUsFile(
  file: Blob & { name: string },
  fileType: JoinUsFileType,
  options: UploadOptions = {},
): Promise<Envelope<{ file_id: string }>> {
  const form = new FormData();
  form.append('file_type', fileType);
  form.append('file', file, file.name);
  return requestEnvelope(
    mainApi.post('/v1/join-us/upload-file', form, {
      // As long as the outbox allows an upload on a slow link.
      timeout: uploadTimeoutMs(file.size),
      signal: options.signal,
      onUploadProgress: ({ loaded, total }) => {
        if (total) options.onProgress?.(Math.min(1, loaded / total));
      },
    }),
  );
}

/** Partner registration; answers the tracker id (the mobile). 409 pending, 429 rate limited. */
export function submitJoinUsRequest(body: JoinUsRequest): Promise<Envelope<{ tracker_id: string }>> {
  return requestEnvelope(mainApi.post('/v1/join-us/request', body));
}

/** The status message of a registration request, by mobile. */
export function trackJoinUsRequest(trackerId: string): Promise<Envelope<unknown>> {
  return requestEnvelope(mainApi.get('/v1/join-us/track', { params: { tracker_id: trackerId } }));
}
