import { CREDIT_PACKS, creditPriceCents, formatDollars } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/cx';

interface CreditPacksProps {
  selected: number | null;
  onSelect: (credits: number) => void;
}

/** The six packs of SPEC §9, as toggle buttons. */
export function CreditPacks({ selected, onSelect }: CreditPacksProps) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {CREDIT_PACKS.map((pack) => {
        const isSelected = pack.credits === selected;
        return (
          <li key={pack.credits}>
            <button
              type="button"
              aria-pressed={isSelected}
              onClick={() => onSelect(pack.credits)}
              className={cx(
                'relative flex h-full w-full flex-col items-center gap-1 rounded-xl border px-3 pt-5 pb-4 text-center transition-colors',
                isSelected
                  ? 'border-gold-300 bg-gold-400/12 ring-2 ring-gold-300/60'
                  : 'border-line-strong bg-pitch-950/40 hover:border-gold-400/60 hover:bg-gold-400/6',
              )}
            >
              {pack.discount > 0 ? (
                <span className="absolute -top-2.5 rounded-full bg-win px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide text-pitch-950">
                  {t('account.credits.save', { percent: pack.discount })}
                </span>
              ) : null}
              <span className="font-display text-3xl font-extrabold text-ink">{pack.credits}</span>
              <span className="text-xs font-semibold uppercase tracking-wide text-ink-muted">
                {t('account.credits.credits')}
              </span>
              <span className="mt-1 font-bold text-gold-200">
                {formatDollars(creditPriceCents(pack.credits))}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
