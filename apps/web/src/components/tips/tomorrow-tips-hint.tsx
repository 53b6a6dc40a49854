import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../ui/button';
import { ArrowRightIcon } from '../ui/icons';

/**
 * Under an empty "today" list: how many tips are already on sale for tomorrow, one click away.
 * Late in the evening today's matches have kicked off, and "check back soon" alone left a punter
 * at a dead end (issue #30.1). Nothing is shown while the count is unknown or zero.
 */
export function TomorrowTipsHint({ count, to }: { count: number | undefined; to: string }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <div className="flex flex-col items-center gap-3" data-testid="tomorrow-tips-hint">
      <p className="text-sm font-semibold text-ink">{t('todayTipsPage.tomorrowCount', { count })}</p>
      <ButtonLink to={to} size="sm">
        {t('todayTipsPage.seeTomorrow')}
        <ArrowRightIcon className="size-4 flip-rtl" />
      </ButtonLink>
    </div>
  );
}
