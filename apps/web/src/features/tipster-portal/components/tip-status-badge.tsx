import type { TipResult } from '@tips/contract/tips.schemas';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONE: Record<TipResult, BadgeTone> = { Win: 'win', Loss: 'loss', Void: 'neutral' };

export function TipStatusBadge({ result }: { result: TipResult | null }) {
  const { t } = useTranslation();
  if (!result) return <Badge tone="info">{t('backoffice.result.open')}</Badge>;
  return <Badge tone={TONE[result]}>{t(`backoffice.result.${result.toUpperCase()}`)}</Badge>;
}
