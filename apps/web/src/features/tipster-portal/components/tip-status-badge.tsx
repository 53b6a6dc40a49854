import type { TipOutcome, TipResult } from '@tips/contract/tips.schemas';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONE: Record<TipResult, BadgeTone> = { Win: 'win', Loss: 'loss', Void: 'neutral' };

/** The result, or the half outcome of a quarter line ("Half win", "Half loss") with its meaning. */
export function TipStatusBadge({
  result,
  outcome,
}: {
  result: TipResult | null;
  outcome?: TipOutcome | null;
}) {
  const { t } = useTranslation();
  if (!result) return <Badge tone="info">{t('backoffice.result.open')}</Badge>;
  if (outcome === 'HALF_WIN' || outcome === 'HALF_LOSS') {
    return (
      <Badge
        tone={TONE[result]}
        title={t(outcome === 'HALF_WIN' ? 'outcomes.halfWinHint' : 'outcomes.halfLossHint')}
      >
        {t(`outcomes.${outcome}`)}
      </Badge>
    );
  }
  return <Badge tone={TONE[result]}>{t(`backoffice.result.${result.toUpperCase()}`)}</Badge>;
}
