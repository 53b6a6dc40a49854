import {
  BETTING_TYPE_CODES,
  CATEGORY_PAGES,
  type CategoryPage,
  ODDS_FILTER,
  PRICE_FILTER,
} from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { useBettingTypeLabel } from '../../../components/tips/tip-labels';
import { CONTROL_CLASSES } from '../../../components/ui/field';
import { CheckIcon } from '../../../components/ui/public-icons';
import { competitionName } from '../../../lib/competition-names';
import { cx } from '../../../lib/cx';
import { FILTER_COMPETITIONS } from '../tip-filters';

// The three groups of the today-tips filter panel. Each edits one part of the draft; nothing
// applies until the panel's APPLY (SPEC §2/§5).

const LEGEND = 'mb-2.5 text-xs font-bold uppercase tracking-[0.16em] text-gold-300';

function toggle<T>(list: readonly T[], code: T): T[] {
  return list.includes(code) ? list.filter((item) => item !== code) : [...list, code];
}

const CHIP =
  'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-xs font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-300';
const CHIP_ON = 'border-gold-400 bg-gold-400/15 text-gold-100';
const CHIP_OFF = 'border-line-strong text-ink-muted hover:border-pitch-400 hover:text-ink';

export function CategoryFieldset({
  value,
  onChange,
}: {
  value: CategoryPage;
  onChange: (category: CategoryPage) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className={LEGEND}>{t('tipFilters.category')}</legend>
      {/* Each option as wide as its word, never broken inside it ("PREMIU|M" in three equal columns). */}
      <div className="flex gap-1 rounded-full border border-line-strong bg-pitch-950/60 p-1">
        {CATEGORY_PAGES.map((category) => (
          <label
            key={category}
            className={cx(
              'relative flex-auto cursor-pointer whitespace-nowrap rounded-full px-1.5 py-2 text-center text-[0.7rem] font-bold uppercase transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-300',
              value === category
                ? 'bg-gold-400 text-pitch-950'
                : 'text-ink-muted hover:bg-white/6 hover:text-ink',
            )}
          >
            <input
              type="radio"
              name="category"
              value={category}
              checked={value === category}
              onChange={() => onChange(category)}
              className="sr-only"
            />
            {t(`tipFilters.categories.${category}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface ChipChecklistProps<Code extends string | number> {
  /** The checkboxes' form name. */
  name: string;
  legend: string;
  hint: string;
  /** The button that unticks every chip, shown while any is ticked. */
  clearLabel: string;
  codes: readonly Code[];
  labelOf: (code: Code) => string;
  selected: readonly Code[];
  onChange: (selected: Code[]) => void;
}

/** A group of checkboxes drawn as chips; none ticked means no restriction. */
function ChipChecklist<Code extends string | number>({
  name,
  legend,
  hint,
  clearLabel,
  codes,
  labelOf,
  selected,
  onChange,
}: ChipChecklistProps<Code>) {
  return (
    <fieldset>
      <div className="flex items-baseline justify-between gap-2">
        <legend className={LEGEND}>{legend}</legend>
        {selected.length > 0 ? (
          <button
            type="button"
            onClick={() => onChange([])}
            className="text-xs font-semibold text-gold-200 underline underline-offset-4 hover:text-gold-100"
          >
            {clearLabel}
          </button>
        ) : null}
      </div>
      <p className="mb-2.5 text-xs text-ink-subtle">{hint}</p>
      <ul className="flex flex-wrap gap-2">
        {codes.map((code) => {
          const isChecked = selected.includes(code);
          return (
            <li key={code}>
              <label className={cx(CHIP, isChecked ? CHIP_ON : CHIP_OFF)}>
                <input
                  type="checkbox"
                  name={name}
                  value={code}
                  checked={isChecked}
                  onChange={() => onChange(toggle(selected, code))}
                  className="sr-only"
                />
                {isChecked ? <CheckIcon className="size-3.5" strokeWidth={3} /> : null}
                {labelOf(code)}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

export function BettingTypesFieldset({
  selected,
  onChange,
}: {
  selected: readonly number[];
  onChange: (bettingTypes: number[]) => void;
}) {
  const { t } = useTranslation();
  const bettingTypeLabel = useBettingTypeLabel();
  return (
    <ChipChecklist
      name="bettingTypes"
      legend={t('tipFilters.bettingTypes')}
      hint={t('tipFilters.bettingTypesHint')}
      clearLabel={t('tipFilters.clearTypes')}
      codes={BETTING_TYPE_CODES}
      labelOf={bettingTypeLabel}
      selected={selected}
      onChange={onChange}
    />
  );
}

interface PriceInputProps {
  name: 'minPrice' | 'maxPrice';
  label: string;
  text: string;
  onChange: (text: string) => void;
  /** Set while the range is invalid: the message that says why. */
  errorId: string | undefined;
}

function PriceInput({ name, label, text, onChange, errorId }: PriceInputProps) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-semibold">
      {label}
      <input
        type="number"
        inputMode="numeric"
        name={name}
        min={PRICE_FILTER.min}
        max={PRICE_FILTER.max}
        step={PRICE_FILTER.step}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={CONTROL_CLASSES}
      />
    </label>
  );
}

interface PriceFieldsetProps {
  minText: string;
  maxText: string;
  isInvalid: boolean;
  /** Prefix of the error message's id (the panel's id). */
  errorIdPrefix: string;
  onMinChange: (text: string) => void;
  onMaxChange: (text: string) => void;
}

export function PriceFieldset({
  minText,
  maxText,
  isInvalid: isPriceInvalid,
  errorIdPrefix,
  onMinChange,
  onMaxChange,
}: PriceFieldsetProps) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className={LEGEND}>{t('tipFilters.price')}</legend>
      <div className="grid grid-cols-2 gap-3">
        <PriceInput
          name="minPrice"
          label={t('tipFilters.minPrice')}
          text={minText}
          onChange={onMinChange}
          errorId={isPriceInvalid ? `${errorIdPrefix}-price-error` : undefined}
        />
        <PriceInput
          name="maxPrice"
          label={t('tipFilters.maxPrice')}
          text={maxText}
          onChange={onMaxChange}
          errorId={isPriceInvalid ? `${errorIdPrefix}-price-error` : undefined}
        />
      </div>
      {isPriceInvalid ? (
        <p id={`${errorIdPrefix}-price-error`} role="alert" className="mt-2 text-sm font-medium text-loss">
          {t('tipFilters.priceOrder')}
        </p>
      ) : (
        <p className="mt-2 text-xs text-ink-subtle">
          {t('tipFilters.priceHint', { min: PRICE_FILTER.min, max: PRICE_FILTER.max })}
        </p>
      )}
    </fieldset>
  );
}

/** Issue #30.1: the competitions a punter picks; none picked lists every competition. */
export function CompetitionsFieldset({
  selected,
  onChange,
}: {
  selected: readonly string[];
  onChange: (competitions: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <ChipChecklist
      name="competitions"
      legend={t('tipFilters.competitions')}
      hint={t('tipFilters.competitionsHint')}
      clearLabel={t('tipFilters.clearCompetitions')}
      codes={FILTER_COMPETITIONS}
      labelOf={(code) => competitionName(t, code, code)}
      selected={selected}
      onChange={onChange}
    />
  );
}

interface OddsFieldsetProps {
  minText: string;
  maxText: string;
  isInvalid: boolean;
  errorIdPrefix: string;
  onMinChange: (text: string) => void;
  onMaxChange: (text: string) => void;
}

/** Issue #30.1: an odds range in decimal odds (whatever format the cards show); empty = no bound. */
export function OddsFieldset({
  minText,
  maxText,
  isInvalid,
  errorIdPrefix,
  onMinChange,
  onMaxChange,
}: OddsFieldsetProps) {
  const { t } = useTranslation();
  const errorId = isInvalid ? `${errorIdPrefix}-odds-error` : undefined;
  const input = (
    name: 'minOdds' | 'maxOdds',
    label: string,
    text: string,
    onChange: (text: string) => void,
  ) => (
    <label className="flex flex-col gap-1.5 text-sm font-semibold">
      {label}
      <input
        type="number"
        inputMode="decimal"
        name={name}
        min={ODDS_FILTER.min}
        max={ODDS_FILTER.max}
        step={0.01}
        value={text}
        placeholder={name === 'minOdds' ? String(ODDS_FILTER.min) : '—'}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={CONTROL_CLASSES}
      />
    </label>
  );
  return (
    <fieldset>
      <legend className={LEGEND}>{t('tipFilters.odds')}</legend>
      <div className="grid grid-cols-2 gap-3">
        {input('minOdds', t('tipFilters.minOdds'), minText, onMinChange)}
        {input('maxOdds', t('tipFilters.maxOdds'), maxText, onMaxChange)}
      </div>
      {isInvalid ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-loss">
          {t('tipFilters.oddsOrder')}
        </p>
      ) : (
        <p className="mt-2 text-xs text-ink-subtle">{t('tipFilters.oddsHint')}</p>
      )}
    </fieldset>
  );
}
