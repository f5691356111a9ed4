// `npm run bench`: every benchmark in turn, each printing its figures.
import { benchApplicationSubmit } from './application-submit';
import { benchBorrowerBundle } from './borrower-bundle';
import { benchCompressPhoto } from './compress-photo';
import { benchDraftAutosave } from './draft-autosave';
import { benchLoginBundle } from './login-bundle';
import { benchMeVsHealth } from './me-vs-health';
import { benchOutboxDrain } from './outbox-drain';
import { benchStartup } from './startup';

await benchLoginBundle();
await benchStartup();
await benchMeVsHealth();
await benchOutboxDrain();
await benchCompressPhoto();
await benchDraftAutosave();
await benchBorrowerBundle();
await benchApplicationSubmit();
