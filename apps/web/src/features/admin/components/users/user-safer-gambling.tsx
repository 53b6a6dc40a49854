import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDollars } from '../../../../lib/backoffice-format';
import { useUserSaferGambling } from '../../api/users-api';

/** The user's time-out or self-exclusion and limits, as the user set them; nothing here lifts them. */
export function UserSaferGambling({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const state = useUserSaferGambling(userId).data;
  if (!state) return null;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="admin-safer-gambling">
      <p className={state.block ? 'font-semibold text-loss' : 'text-ink-muted'}>
        {state.block
          ? t(`saferGambling.adminBlock.${state.block.kind}`, { date: formatDateTime(state.block.endsAt) })
          : t('saferGambling.adminNoBlock')}
      </p>
      <ul className="flex flex-col gap-1 text-ink-muted">
        {state.limits.map((limit) => (
          <li key={limit.period}>
            <span className="text-ink">{t(`saferGambling.period.${limit.period}`)}</span>:{' '}
            {limit.limit === null
              ? t('saferGambling.noLimitSet', { spent: formatDollars(limit.spent) })
              : t('saferGambling.limitInForce', {
                  limit: formatDollars(limit.limit),
                  spent: formatDollars(limit.spent),
                })}
          </li>
        ))}
      </ul>
    </div>
  );
}
