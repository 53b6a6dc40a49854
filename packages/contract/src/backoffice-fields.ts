import { MESSAGES } from './rules/errors';
import { textInput } from './text-input';

// Field helpers shared by the back-office schema files (not part of the package entry).
export const text = (max: number, required: string = MESSAGES.badRequest) =>
  textInput({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: MESSAGES.fieldTooLong });

export const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
