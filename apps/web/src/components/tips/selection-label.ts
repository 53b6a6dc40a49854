import { useTranslation } from 'react-i18next';

/**
 * Issue #30.5: the words of a selection ("Home -0.5", "Over 2.5", "Draw") in the page's language.
 * Tips store their selection in the market's English words; shown to a German punter, "Home" stays
 * English unless translated. The words are the publishing form's own (backoffice.publish.sides),
 * translated in every language; numbers and anything else stay as written.
 */
export const SELECTION_WORDS = ['Home', 'Away', 'Draw', 'Over', 'Under', 'Odd', 'Even'] as const;

export function translateSelection(selection: string, translateWord: (word: string) => string): string {
  return selection
    .split(/(\s+|\/)/)
    .map((part) => ((SELECTION_WORDS as readonly string[]).includes(part) ? translateWord(part) : part))
    .join('');
}

export function useSelectionLabel(): (selection: string) => string {
  const { t } = useTranslation();
  return (selection) => translateSelection(selection, (word) => t(`backoffice.publish.sides.${word}`));
}
