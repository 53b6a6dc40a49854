import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatI18nNumber, numberFormatFor } from './i18n-number-format';

// Issue #32: `{{count, number}}` must not build an Intl.NumberFormat for every new count.
describe('i18next number format', () => {
  it('keeps one Intl.NumberFormat per language and format, whatever the count and t() options', () => {
    const first = numberFormatFor('de', { count: 15, lng: 'de', ns: 'translation' });
    expect(numberFormatFor('de', { count: 17, lng: 'de', interpolationkey: 'count' })).toBe(first);
    expect(numberFormatFor('ar-AE', { count: 15 })).not.toBe(first);
    expect(numberFormatFor('de', { minimumFractionDigits: 2 })).not.toBe(first);
  });

  it('formats as Intl does, in the language given, with the format options', () => {
    expect(formatI18nNumber(12345, 'de', { count: 12345 })).toBe(new Intl.NumberFormat('de').format(12345));
    expect(formatI18nNumber(3, 'ar-AE', {})).toBe(new Intl.NumberFormat('ar-AE').format(3));
    expect(formatI18nNumber(2, 'en', { minimumFractionDigits: 2 })).toBe('2.00');
    expect(formatI18nNumber('x', 'en', {})).toBe('x');
  });

  it('serves i18next plurals with the count in the page language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'de',
      resources: {
        de: { translation: { wins_one: '{{count, number}} Sieg', wins_other: '{{count, number}} Siege' } },
      },
      interpolation: { escapeValue: false },
    });
    i18n.services.formatter?.add('number', formatI18nNumber);
    expect(i18n.t('wins', { count: 1 })).toBe('1 Sieg');
    expect(i18n.t('wins', { count: 12345 })).toBe('12.345 Siege');
  });
});
