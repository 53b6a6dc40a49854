import { z } from 'zod';
import { BETTING_TYPE_CODES } from './rules/betting-types';

export const BettingTypeCodeSchema = z.literal(BETTING_TYPE_CODES, {
  error: (issue) => `Unknown betting type: ${String(issue.input)}`,
});
