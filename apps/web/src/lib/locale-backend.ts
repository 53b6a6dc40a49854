import type { BackendModule, ReadCallback } from 'i18next';
import { siteLanguageOf } from './language';

export const LOCALES_PATH = '/locales/{{lng}}.json';

export function localeUrl(language: string): string {
  return LOCALES_PATH.replace('{{lng}}', encodeURIComponent(language));
}

async function readLocale(language: string, callback: ReadCallback): Promise<void> {
  let response: Response;
  try {
    response = await fetch(localeUrl(language), { headers: { Accept: 'application/json' } });
  } catch (error) {
    callback(error as Error, true); // offline or reset: i18next may retry
    return;
  }
  if (!response.ok) {
    callback(new Error(`GET ${localeUrl(language)} answered ${response.status}`), response.status >= 500);
    return;
  }
  try {
    callback(null, await response.json());
  } catch (error) {
    callback(error as Error, false);
  }
}

/**
 * An i18next backend that loads `/locales/{lng}.json` over HTTP with fetch. It does the one thing
 * this site needs from i18next-http-backend at a tenth of its weight on the landing route.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    // i18next asks by BCP 47 tag (`hi`); the file is named by site code (`in.json`).
    void readLocale(siteLanguageOf(language), callback);
  },
};
