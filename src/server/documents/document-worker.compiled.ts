// The entry of a document worker in the compiled server (scripts/build-server.mjs bundles it as
// dist-server/document-worker.mjs, beside main.mjs): no TypeScript loader to register there.
export { runDocumentTask as default } from './document-tasks';
