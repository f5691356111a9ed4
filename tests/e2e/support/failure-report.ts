import { appendFileSync, mkdirSync } from 'node:fs';
import { beforeEach } from 'vitest';
import { openPages } from './browser';

/**
 * When an e2e test fails, what each open page showed: its URL, the start of its visible text and
 * a screenshot. Written to test-results/e2e-failures.txt, which .ci/run prints last when the run
 * fails (CI keeps only the end of its output; the server's request log comes before it).
 */
export const FAILURE_REPORT = 'test-results/e2e-failures.txt';

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    mkdirSync('test-results', { recursive: true });
    const lines = [`# ${task.file.name} > ${task.name}`];
    const pages = openPages().filter((page) => page.url() !== 'about:blank');
    for (const [i, page] of pages.entries()) {
      const text = await page
        .locator('body')
        .innerText({ timeout: 3000 })
        .catch((error: Error) => `(no text: ${error.message.split('\n')[0]})`);
      const shot = `test-results/failure-${task.id}-${i}.png`;
      const saved = await page.screenshot({ path: shot, timeout: 5000 }).then(
        () => shot,
        () => '(no screenshot)',
      );
      // Each upload box's state: a file that never shows as chosen is otherwise invisible here.
      const uploads = await page
        .locator('[data-testid^="upload-"][data-status]')
        .evaluateAll((boxes) =>
          boxes.map(
            (box) =>
              `${box.getAttribute('data-field')}=${box.getAttribute('data-status')}: ${box.querySelector('[role="alert"]')?.textContent ?? ''}`,
          ),
        )
        .catch(() => []);
      lines.push(`page ${i}: ${page.url()} ${saved}`, `  ${text.replace(/\s+/g, ' ').slice(0, 1500)}`);
      if (uploads.length > 0) lines.push(`  uploads: ${uploads.join(' | ')}`);
    }
    appendFileSync(FAILURE_REPORT, `${lines.join('\n')}\n`);
  });
});
