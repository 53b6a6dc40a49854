import { BETTING_TYPE_CODES as CONTRACT_CODES } from '@tips/contract/rules';
import { describe, expect, it } from 'vitest';
import { BETTING_TYPE_CODES } from './betting-types';

const [en] = Object.values(
  import.meta.glob<{ bettingTypes: Record<string, string> }>('../../../locales/public/en.json', {
    eager: true,
    import: 'default',
  }),
);

describe('betting types on the web', () => {
  it('are exactly the contract codes, in order', () => {
    expect([...BETTING_TYPE_CODES]).toEqual([...CONTRACT_CODES]);
  });

  it('each have a translated name', () => {
    for (const code of BETTING_TYPE_CODES) expect(en.bettingTypes).toHaveProperty(String(code));
  });
});
