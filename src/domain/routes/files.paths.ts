import { routeTable } from './route';

/**
 * The uploads, file lists and file links (spec 01 §7 "Uploads", spec 02 §7 "Preview file"): the
 * methods and paths alone, without zod, for the app's clients and the outbox's uploads (loaded
 * with the capture screens); files.table.ts adds their schemas for the server.
 */
export const FILE_PATHS = routeTable({
  upload: { method: 'POST', path: '/api/v1/apply-loan/upload-file' },
  bulkUpload: { method: 'POST', path: '/api/v1/apply-loan/bulk-upload' },
  joinUsUpload: { method: 'POST', path: '/api/v1/join-us/upload-file' },
  fileUrl: { method: 'GET', path: '/api/v1/loan-application/presigned-url' },
  applicationFiles: { method: 'GET', path: '/api/v1/app/mfi/:id/files' },
  /** The signed link itself (kernels/files/file-url.ts makes it). */
  file: { method: 'GET', path: '/api/v1/files/:id' },
});
