import {
  BETTING_TYPES,
  DEMO_PRICE_SOURCE,
  formatDollars,
  normalizeSelection,
  priceCapCents,
  publishesFreeTipsOnly,
  STAKE_MAX,
  STAKE_MIN,
} from '@tips/contract/rules';
import type { PublishTipInput } from '@tips/contract/tipster-portal.schemas';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CONTROL_CLASSES, Field, fieldDescriptionIds } from '../../../components/ui/field';
import { AlertIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { firstErrorMessage } from '../../../lib/api-errors';
import { cx } from '../../../lib/cx';
import { type UpcomingFixture, useFixtureOdds } from '../api/tipster-portal-api';
import { FixturePicker } from './fixture-picker';
import {
  composeSelection,
  createPublishResolver,
  defaultLine,
  EMPTY_PUBLISH_FORM,
  isCorrectScore,
  linesOf,
  type PublishFormValues,
  sidesOf,
  toPublishBody,
} from './publish-form';
import { usePortalMessage } from './use-portal-message';

interface PublishTipFormProps {
  /** Sends the tip; rejects with the API's error. */
  onPublish: (body: PublishTipInput) => Promise<unknown>;
  /** The clock kick-off is checked against (tests fix it). */
  now?: () => Date;
  /** The tipster's tier: a Novice is offered no price (free tips only), others see their tier's cap. */
  category?: string;
}

export function PublishTipForm({ onPublish, now, category }: PublishTipFormProps) {
  const { t } = useTranslation();
  const message = usePortalMessage();
  const [published, setPublished] = useState(false);
  const [fixture, setFixture] = useState<UpcomingFixture | null>(null);
  // The resolver checks the picked match's kick-off against the clock at submit time.
  const fixtureRef = useRef<UpcomingFixture | null>(null);
  fixtureRef.current = fixture;
  const resolver = useMemo(
    () =>
      createPublishResolver(now, (id) =>
        fixtureRef.current && String(fixtureRef.current.id) === id ? fixtureRef.current.kickoffAt : undefined,
      ),
    [now],
  );
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<PublishFormValues>({ resolver, defaultValues: EMPTY_PUBLISH_FORM });
  const reasoningId = useId();
  // A Novice publishes free tips only (decision 140): no price to fill in, and the form says why.
  const freeOnly = category !== undefined && publishesFreeTipsOnly(category);
  const cap = category === undefined || freeOnly ? null : priceCapCents(category);
  useEffect(() => {
    if (freeOnly) setValue('isFree', true);
  }, [freeOnly, setValue]);
  const bettingType = Number(watch('bettingType'));
  const isFree = watch('isFree');
  const selection = composeSelection(watch());
  const sides = sidesOf(bettingType);
  const lines = linesOf(bettingType);
  // The market's best current price of the selection being built (decision 150): shown, and filled
  // into the odds whenever the match or the selection changes (the tipster may lower them).
  const odds = useFixtureOdds(fixture?.id ?? null);
  const canonical = selection ? normalizeSelection(bettingType, selection) : null;
  const best = canonical
    ? (odds.data?.markets.find((m) => m.bettingType === bettingType && m.selection === canonical) ?? null)
    : null;
  const bestOdds = best ? best.odds.toFixed(2) : null;
  const bestKey = best ? `${fixture?.id}|${best.bettingType}|${best.selection}` : null;
  useEffect(() => {
    if (bestKey && bestOdds) setValue('odds', bestOdds);
  }, [bestKey, bestOdds, setValue]);

  const bettingTypeField = register('bettingType', {
    onChange: (event: { target: { value: string } }) => {
      const next = Number(event.target.value);
      // A new market starts from its first side and its level (or 2.5 goals) line.
      setValue('side', sidesOf(next)[0] ?? '');
      setValue('line', defaultLine(next));
    },
  });

  function pickFixture(next: UpcomingFixture | null) {
    setFixture(next);
    setValue('fixtureId', next ? String(next.id) : '');
    if (next) clearErrors('fixtureId');
  }

  const bettingTypeOptions = BETTING_TYPES.map((type) => ({
    value: String(type.code),
    label: t(`bettingTypes.${type.code}`, { defaultValue: type.name }),
  }));

  const onSubmit = handleSubmit(async (values) => {
    setPublished(false);
    try {
      await onPublish(toPublishBody(values));
      // The match stays picked, to publish another market on it.
      reset({
        ...EMPTY_PUBLISH_FORM,
        isFree: freeOnly,
        fixtureId: values.fixtureId,
        bettingType: values.bettingType,
        side: values.side,
        line: values.line,
      });
      setPublished(true);
    } catch (error) {
      setError('root', { message: firstErrorMessage(error) ?? t('backoffice.common.failed') });
    }
  });

  // `selection` is not an input: the resolver reports the composed market under it.
  const error = (field: keyof PublishFormValues | 'selection') =>
    message((errors as Partial<Record<string, { message?: string }>>)[field]?.message);
  const reasoningError = error('reasoning');

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('backoffice.portal.publishTitle')}
      className="grid gap-4 md:grid-cols-2 lg:grid-cols-4 xl:grid-cols-2"
    >
      {errors.root?.message ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-loss/40 bg-loss/10 px-3.5 py-3 text-sm font-medium text-loss col-span-full"
        >
          <AlertIcon className="mt-0.5 size-4.5 shrink-0" />
          <span>{message(errors.root.message)}</span>
        </p>
      ) : null}
      {published ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-win/40 bg-win/10 px-3.5 py-3 text-sm font-medium text-win col-span-full"
        >
          <CheckCircleIcon className="mt-0.5 size-4.5 shrink-0" />
          <span>{t('backoffice.portal.published')}</span>
        </p>
      ) : null}
      <div className="col-span-full">
        <FixturePicker value={fixture} onChange={pickFixture} error={error('fixtureId')} />
      </div>
      <Select
        label={t('backoffice.common.bettingType')}
        options={bettingTypeOptions}
        error={error('bettingType')}
        {...bettingTypeField}
      />
      {isCorrectScore(bettingType) ? (
        <div className="grid grid-cols-2 gap-3">
          <Input
            type="number"
            min={0}
            max={99}
            inputMode="numeric"
            label={t('backoffice.publish.homeGoals')}
            error={error('selection')}
            {...register('scoreHome')}
          />
          <Input
            type="number"
            min={0}
            max={99}
            inputMode="numeric"
            label={t('backoffice.publish.awayGoals')}
            {...register('scoreAway')}
          />
        </div>
      ) : (
        <Select
          label={t(lines.length > 0 ? 'backoffice.publish.side' : 'backoffice.publish.outcome')}
          options={sides.map((side) => ({ value: side, label: t(`backoffice.publish.sides.${side}`) }))}
          error={lines.length > 0 ? undefined : error('selection')}
          {...register('side')}
        />
      )}
      {lines.length > 0 ? (
        <Select
          label={t('backoffice.publish.line')}
          options={lines}
          error={error('selection')}
          {...register('line')}
        />
      ) : null}
      <div className="col-span-full grid gap-1 text-sm text-ink-muted" aria-live="polite">
        <p>
          {t('backoffice.common.selection')}:{' '}
          <span className="font-semibold text-ink">{selection || '—'}</span>
        </p>
        {fixture && canonical && odds.isSuccess ? (
          best ? (
            <p data-testid="market-price">
              {t('backoffice.publish.marketPrice', { odds: best.odds.toFixed(2), bookmaker: best.bookmaker })}
              {odds.data.source === DEMO_PRICE_SOURCE ? (
                <span className="block text-xs text-ink-subtle">{t('backoffice.publish.demoPrices')}</span>
              ) : null}
            </p>
          ) : (
            <p data-testid="market-price" className="font-medium text-loss">
              {t('backoffice.publish.noMarketPrice')}
            </p>
          )
        ) : null}
      </div>
      <Input
        label={t('backoffice.common.odds')}
        inputMode="decimal"
        placeholder="1.85"
        autoComplete="off"
        error={error('odds')}
        {...register('odds')}
      />
      <Input
        type="number"
        min={STAKE_MIN}
        max={STAKE_MAX}
        step={1}
        inputMode="numeric"
        label={t('backoffice.publish.stake')}
        hint={t('backoffice.publish.stakeHint')}
        error={error('stake')}
        {...register('stake')}
      />
      {freeOnly ? (
        <p className="col-span-full rounded-lg border border-gold-400/30 bg-gold-400/10 px-3.5 py-3 text-sm text-ink">
          <Trans
            i18nKey="backoffice.portal.noviceFreeOnly"
            components={{
              tiers: (
                <Link
                  to="/tipster-tiers"
                  className="font-semibold text-gold-300 underline underline-offset-4 hover:text-gold-200"
                />
              ),
            }}
          />
        </p>
      ) : (
        <>
          <Input
            label={t('backoffice.portal.priceUsd')}
            inputMode="decimal"
            placeholder="25.00"
            autoComplete="off"
            disabled={isFree}
            hint={
              cap !== null && category
                ? t('backoffice.portal.priceCap', {
                    price: formatDollars(cap),
                    tier: t(`tipsterCategory.${category.toLowerCase()}`),
                  })
                : undefined
            }
            error={isFree ? undefined : error('price')}
            {...register('price')}
          />
          <label className="flex min-h-11 items-center gap-3 self-end text-sm font-semibold text-ink">
            <input type="checkbox" className="size-5 accent-gold-400" {...register('isFree')} />
            {t('backoffice.portal.free')}
          </label>
        </>
      )}
      <div className="col-span-full">
        <Field id={reasoningId} label={t('backoffice.portal.reasoning')} error={reasoningError}>
          <textarea
            id={reasoningId}
            rows={4}
            maxLength={2000}
            className={cx(CONTROL_CLASSES, 'h-auto py-2.5')}
            aria-invalid={reasoningError ? true : undefined}
            aria-describedby={fieldDescriptionIds(reasoningId, null, reasoningError)}
            {...register('reasoning')}
          />
        </Field>
      </div>
      <div className="flex flex-col gap-2 col-span-full md:flex-row md:items-center md:justify-between">
        <p className="text-xs text-ink-subtle">{t('backoffice.portal.immutable')}</p>
        <Button type="submit" isLoading={isSubmitting} className="w-full md:w-auto">
          {t('backoffice.portal.publish')}
        </Button>
      </div>
    </form>
  );
}
