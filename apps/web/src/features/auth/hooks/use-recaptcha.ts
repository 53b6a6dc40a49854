import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { publicConfigQuery, usePublicConfig } from '../../../lib/public-config';
import { useConsent } from '../../../stores/consent-store';

export type RecaptchaAction = 'login' | 'signup';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';
let scriptLoad: Promise<Grecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  scriptLoad ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A later attempt may succeed (flaky network); do not cache the failure.
    scriptLoad = null;
    throw error;
  });
  return scriptLoad;
}

/** The deployment's reCAPTCHA site key, or null when the bot check is off (the default). */
export function useRecaptchaSiteKey(): string | null {
  return usePublicConfig().data?.recaptchaSiteKey ?? null;
}

/**
 * reCAPTCHA v3 for the login and sign-up forms. The script loads only when the deployment has a
 * site key; without one the token is undefined and the server does not ask for it. It is Google's
 * script (#22.6): it warms up early only with the visitor's consent; otherwise it loads when the
 * form is submitted, which the form's notice (RecaptchaNotice) says beforehand.
 */
export function useRecaptcha(): (action: RecaptchaAction) => Promise<string | undefined> {
  const queryClient = useQueryClient();
  const siteKey = useRecaptchaSiteKey();
  const hasConsent = useConsent('recaptcha');

  useEffect(() => {
    // Warm up while the user types, so submitting does not wait for the script.
    if (siteKey && hasConsent) loadRecaptcha(siteKey).catch(() => {});
  }, [siteKey, hasConsent]);

  return useCallback(
    async (action: RecaptchaAction) => {
      try {
        const config = await queryClient.ensureQueryData(publicConfigQuery);
        if (!config.recaptchaSiteKey) return undefined;
        const grecaptcha = await loadRecaptcha(config.recaptchaSiteKey);
        return await grecaptcha.execute(config.recaptchaSiteKey, { action });
      } catch {
        // Without a token the server decides (it answers with the bot-check message if it must).
        return undefined;
      }
    },
    [queryClient],
  );
}
