import { MESSAGES, type MessageKey } from '@tips/contract/rules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

// The API and the shared schemas speak English (contract MESSAGES); the page speaks the visitor's
// language. Known messages are looked up under `apiMessages.<key>`; anything else shows as sent.
const KEY_BY_TEXT = new Map<string, MessageKey>(
  (Object.entries(MESSAGES) as [MessageKey, unknown][])
    .filter((entry): entry is [MessageKey, string] => typeof entry[1] === 'string')
    .map(([key, text]) => [text, key]),
);

export function messageKeyOf(message: string): MessageKey | undefined {
  return KEY_BY_TEXT.get(message);
}

/** Translates a contract message (a validation error, the first error of an API reply). */
export function useMessageText(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = messageKeyOf(message);
      return key ? t(`apiMessages.${key}`, { defaultValue: message }) : message;
    },
    [t],
  );
}
