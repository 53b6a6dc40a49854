import { BETTING_TYPE_CODES, PRICE_FILTER } from '@tips/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBettingTypeLabel } from '../../../components/tips/tip-labels';
import { Button } from '../../../components/ui/button';
import { CONTROL_CLASSES } from '../../../components/ui/field';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { CheckIcon, SlidersIcon } from '../../../components/ui/public-icons';
import { cx } from '../../../lib/cx';
import {
  activeFilterCount,
  clampPrice,
  defaultTipFilters,
  type TipFilters,
  TODAY_TIPS_CATEGORIES,
} from '../tip-filters';

interface TipsFilterPanelProps {
  /** The filters the list currently shows. */
  applied: TipFilters;
  /** Called with the edited filters when APPLY is pressed, and only then (SPEC §2/§5). */
  onApply: (filters: TipFilters) => void;
}

const LEGEND = 'mb-2.5 text-xs font-bold uppercase tracking-[0.16em] text-gold-300';

function toggle(list: readonly number[], code: number): number[] {
  return list.includes(code) ? list.filter((item) => item !== code) : [...list, code];
}

export function TipsFilterPanel({ applied, onApply }: TipsFilterPanelProps) {
  const { t } = useTranslation();
  const bettingTypeLabel = useBettingTypeLabel();
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState<TipFilters>(applied);
  // Prices are edited as text so that a cleared field stays empty while typing.
  const [minText, setMinText] = useState(String(applied.minPrice));
  const [maxText, setMaxText] = useState(String(applied.maxPrice));

  const minPrice = minText.trim() === '' ? PRICE_FILTER.min : clampPrice(Number(minText));
  const maxPrice = maxText.trim() === '' ? PRICE_FILTER.max : clampPrice(Number(maxText));
  const isPriceInvalid = minPrice > maxPrice;
  const activeCount = activeFilterCount(applied);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPriceInvalid) return;
    const next: TipFilters = {
      ...draft,
      bettingTypes: BETTING_TYPE_CODES.filter((code) => draft.bettingTypes.includes(code)),
      minPrice,
      maxPrice,
    };
    setMinText(String(minPrice));
    setMaxText(String(maxPrice));
    onApply(next);
    setIsOpen(false);
  };

  const reset = () => {
    const defaults = defaultTipFilters();
    setDraft(defaults);
    setMinText(String(defaults.minPrice));
    setMaxText(String(defaults.maxPrice));
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

        <fieldset>
          <legend className={LEGEND}>{t('tipFilters.category')}</legend>
          <div className="grid grid-cols-3 gap-1 rounded-full border border-line-strong bg-pitch-950/60 p-1">
            {TODAY_TIPS_CATEGORIES.map((category) => (
              <label
                key={category}
                className={cx(
                  'relative cursor-pointer rounded-full px-2 py-2 text-center text-xs font-bold uppercase tracking-wide transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-300',
                  draft.category === category
                    ? 'bg-gold-400 text-pitch-950'
                    : 'text-ink-muted hover:bg-white/6 hover:text-ink',
                )}
              >
                <input
                  type="radio"
                  name="category"
                  value={category}
                  checked={draft.category === category}
                  onChange={() => setDraft((current) => ({ ...current, category }))}
                  className="sr-only"
                />
                {t(`tipFilters.categories.${category}`)}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <div className="flex items-baseline justify-between gap-2">
            <legend className={LEGEND}>{t('tipFilters.bettingTypes')}</legend>
            {draft.bettingTypes.length > 0 ? (
              <button
                type="button"
                onClick={() => setDraft((current) => ({ ...current, bettingTypes: [] }))}
                className="text-xs font-semibold text-gold-200 underline underline-offset-4 hover:text-gold-100"
              >
                {t('tipFilters.clearTypes')}
              </button>
            ) : null}
          </div>
          <p className="mb-2.5 text-xs text-ink-subtle">{t('tipFilters.bettingTypesHint')}</p>
          <ul className="flex flex-wrap gap-2">
            {BETTING_TYPE_CODES.map((code) => {
              const isChecked = draft.bettingTypes.includes(code);
              return (
                <li key={code}>
                  <label
                    className={cx(
                      'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-xs font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-300',
                      isChecked
                        ? 'border-gold-400 bg-gold-400/15 text-gold-100'
                        : 'border-line-strong text-ink-muted hover:border-pitch-400 hover:text-ink',
                    )}
                  >
                    <input
                      type="checkbox"
                      name="bettingTypes"
                      value={code}
                      checked={isChecked}
                      onChange={() =>
                        setDraft((current) => ({
                          ...current,
                          bettingTypes: toggle(current.bettingTypes, code),
                        }))
                      }
                      className="sr-only"
                    />
                    {isChecked ? <CheckIcon className="size-3.5" strokeWidth={3} /> : null}
                    {bettingTypeLabel(code)}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>

        <fieldset>
          <legend className={LEGEND}>{t('tipFilters.price')}</legend>
          <div className="grid grid-cols-2 gap-3">
            <label className="flex flex-col gap-1.5 text-sm font-semibold">
              {t('tipFilters.minPrice')}
              <input
                type="number"
                inputMode="numeric"
                name="minPrice"
                min={PRICE_FILTER.min}
                max={PRICE_FILTER.max}
                step={PRICE_FILTER.step}
                value={minText}
                onChange={(event) => setMinText(event.target.value)}
                aria-invalid={isPriceInvalid || undefined}
                aria-describedby={isPriceInvalid ? `${panelId}-price-error` : undefined}
                className={CONTROL_CLASSES}
              />
            </label>
            <label className="flex flex-col gap-1.5 text-sm font-semibold">
              {t('tipFilters.maxPrice')}
              <input
                type="number"
                inputMode="numeric"
                name="maxPrice"
                min={PRICE_FILTER.min}
                max={PRICE_FILTER.max}
                step={PRICE_FILTER.step}
                value={maxText}
                onChange={(event) => setMaxText(event.target.value)}
                aria-invalid={isPriceInvalid || undefined}
                aria-describedby={isPriceInvalid ? `${panelId}-price-error` : undefined}
                className={CONTROL_CLASSES}
              />
            </label>
          </div>
          {isPriceInvalid ? (
            <p id={`${panelId}-price-error`} role="alert" className="mt-2 text-sm font-medium text-loss">
              {t('tipFilters.priceOrder')}
            </p>
          ) : (
            <p className="mt-2 text-xs text-ink-subtle">
              {t('tipFilters.priceHint', { min: PRICE_FILTER.min, max: PRICE_FILTER.max })}
            </p>
          )}
        </fieldset>

        <div className="flex flex-col gap-2">
          <Button type="submit" disabled={isPriceInvalid} className="w-full">
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
