// `npm run bench`: every benchmark in turn, each printing its figures.
import { benchLoginBundle } from './login-bundle';
import { benchMeVsHealth } from './me-vs-health';
import { benchStartup } from './startup';

await benchLoginBundle();
await benchStartup();
await benchMeVsHealth();
