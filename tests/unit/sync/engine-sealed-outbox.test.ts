// @vitest-environment node
// The engine suites again with the outbox sealed for the server on capture (issue 24 part 3), on
// a database sealed under a PIN: the fake server opens each request with the test outbox key as
// the API does, and every exactly-once guarantee still holds.
import { vi } from 'vitest';

vi.hoisted(() => {
  process.env.SAHYOG_TEST_SEALED = '1';
  process.env.SAHYOG_TEST_OUTBOX_SEALED = '1';
});

await import('./engine.test');
await import('./engine-recovery.test');
