import { FILE_PATHS, pathOf, type Envelope } from '../../domain';
import type { FileUrlAnswer } from '../../domain/routes/files.table';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

/** Spec 02 §7 "Preview file": a short-lived URL of a server file (online only). */
export const fetchFileUrl = (fileId: string): Promise<Envelope<FileUrlAnswer>> =>
  requestEnvelope(mainApi.get(pathOf(FILE_PATHS.fileUrl), { params: { file_id: fileId } }));
