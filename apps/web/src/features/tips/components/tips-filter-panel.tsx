import { BETTING_TYPE_CODES, PRICE_FILTER } from '@tips/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { SlidersIcon } from '../../../components/ui/public-icons';
import { cx } from '../../../lib/cx';
import {
  activeFilterCount,
  clampPrice,
  defaultTipFilters,
  FILTER_COMPETITIONS,
  readOdds,
  type TipFilters,
} from '../tip-filters';
import {
  BettingTypesFieldset,
  CategoryFieldset,
  CompetitionsFieldset,
  OddsFieldset,
  PriceFieldset,
} from './tip-filter-fieldsets';

const oddsText = (odds: number | null) => (odds === null ? '' : String(odds));

interface TipsFilterPanelProps {
  /** The filters the list currently shows. */
  applied: TipFilters;
  /** Called with the edited filters when APPLY is pressed, and with the defaults on RESET (SPEC §2/§5). */
  onApply: (filters: TipFilters) => void;
}

export function TipsFilterPanel({ applied, onApply }: TipsFilterPanelProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState<TipFilters>(applied);
  // Prices are edited as text so that a cleared field stays empty while typing.
  const [minText, setMinText] = useState(String(applied.minPrice));
  const [maxText, setMaxText] = useState(String(applied.maxPrice));
  const [minOddsText, setMinOddsText] = useState(oddsText(applied.minOdds));
  const [maxOddsText, setMaxOddsText] = useState(oddsText(applied.maxOdds));

  const minPrice = minText.trim() === '' ? PRICE_FILTER.min : clampPrice(Number(minText));
  const maxPrice = maxText.trim() === '' ? PRICE_FILTER.max : clampPrice(Number(maxText));
  const isPriceInvalid = minPrice > maxPrice;
  const minOdds = readOdds(minOddsText);
  const maxOdds = readOdds(maxOddsText);
  const isOddsInvalid = minOdds !== null && maxOdds !== null && minOdds > maxOdds;
  const activeCount = activeFilterCount(applied);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPriceInvalid || isOddsInvalid) return;
    const next: TipFilters = {
      ...draft,
      bettingTypes: BETTING_TYPE_CODES.filter((code) => draft.bettingTypes.includes(code)),
      competitions: FILTER_COMPETITIONS.filter((code) => draft.competitions.includes(code)),
      minPrice,
      maxPrice,
      minOdds,
      maxOdds,
    };
    setMinText(String(minPrice));
    setMaxText(String(maxPrice));
    setMinOddsText(oddsText(minOdds));
    setMaxOddsText(oddsText(maxOdds));
    onApply(next);
    setIsOpen(false);
  };

  // #21.7: RESET FILTERS shows the whole list again at once, not just a cleared form that still
  // needs APPLY (the list would otherwise keep showing the old filters under an empty form).
  const reset = () => {
    const defaults = defaultTipFilters();
    setDraft(defaults);
    setMinText(String(defaults.minPrice));
    setMaxText(String(defaults.maxPrice));
    setMinOddsText('');
    setMaxOddsText('');
    onApply(defaults);
    setIsOpen(false);
  };

  return (
    <div className="rounded-card border border-line bg-panel shadow-card">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex w-full items-center justify-between gap-3 px-5 py-4 text-start lg:hidden"
      >
        <span className="flex items-center gap-2.5 font-display text-lg font-bold uppercase tracking-wide">
          <SlidersIcon className="size-5 text-gold-300" />
          {t('tipFilters.title')}
          {activeCount > 0 ? (
            <span className="grid h-6 min-w-6 place-items-center rounded-full bg-gold-400 px-1.5 text-xs font-bold text-pitch-950">
              {activeCount}
            </span>
          ) : null}
        </span>
        <ChevronDownIcon
          className={cx('size-5 text-gold-300 transition-transform', isOpen && 'rotate-180')}
        />
      </button>

      <form
        id={panelId}
        onSubmit={submit}
        noValidate
        aria-label={t('tipFilters.title')}
        className={cx(
          'flex-col gap-6 border-t border-line p-5 lg:flex lg:border-none',
          isOpen ? 'flex' : 'hidden',
        )}
      >
        <h2 className="hidden items-center gap-2.5 font-display text-lg font-bold uppercase tracking-wide lg:flex">
          <SlidersIcon className="size-5 text-gold-300" />
          {t('tipFilters.title')}
        </h2>

        <CategoryFieldset
          value={draft.category}
          onChange={(category) => setDraft((current) => ({ ...current, category }))}
        />

        <BettingTypesFieldset
          selected={draft.bettingTypes}
          onChange={(bettingTypes) => setDraft((current) => ({ ...current, bettingTypes }))}
        />

        <CompetitionsFieldset
          selected={draft.competitions}
          onChange={(competitions) => setDraft((current) => ({ ...current, competitions }))}
        />

        <OddsFieldset
          minText={minOddsText}
          maxText={maxOddsText}
          isInvalid={isOddsInvalid}
          errorIdPrefix={panelId}
          onMinChange={setMinOddsText}
          onMaxChange={setMaxOddsText}
        />

        <PriceFieldset
          minText={minText}
          maxText={maxText}
          isInvalid={isPriceInvalid}
          errorIdPrefix={panelId}
          onMinChange={setMinText}
          onMaxChange={setMaxText}
        />

        <div className="flex flex-col gap-2">
          <Button type="submit" disabled={isPriceInvalid || isOddsInvalid} className="w-full">
            {t('tipFilters.apply')}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={reset} className="self-center">
            {t('tipFilters.reset')}
          </Button>
        </div>
      </form>
    </div>
  );
}
