/**
 * Issue #30.5: the words of a selection ("Home -0.5", "Over 2.5", "Draw") in a reader's language.
 * Tips store their selection in the market's English words, and what is stored and committed (the
 * record chain) stays so; the page and the emails translate these words, whole words only (also
 * either side of a "/"), and leave lines, scores and team names as written.
 */
export const SELECTION_WORDS = ['Home', 'Away', 'Draw', 'Over', 'Under', 'Odd', 'Even'] as const;

export type SelectionWord = (typeof SELECTION_WORDS)[number];

export function translateSelection(
  selection: string,
  translateWord: (word: SelectionWord) => string,
): string {
  return selection
    .split(/(\s+|\/)/)
    .map((part) =>
      (SELECTION_WORDS as readonly string[]).includes(part) ? translateWord(part as SelectionWord) : part,
    )
    .join('');
}
