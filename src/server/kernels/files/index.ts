// The files a record names (whose upload, which may be referenced) and their signed links.
export {
  borrowerFileRefusal,
  checkFileRefs,
  checkRecordFileRefs,
  claimedAmong,
  fileIdCandidates,
  fileRefsRefusal,
  invalidFileMessage,
  recordFileRefusal,
  referencedAmong,
  refsOf,
  type FileRefs,
} from './file-references';
export { signFileUrl, verifyFileUrl } from './file-url';
