import * as z from 'zod/mini';
import { fileIdQuery } from '../shared/route-input.schema';
import { applicationUploadFields, joinUsUploadFields } from '../steps/upload.schema';
import { FILE_PATHS } from './files.paths';
import { routeTable } from './route';
import { applicationParams } from './route-params';

const text = z.nullable(z.string());

/** What an Aadhaar front said (documents/readers/secure-qr.ts): its signed Secure QR, else its printed text (OCR); else null. */
const parsedAadhaarFront = z.object({
  source: z.enum(['QR', 'OCR']),
  name: z.string(),
  dob: z.string(),
  gender: z.enum(['M', 'F', 'T']),
  care_of: z.string(),
  address: z.string(),
  landmark: z.string(),
  pincode: z.string(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
});

const fileUrlAnswer = z.object({ file_url: z.string() });
export type FileUrlAnswer = z.infer<typeof fileUrlAnswer>;

const applicationFile = z.object({
  file_id: z.string(),
  file_type: text,
  upload_type: text,
  record_index: z.nullable(z.number()),
  mime: z.string(),
  size: z.number(),
  sha256: z.string(),
  created_at: z.string(),
  file_url: z.string(),
});

/**
 * FILE_PATHS with their schemas, for the server. An upload's body is multipart: the text fields of
 * the domain's upload schema and the file part(s), read from the parts and parsed by the server.
 * The signed link's answer is the file's bytes, the server's own.
 */
export const FILE_ROUTES = routeTable({
  upload: {
    ...FILE_PATHS.upload,
    body: z.object({ ...applicationUploadFields.shape, file: z.file() }),
    answer: z.object({ file_id: z.string(), parsed_data: z.nullable(parsedAadhaarFront), file_url: z.string() }),
  },
  bulkUpload: {
    ...FILE_PATHS.bulkUpload,
    body: z.object({ ...applicationUploadFields.shape, files: z.array(z.file()) }),
    answer: z.object({ files: z.array(z.object({ file_id: z.string(), file_url: z.string() })) }),
  },
  joinUsUpload: {
    ...FILE_PATHS.joinUsUpload,
    body: z.object({ ...joinUsUploadFields.shape, file: z.file() }),
    answer: z.object({ file_id: z.string() }),
  },
  fileUrl: { ...FILE_PATHS.fileUrl, query: fileIdQuery, answer: fileUrlAnswer },
  applicationFiles: { ...FILE_PATHS.applicationFiles, params: applicationParams, answer: z.array(applicationFile) },
  file: {
    ...FILE_PATHS.file,
    params: z.object({ id: z.string() }),
    query: z.object({ expires: z.optional(z.string()), sid: z.optional(z.string()), sig: z.optional(z.string()) }),
  },
});
