import type { Language } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { siteLanguageOf, urlForLanguage } from '../../lib/language';
import { withLanguageHandoff } from '../../lib/language-handoff';

interface LanguageModalState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

export const useLanguageModal = create<LanguageModalState>()((set) => ({
  isOpen: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
}));

/**
 * SPEC §4: changing the language moves to the same page on the language's subdomain, signed in
 * with the same cart (lib/language-handoff.ts carries both across origins).
 */
export function switchLanguage(language: Language, changeInPlace: (language: Language) => void): void {
  const target = urlForLanguage(language, window.location);
  if (target) void withLanguageHandoff(target).then((url) => window.location.assign(url));
  // An IP address has no subdomains: switch in place for this visit.
  else changeInPlace(language);
}

export function useCurrentLanguage(): Language {
  const { i18n } = useTranslation();
  // i18next holds the BCP 47 tag (`hi`); the site speaks in site codes (`in`).
  return siteLanguageOf(i18n.resolvedLanguage);
}
