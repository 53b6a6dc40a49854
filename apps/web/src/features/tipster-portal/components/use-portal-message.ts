import { BACKOFFICE_MESSAGES, MARKET_PRICE_MESSAGES, parseOddsAboveMarket } from '@tips/contract/rules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/api-messages';
import { REQUIRED } from './publish-form';

// The contract's messages a tipster may meet, translated under backoffice.messages.<key>.
const TRANSLATED = [
  'kickoffPassed',
  'kickoffTooFar',
  'sameTeams',
  'selectionInvalid',
  'oddsInvalid',
  'stakeInvalid',
  'priceInvalid',
  'priceRequired',
  'noTipsterProfile',
  'fixtureRequired',
  'fixtureNotFound',
  'fixtureNotScheduled',
  'onePickPerMarket',
  'trialTipsFreeOnly',
  'seniorPriceCap',
  'premiumPriceCap',
] as const satisfies readonly (keyof typeof BACKOFFICE_MESSAGES)[];

const KEY_BY_TEXT = new Map<string, string>(TRANSLATED.map((key) => [BACKOFFICE_MESSAGES[key], key]));

/** A validation or API message in the page's language; unknown ones show as the API sent them. */
export function usePortalMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  const messageText = useMessageText();
  return useCallback(
    (message) => {
      if (!message) return undefined;
      if (message === REQUIRED) return t('backoffice.form.required');
      if (message === MARKET_PRICE_MESSAGES.noMarketPrice) {
        return t('backoffice.messages.noMarketPrice', { defaultValue: message });
      }
      // The one dynamic message: its parameters (odds, best price, bookmaker, most allowed) are read back.
      const above = parseOddsAboveMarket(message);
      if (above) return t('backoffice.messages.oddsAboveMarket', { ...above, defaultValue: message });
      const key = KEY_BY_TEXT.get(message);
      return key ? t(`backoffice.messages.${key}`, { defaultValue: message }) : messageText(message);
    },
    [t, messageText],
  );
}
