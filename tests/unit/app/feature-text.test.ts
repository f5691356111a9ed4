// A feature's texts, once loaded with its screens, translate its keys for the shared kit and its
// English messages (a toast, a form message) wherever they are shown.
import { describe, expect, it } from 'vitest';
import { englishOf, isTextKey, textOfAny } from '../../../src/app/i18n/feature-text';
import { translateMessage } from '../../../src/app/i18n/translate';

describe('feature texts', () => {
  it('are unknown before their feature loads', () => {
    expect(isTextKey('probe.saved')).toBe(false);
    expect(translateMessage('Probe saved on this phone.', 'hi')).toBe('Probe saved on this phone.');
  });

  it('once loaded, the kit reads their keys and any screen translates their English messages', async () => {
    // A feature's texts load with it; its messages are compiled as every `*.text.ts` is (scripts/icu-messages.ts).
    const { probeText } = await import('./probe.text');
    expect(isTextKey('probe.saved')).toBe(true);
    expect(textOfAny('probe.count' as never, { count: 3 }, 'hi')).toBe('3 प्रोब');
    expect(englishOf('probe.saved' as never)).toBe('Probe saved on this phone.');
    expect(translateMessage(probeText.en['probe.saved'], 'hi')).toBe('प्रोब इस फ़ोन पर सहेजा गया।');
    expect(translateMessage(probeText.en['probe.saved'], 'en')).toBe('Probe saved on this phone.');
  });

  it('the shell still comes first, and unknown text passes through', () => {
    expect(textOfAny('common.cancel', undefined, 'en')).toBe('Cancel');
    expect(isTextKey('common.cancel')).toBe(true);
    expect(translateMessage('Not a known message', 'hi')).toBe('Not a known message');
  });
});
