import { aiPlanLastPickAround } from '@tips/contract/rules';
import type { Tip } from '@tips/contract/tips.schemas';
import { useTranslation } from 'react-i18next';
import { OddsNotVerified } from '../../../components/tips/odds-not-verified';
import { categoryLabelKey, useBettingTypeLabel } from '../../../components/tips/tip-labels';
import { CloseIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatOdds } from '../../../lib/odds';
import { formatDate, formatPrice, matchTitle, useFormatKickOff } from '../../../lib/tip-format';

interface CartTableProps {
  tips: readonly Tip[];
  onRemove: (tip: Tip) => void;
  isLoading?: boolean;
  /** How many skeleton rows to show while loading. */
  loadingRows?: number;
}

function GameLine({ tip }: { tip: Tip }) {
  const formatKickOff = useFormatKickOff();
  const match = matchTitle(tip.homeTeam, tip.awayTeam);
  // SPEC §2: today's date stands in for the game when the tip has no teams (AI plans).
  return (
    <p className="text-sm text-ink">
      <span className="text-ink-muted">{match ? formatKickOff(tip.eventTime) : formatDate(new Date())}</span>
      {match ? (
        <>
          <span aria-hidden="true"> · </span>
          <span className="font-semibold">{match}</span>
        </>
      ) : null}
    </p>
  );
}

/**
 * Issue #30.4: an AI plan's tip is bought as the plan — say which plan, how many picks, that this
 * match is the first and when the last is expected — not as one tip at its odds.
 */
function PlanLines({ plan }: { plan: NonNullable<Tip['plan']> }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-sm font-semibold text-gold-200" data-testid="cart-plan">
        {t(`aiTipsPage.plans.${plan.kind}.name`)}
        <span aria-hidden="true"> · </span>
        {t(`aiTipsPage.plans.${plan.kind}.tips`, { total: plan.picks })}
      </p>
      <p className="text-sm text-ink-muted">
        {t('aiPlanProgress.firstPick', {
          date: formatDate(aiPlanLastPickAround(new Date(), plan.picks)),
        })}
      </p>
    </>
  );
}

/** SPEC §2: ITEM DETAILS and PRICE, one row per tip, each with a remove button. */
export function CartTable({ tips, onRemove, isLoading = false, loadingRows = 2 }: CartTableProps) {
  const { t } = useTranslation();
  const bettingTypeLabel = useBettingTypeLabel();
  const formatOddsValue = useFormatOdds();
  return (
    <table className="w-full border-collapse text-start">
      <thead>
        <tr className="border-b border-line text-xs font-bold uppercase tracking-[0.14em] text-gold-300">
          <th scope="col" className="py-3 pe-3 text-start">
            {t('account.checkout.itemDetails')}
          </th>
          <th scope="col" className="py-3 ps-3 text-end">
            {t('account.checkout.price')}
          </th>
          <th scope="col" className="w-12 py-3">
            <span className="sr-only">{t('account.checkout.remove')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {isLoading
          ? Array.from({ length: loadingRows }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <tr key={index} className="border-b border-line">
                <td className="py-4 pe-3">
                  <Skeleton className="mb-2 h-4 w-40" />
                  <Skeleton className="mb-2 h-4 w-56 max-w-full" />
                  <Skeleton className="h-4 w-28" />
                </td>
                <td className="py-4 ps-3 text-end">
                  <Skeleton className="ms-auto h-5 w-16" />
                </td>
                <td />
              </tr>
            ))
          : tips.map((tip) => (
              <tr key={tip.id} className="border-b border-line align-top">
                <td className="py-4 pe-3">
                  <p className="font-semibold text-ink">
                    {tip.tipster.name}{' '}
                    <span className="ms-1 text-xs font-bold uppercase tracking-wide text-gold-300">
                      {t(categoryLabelKey(tip.tipster.category))}
                    </span>
                  </p>
                  {tip.plan && tip.plan.picks > 1 ? <PlanLines plan={tip.plan} /> : null}
                  <GameLine tip={tip} />
                  {tip.plan && tip.plan.picks > 1 ? null : (
                    <p className="text-sm text-ink-muted">
                      {bettingTypeLabel(tip.bettingType, tip.bettingTypeName)}
                      <span aria-hidden="true"> · </span>
                      {t('oddsFormat.odds')}{' '}
                      <strong className="text-ink" data-testid="cart-odds">
                        {formatOddsValue(tip.odds)}
                      </strong>
                      {tip.oddsVerified === false ? <OddsNotVerified /> : null}
                    </p>
                  )}
                </td>
                <td className="py-4 ps-3 text-end font-bold whitespace-nowrap text-gold-200">
                  {formatPrice(tip.price)}
                </td>
                <td className="py-3 text-end">
                  <button
                    type="button"
                    onClick={() => onRemove(tip)}
                    className="grid size-9 place-items-center rounded-full text-ink-muted transition-colors hover:bg-loss/15 hover:text-loss"
                  >
                    <CloseIcon className="size-4.5" />
                    <span className="sr-only">
                      {t('account.checkout.removeTip', {
                        tip: matchTitle(tip.homeTeam, tip.awayTeam) ?? tip.tipster.name,
                      })}
                    </span>
                  </button>
                </td>
              </tr>
            ))}
      </tbody>
    </table>
  );
}
