import { describe, expect, it } from 'vitest';
import { COMPETITION_CODES, competitionCodeOfName, findCompetition } from './competition-catalogue';

// Tips store the competition's name; the web translates it from the code the tip DTO carries.
describe('competitionCodeOfName', () => {
  it('gives the code of every catalogue name', () => {
    for (const code of COMPETITION_CODES) {
      expect(competitionCodeOfName(findCompetition(code)?.name ?? '')).toBe(code);
    }
    expect(competitionCodeOfName('UEFA Champions League')).toBe('uefa.cl');
  });

  it('is null for a name that is not a known competition', () => {
    expect(competitionCodeOfName('England Premier League')).toBeNull();
    expect(competitionCodeOfName(null)).toBeNull();
  });
});
