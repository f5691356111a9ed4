import { FILE_PATHS, pathOf, type AnswerOf, type Envelope, type JoinUsRequest } from '../../domain';
import type { FILE_ROUTES } from '../../domain/routes/files.table';
import { JOIN_US_ROUTES } from '../../domain/routes/join-us.table';
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
): Promise<Envelope<AnswerOf<typeof FILE_ROUTES.joinUsUpload>>> {
  const form = new FormData();
  form.append('file_type', fileType);
  form.append('file', file, file.name);
  return requestEnvelope(
    mainApi.post(pathOf(FILE_PATHS.joinUsUpload), form, {
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
export function submitJoinUsRequest(body: JoinUsRequest): Promise<Envelope<AnswerOf<typeof JOIN_US_ROUTES.request>>> {
  return requestEnvelope(mainApi.post(pathOf(JOIN_US_ROUTES.request), body));
}

/** The status message of a registration request, by mobile. */
export function trackJoinUsRequest(trackerId: string): Promise<Envelope<AnswerOf<typeof JOIN_US_ROUTES.track>>> {
  return requestEnvelope(mainApi.get(pathOf(JOIN_US_ROUTES.track), { params: { tracker_id: trackerId } }));
}
