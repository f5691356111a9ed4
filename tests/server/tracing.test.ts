import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, describe, expect, it } from 'vitest';
import { startTracing } from '../../src/server/observability/tracing';
import { scrubText } from '../../src/server/observability/span-scrubber';
import { kycBody, LAKSHMI, patchKyc, withBorrowerStep } from './applications-fixtures';
import { BORROWER } from './helpers/validation';
import { get } from './helpers/http';
import { useTestApp } from './helpers/test-app';

// Tracing starts before the first app is built (useTestApp builds one per test), as main.ts
// starts it before the server's modules load. The spans go to memory, through the same scrubber.
const exporter = new InMemorySpanExporter();
const stopTracing = await startTracing({ exporter, esmHooks: false, sampleRatio: 1 });
afterAll(() => stopTracing());

const lines: string[] = [];
const ctx = useTestApp({ logger: { stream: { write: (line: string) => lines.push(line) } } });

/** Every value a span carries, as text: its name and attributes. */
const spanTexts = () => exporter.getFinishedSpans().flatMap((s) => [s.name, ...Object.values(s.attributes).map(String)]);

describe('request ids and traces', () => {
  it('every answer and every request log line carries the request id; a proxy’s well-formed id is kept', async () => {
    lines.length = 0;
    const fresh = await get(ctx.app, '/api/health');
    const id = fresh.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await get(ctx.app, '/api/health', { headers: { 'x-request-id': 'lb-0123456789abcdef' } });
    expect(kept.headers['x-request-id']).toBe('lb-0123456789abcdef');
    const replaced = await get(ctx.app, '/api/health', { headers: { 'x-request-id': 'Lakshmi Devi 9876543210' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const requests = lines.map((l) => JSON.parse(l) as { msg: string; reqId?: string }).filter((l) => l.msg === 'request');
    expect(requests.map((r) => r.reqId)).toEqual([id, 'lb-0123456789abcdef', replaced.headers['x-request-id']]);
  });

  it('a borrower and KYC submission leaves no name, mobile, Aadhaar or PAN in any span or log line; spans carry the request id', async () => {
    exporter.reset();
    lines.length = 0;
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const submitted = await patchKyc(ctx.app, id, await kycBody(ctx.db), { token });
    expect(submitted.status, submitted.body.message).toBe(200);
    await get(ctx.app, `/api/v1/app/mfi/phone-number/${BORROWER}?pan=${LAKSHMI.pan}`, { token });

    const spans = exporter.getFinishedSpans();
    expect(spans.length).toBeGreaterThan(10);
    const requestIds = new Set(spans.map((s) => s.attributes['sahyog.request_id']).filter(Boolean));
    expect(requestIds).toContain(submitted.headers['x-request-id']);
    expect(spans.some((s) => s.attributes['http.route'] === '/api/v1/app/mfi/:id/basic-info')).toBe(true);

    const texts = [...spanTexts(), ...lines].join('\n');
    const aadhaarSpaced = LAKSHMI.aadhaar.replace(/(\d{4})(?=\d)/g, '$1 ');
    for (const pii of [LAKSHMI.name, 'Lakshmi', 'Ramesh Devi', BORROWER, LAKSHMI.aadhaar, aadhaarSpaced, LAKSHMI.pan, LAKSHMI.voter]) {
      expect(texts, pii).not.toContain(pii);
    }
  });

  it('the scrubber drops query strings and masks mobiles, Aadhaar and PAN numbers', () => {
    expect(scrubText('/api/v1/app/mfi/phone-number/9876543210?pan=BDVPD4821K')).toBe('/api/v1/app/mfi/phone-number/98******10');
    expect(scrubText('aadhaar 2345 6789 0124 and pan BDVPD4821K')).toBe('aadhaar [aadhaar] and pan [pan]');
    expect(scrubText('select * from applications where id = $1')).toBe('select * from applications where id = $1');
  });
});
