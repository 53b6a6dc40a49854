import { z } from 'zod';
import { MESSAGES } from './rules/errors';
import { hasNoControlCharacters } from './rules/text';

/**
 * The one rule for text a client sends (issue #19): every text field of a request schema starts
 * from `textInput()`, so a control character (NUL above all, which PostgreSQL refuses in text and
 * which used to surface as a 500) is a 400 with one clear message, checked before any other rule.
 */
export function textInput(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(hasNoControlCharacters, { error: MESSAGES.controlCharacters, abort: true });
}
