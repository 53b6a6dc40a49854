import type { Tip } from '@tips/contract/tips.schemas';
import { useTranslation } from 'react-i18next';
import { BuyNowButton } from '../../../components/tips/buy-now-button';
import { PayButtonSlot } from '../../../components/tips/pay-button-slot';
import { useSelectionLabel } from '../../../components/tips/selection-label';
import { useBettingTypeLabel } from '../../../components/tips/tip-labels';
import { EmptyState } from '../../../components/ui/empty-state';
import { SparkIcon } from '../../../components/ui/icons';
import { formatPrice, matchTitle, useFormatKickOff } from '../../../lib/tip-format';
import { useFootballNames } from '../../../lib/use-football-names';

const CELL = 'px-4 py-3 align-middle max-md:block max-md:px-0 max-md:py-1';
const HEAD = 'px-4 py-3 text-start text-xs font-bold uppercase tracking-[0.14em] text-ink-subtle';

/**
 * SPEC §2 profile: Active Tips with date and teams, betting type, price, buy and pay options. A
 * table on wide screens; below 768 px each row stacks into a small card.
 */
export function ActiveTipsTable({ tips }: { tips: readonly Tip[] }) {
  const { t } = useTranslation();
  const formatKickOff = useFormatKickOff();
  const names = useFootballNames();
  const bettingTypeLabel = useBettingTypeLabel();
  const selectionLabel = useSelectionLabel();
  if (tips.length === 0) {
    return (
      <EmptyState
        icon={<SparkIcon className="size-7" />}
        title={t('tipsterProfile.noActiveTipsTitle')}
        description={t('tipsterProfile.noActiveTips')}
      />
    );
  }
  return (
    <table className="w-full border-separate border-spacing-0 text-sm max-md:block">
      <caption className="sr-only">{t('tipsterProfile.activeTips')}</caption>
      <thead className="max-md:sr-only">
        <tr>
          <th scope="col" className={HEAD}>
            {t('tipsterProfile.dateAndTeams')}
          </th>
          <th scope="col" className={HEAD}>
            {t('tipCard.bettingType')}
          </th>
          <th scope="col" className={HEAD}>
            {t('tipCard.price')}
          </th>
          <th scope="col" className={HEAD}>
            <span className="sr-only">{t('tipsterProfile.buyOptions')}</span>
          </th>
        </tr>
      </thead>
      <tbody className="max-md:flex max-md:flex-col max-md:gap-3">
        {tips.map((tip) => {
          const eventName = tip.eventName ? names.competition(tip.competitionCode, tip.eventName) : null;
          const match = matchTitle(tip.homeTeam, tip.awayTeam) ?? eventName ?? `#${tip.id}`;
          const canBuy = !tip.isFree && !tip.isOwned;
          return (
            <tr
              key={tip.id}
              className="max-md:block max-md:rounded-xl max-md:border max-md:border-line max-md:bg-pitch-950/40 max-md:p-4 md:[&>td]:border-t md:[&>td]:border-line"
            >
              <td className={CELL}>
                <span className="block text-xs font-semibold text-gold-300">
                  <time dateTime={tip.eventTime}>{formatKickOff(tip.eventTime)}</time>
                  {eventName ? ` · ${eventName}` : ''}
                </span>
                <span className="block font-display text-lg font-bold leading-tight text-ink">{match}</span>
              </td>
              <td className={CELL}>
                <span className="text-ink-muted md:text-ink">
                  {bettingTypeLabel(tip.bettingType, tip.bettingTypeName)}
                </span>
              </td>
              <td className={CELL}>
                <span className="font-display text-xl font-extrabold text-gold-200">
                  {tip.isFree ? t('tipCard.free') : formatPrice(tip.price)}
                </span>
              </td>
              <td className={`${CELL} max-md:pt-3`}>
                {canBuy ? (
                  <div className="grid grid-cols-2 gap-2 md:flex md:flex-wrap md:justify-end">
                    <BuyNowButton tipId={tip.id} accessibleContext={match} />
                    <PayButtonSlot tipIds={[tip.id]} />
                  </div>
                ) : (
                  <span className="text-xs font-bold uppercase tracking-wide text-win">
                    {tip.isOwned
                      ? t('tipCard.owned')
                      : tip.selection === null
                        ? t('tipCard.freeNote')
                        : selectionLabel(tip.selection)}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
