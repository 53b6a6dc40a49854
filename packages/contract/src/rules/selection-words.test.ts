import { describe, expect, it } from 'vitest';
import { translateSelection } from './selection-words';

const german: Record<string, string> = {
  Home: 'Heim',
  Away: 'Auswärts',
  Draw: 'Unentschieden',
  Over: 'Über',
};
const de = (word: string) => german[word] ?? word;

describe('a selection in the reader’s language (issue #30.5)', () => {
  it('translates the market words and keeps lines, scores and anything else as written', () => {
    expect(translateSelection('Home -0.5', de)).toBe('Heim -0.5');
    expect(translateSelection('Away', de)).toBe('Auswärts');
    expect(translateSelection('Home/Draw', de)).toBe('Heim/Unentschieden');
    expect(translateSelection('Over 2.5', de)).toBe('Über 2.5');
    expect(translateSelection('2-1', de)).toBe('2-1');
    // A team's name is not a market word, even when it contains one.
    expect(translateSelection('Homestead FC', de)).toBe('Homestead FC');
  });
});
