import { describe, expect, it } from 'vitest';
import { DEVICE_LABEL, DEVICE_LABEL_MAX, deviceLabel } from '../../../src/domain';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

describe('deviceLabel (issue 31 N4)', () => {
  it.each([
    [ANDROID_CHROME, 'Android · Chrome 156'],
    [
      'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A515F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      'Android · Samsung Internet 23',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'iOS · Safari 17',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
      'iOS · Chrome 124',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0', 'Android · Firefox 126'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
      'Windows · Edge 124',
    ],
    ['', 'Unknown device · browser'],
  ])('%s → %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it('prefers the client hints: the platform and the brand, not Chromium or the GREASE brand', () => {
    const hints = {
      platform: 'Android',
      brands: [
        { brand: 'Not A(Brand', version: '99' },
        { brand: 'Chromium', version: '156' },
        { brand: 'Google Chrome', version: '156' },
      ],
    };
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 10; K) Chrome/156.0.0.0', hints)).toBe('Android · Chrome 156');
    expect(deviceLabel(ANDROID_CHROME, { platform: '', brands: [] })).toBe('Android · Chrome 156');
  });

  it('is short and holds only what a stored label may hold, whatever the agent says', () => {
    const odd = deviceLabel('x', { platform: 'Ravi<script>’s phone with a very long platform name indeed', brands: [] });
    expect(odd.length).toBeLessThanOrEqual(DEVICE_LABEL_MAX);
    expect(DEVICE_LABEL.test(odd)).toBe(true);
    expect(DEVICE_LABEL.test(deviceLabel(ANDROID_CHROME))).toBe(true);
  });
});
