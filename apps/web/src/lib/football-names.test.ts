import {
  AI_TIPSTER_LOCATION,
  aiTipsterBio,
  LANGUAGE_HTML_LANG,
  LANGUAGES,
  type Language,
} from '@tips/contract/rules';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { competitionKey, competitionName, TRANSLATED_COMPETITIONS } from './competition-names';
import { localizeLocation, regionCodeOfEnglishName } from './countries';

// #21.5: competition names and tipster locations arrive in English; the page names them in its
// own language from a stable key (the competition code, the country's ISO code).

const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*.json', {
  eager: true,
  import: 'default',
});

/** As the app does: i18next gets the BCP 47 tag (`ar-AE`), the file is the site code's. */
async function translatorFor(language: Language) {
  const i18n = createInstance();
  const tag = LANGUAGE_HTML_LANG[language];
  await i18n.init({
    lng: tag,
    fallbackLng: 'en',
    resources: {
      [tag]: { translation: files[`../../public/locales/${language}.json`] },
      en: { translation: files['../../public/locales/en.json'] },
    },
  });
  return i18n.t;
}

describe('competition names', () => {
  it('German and Arabic pages name the Premier League and the Champions League in their language', async () => {
    const de = await translatorFor('de');
    expect(competitionName(de, 'en.1', 'English Premier League')).toBe('Englische Premier League');
    const ar = await translatorFor('ar-ae');
    expect(competitionName(ar, 'uefa.cl', 'UEFA Champions League')).toBe('دوري أبطال أوروبا');
    expect(competitionName(ar, 'de.1', 'Bundesliga')).toBe('الدوري الألماني');
  });

  it('Russian, Japanese, Korean, Chinese and Hebrew pages do not show the English "Champions League"', async () => {
    for (const language of ['ru', 'jp', 'kr', 'cn', 'il'] as const) {
      const t = await translatorFor(language);
      expect(competitionName(t, 'uefa.cl', 'UEFA Champions League'), language).not.toMatch(
        /Champions League/,
      );
    }
  });

  it('every translated competition has a name in every language', async () => {
    for (const language of LANGUAGES) {
      const t = await translatorFor(language);
      for (const code of TRANSLATED_COMPETITIONS) {
        expect(t(competitionKey(code), { defaultValue: '' }), `${language} ${code}`).not.toBe('');
      }
    }
  });

  it('an unknown or missing code shows the English name the API sent', async () => {
    const de = await translatorFor('de');
    expect(competitionName(de, 'hu.1', 'Hungarian NB I')).toBe('Hungarian NB I');
    expect(competitionName(de, null, 'Friendly')).toBe('Friendly');
    expect(competitionName(de, undefined, 'Friendly')).toBe('Friendly');
  });
});

describe('tipster locations', () => {
  it.each([
    ['Germany', 'DE'],
    ['UK', 'GB'],
    ['UAE', 'AE'],
    ['Turkey', 'TR'],
    ['netherlands', 'NL'],
    ['Atlantis', null],
  ])('%s is the region %s', (name, code) => {
    expect(regionCodeOfEnglishName(name)).toBe(code);
  });

  it('keeps the city and names the country in the page language', () => {
    expect(localizeLocation('Munich, Germany', 'de')).toBe('Munich, Deutschland');
    expect(localizeLocation('London, UK', 'de')).toBe('London, Vereinigtes Königreich');
    expect(localizeLocation('Munich, Germany', 'ar-ae')).toBe('Munich، ألمانيا');
    expect(localizeLocation('Spain', 'fr')).toBe('Espagne');
  });

  it('leaves English pages and text that names no country as they are', () => {
    expect(localizeLocation('Munich, Germany', 'en')).toBe('Munich, Germany');
    expect(localizeLocation('Tips Market demo', 'de')).toBe('Tips Market demo');
    expect(localizeLocation('Somewhere, Atlantis', 'de')).toBe('Somewhere, Atlantis');
  });
});

describe('the AI tipsters’ texts', () => {
  it('every language has its own AI bio naming the model, and an AI location', async () => {
    const english = await translatorFor('en');
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const t = await translatorFor(language);
      const bio = t('competitions.aiBio', { model: 'MODEL' });
      expect(bio, language).toContain('MODEL');
      expect(bio, language).not.toBe(english('competitions.aiBio', { model: 'MODEL' }));
      expect(t('competitions.aiLocation'), language).not.toBe('');
    }
  });

  it('the English locale reads exactly as the seeded bio, so the seeded text is the one recognised', async () => {
    const english = await translatorFor('en');
    expect(english('competitions.aiBio', { model: 'High AI Model' })).toBe(aiTipsterBio('High AI Model'));
    expect(english('competitions.aiLocation')).toBe(AI_TIPSTER_LOCATION);
  });
});
