import { describe, expect, it } from 'vitest';
import { latestOtp, RAVI, sendOtp, verifyOtp } from './helpers/auth-flow';
import { get } from './helpers/http';
import { useTestApp } from './helpers/test-app';

const lines: string[] = [];
const ctx = useTestApp({ logger: { stream: { write: (line: string) => lines.push(line) } } });

type LogLine = { level: number; msg: string; method?: string; path?: string; status?: number; ms?: number };

describe('request logs', () => {
  it('carry method, path without query, status and time, and no mobile, OTP or token outside the SMS outbox line', async () => {
    lines.length = 0;
    const sent = await sendOtp(ctx.app, RAVI, { headers: { authorization: 'Bearer abc', cookie: 'sid=secret-cookie' } });
    const otp = await latestOtp(ctx.app, RAVI);
    const verified = await verifyOtp(ctx.app, sent.body.data.session_id, otp);
    const token = verified.body.data.token as string;
    await get(ctx.app, '/api/v1/user/me', { token });
    await get(ctx.app, '/api/v1/user/me?debug=1', { token: 'wrong-token' });

    const logged = lines.map((l) => JSON.parse(l) as LogLine);
    const requests = logged.filter((l) => l.msg === 'request');
    expect(requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/api/v1/auth/send-otp', 200],
      ['GET', '/api/dev/sms', 200],
      ['POST', '/api/v1/auth/verify-otp', 200],
      ['GET', '/api/v1/user/me', 200],
      ['GET', '/api/v1/user/me', 401],
    ]);
    for (const r of requests) expect(typeof r.ms).toBe('number');

    const smsLines = lines.filter((l) => l.includes('[sms-outbox]'));
    expect(smsLines).toHaveLength(1);
    expect(smsLines[0]).toContain(otp);
    expect(smsLines[0]).toContain('90******01');
    expect(smsLines[0]).not.toContain(RAVI);
    const others = lines.filter((l) => !l.includes('[sms-outbox]')).join('\n');
    for (const secret of [RAVI, otp, token, 'wrong-token', 'secret-cookie', 'Bearer', 'debug=1', sent.body.data.session_id]) {
      expect(others).not.toContain(secret);
    }
  });

  it('mask a mobile in a request path, and leave ids and tracker ids alone', async () => {
    const verified = await verifyOtp(ctx.app, (await sendOtp(ctx.app, RAVI)).body.data.session_id, await latestOtp(ctx.app, RAVI));
    const token = verified.body.data.token as string;
    lines.length = 0;
    await get(ctx.app, '/api/v1/app/mfi/phone-number/9876543210', { token });
    await get(ctx.app, '/api/v1/app/mfi/ab9876543210cdab9876543210cdabcd', { token });
    await get(ctx.app, '/api/v1/track?tracker_id=SAH9876543210');
    await get(ctx.app, '/api/v1/join-us/track/9876543210');
    const paths = lines
      .map((l) => JSON.parse(l) as LogLine)
      .filter((l) => l.msg === 'request')
      .map((l) => l.path);
    expect(paths).toEqual([
      '/api/v1/app/mfi/phone-number/98******10',
      '/api/v1/app/mfi/ab9876543210cdab9876543210cdabcd',
      '/api/v1/track',
      '/api/v1/join-us/track/98******10',
    ]);
    expect(lines.join('\n')).not.toContain('9876543210"');
  });

  it('redact token, authorization, cookie, otp and mobile fields when an object is logged', async () => {
    lines.length = 0;
    ctx.app.log.info(
      {
        req: { headers: { token: 't0ken', authorization: 'a', cookie: 'c' } },
        body: { otp: '123456', mobile: '9123456789', phone: '9234567890' },
      },
      'x',
    );
    const text = lines.join('\n');
    for (const secret of ['t0ken', '123456', '9123456789', '9234567890']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
