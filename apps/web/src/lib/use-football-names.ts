import { AI_TIPSTER_LOCATION, aiTipsterBio } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { competitionName } from './competition-names';
import { localizeLocation } from './countries';
import { siteLanguageOf } from './language';

/** Data the API sends in English, named in the page's language at render time (#21.5). */
export function useFootballNames() {
  const { t, i18n } = useTranslation();
  // i18next holds the BCP 47 tag (`ar-AE`); the helpers take site codes (`ar-ae`).
  const language = siteLanguageOf(i18n.resolvedLanguage);
  return {
    competition: (code: string | null | undefined, englishName: string) =>
      competitionName(t, code, englishName),
    location: (location: string) =>
      location === AI_TIPSTER_LOCATION ? t('competitions.aiLocation') : localizeLocation(location, language),
    // The AI tipsters' seeded bio is ours: shown translated, naming the model as its badge does
    // (`modelLabel`). Any other bio is the tipster's own words.
    bio: ({ category, bio }: { category: string; bio: string }, modelLabel: string) =>
      bio === aiTipsterBio(category) ? t('competitions.aiBio', { model: modelLabel }) : bio,
  };
}
