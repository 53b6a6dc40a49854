import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** Issue #20: the dashboard's way to the safer-gambling tools and help lines. */
export function SaferGamblingBox() {
  const { t } = useTranslation();
  return (
    <Card as="section" aria-labelledby="safer-gambling-box-title" className="flex flex-col gap-3">
      <h2
        id="safer-gambling-box-title"
        className="font-display text-xl font-bold uppercase tracking-wide text-gold-200"
      >
        {t('saferGambling.dashboardTitle')}
      </h2>
      <p className="text-sm text-ink-muted">{t('saferGambling.dashboardText')}</p>
      <ButtonLink to="/safer-gambling" variant="secondary" size="sm" className="w-fit">
        {t('saferGambling.dashboardCta')}
      </ButtonLink>
    </Card>
  );
}
