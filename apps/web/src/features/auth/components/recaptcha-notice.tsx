import { useTranslation } from 'react-i18next';
import { useConsent } from '../../../stores/consent-store';
import { useRecaptchaSiteKey } from '../hooks/use-recaptcha';

/**
 * #22.6: when the bot check is on and the visitor has not allowed Google's reCAPTCHA, the form
 * says that submitting it loads reCAPTCHA, and why. Nothing shows when the check is off.
 */
export function RecaptchaNotice() {
  const { t } = useTranslation();
  const siteKey = useRecaptchaSiteKey();
  const hasConsent = useConsent('recaptcha');
  if (!siteKey || hasConsent) return null;
  return (
    <p data-testid="recaptcha-notice" className="text-xs text-ink-subtle">
      {t('consent.recaptchaNotice')}
    </p>
  );
}
