// @vitest-environment node
// The engine suites again, on a database sealed under a PIN: the outbox, the applications and
// the files are encrypted at rest, and every exactly-once guarantee still holds.
import { vi } from 'vitest';

vi.hoisted(() => {
  process.env.SAHYOG_TEST_SEALED = '1';
});

await import('./engine.test');
await import('./engine-recovery.test');
