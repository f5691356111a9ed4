// The entry of a document worker thread (piscina loads it). A worker does not inherit the main
// thread's TypeScript loader: `npm start` registers tsx on its own thread only, and under vitest
// the main thread has vitest's transform, not a loader. Registering tsx here loads the server's
// TypeScript the same way under npm start, `tsx src/server/main.ts` (which loads serve.ts), vitest and the e2e server.
import { register } from 'tsx/esm/api';

register();
const { runDocumentTask } = await import('./document-tasks.ts');

export default runDocumentTask;
