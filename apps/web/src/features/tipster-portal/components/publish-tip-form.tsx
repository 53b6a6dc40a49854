import { BETTING_TYPES, SELECTION_EXAMPLES } from '@tips/contract/rules';
import type { PublishTipInput } from '@tips/contract/tipster-portal.schemas';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CONTROL_CLASSES, Field, fieldDescriptionIds } from '../../../components/ui/field';
import { AlertIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { firstErrorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import {
  createPublishResolver,
  EMPTY_PUBLISH_FORM,
  type PublishFormValues,
  toPublishBody,
} from './publish-form';
import { usePortalMessage } from './use-portal-message';

interface PublishTipFormProps {
  /** Sends the tip; rejects with the API's error. */
  onPublish: (body: PublishTipInput) => Promise<unknown>;
  /** The clock kick-off is checked against (tests fix it). */
  now?: () => Date;
}

export function PublishTipForm({ onPublish, now }: PublishTipFormProps) {
  const { t } = useTranslation();
  const message = usePortalMessage();
  const [published, setPublished] = useState(false);
  const resolver = useMemo(() => createPublishResolver(now), [now]);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PublishFormValues>({ resolver, defaultValues: EMPTY_PUBLISH_FORM });
  const reasoningId = useId();
  const bettingType = Number(watch('bettingType'));
  const isFree = watch('isFree');

  const bettingTypeOptions = BETTING_TYPES.map((type) => ({
    value: String(type.code),
    label: t(`bettingTypes.${type.code}`, { defaultValue: type.name }),
  }));

  const onSubmit = handleSubmit(async (values) => {
    setPublished(false);
    try {
      await onPublish(toPublishBody(values));
      reset({ ...EMPTY_PUBLISH_FORM, league: values.league, bettingType: values.bettingType });
      setPublished(true);
    } catch (error) {
      setError('root', { message: firstErrorMessage(error) ?? t('backoffice.common.failed') });
    }
  });

  const error = (field: keyof PublishFormValues) => message(errors[field]?.message);
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
      <div className="md:col-span-2">
        <Input label={t('backoffice.portal.league')} error={error('league')} {...register('league')} />
      </div>
      <Input label={t('backoffice.portal.homeTeam')} error={error('homeTeam')} {...register('homeTeam')} />
      <Input label={t('backoffice.portal.awayTeam')} error={error('awayTeam')} {...register('awayTeam')} />
      <Input
        type="datetime-local"
        label={t('backoffice.common.kickoff')}
        error={error('eventTime')}
        {...register('eventTime')}
      />
      <Select
        label={t('backoffice.common.bettingType')}
        options={bettingTypeOptions}
        error={error('bettingType')}
        {...register('bettingType')}
      />
      <Input
        label={t('backoffice.common.selection')}
        hint={t('backoffice.portal.selectionHint', { example: SELECTION_EXAMPLES[bettingType] ?? '' })}
        placeholder={SELECTION_EXAMPLES[bettingType]?.split(',')[0]}
        autoComplete="off"
        error={error('selection')}
        {...register('selection')}
      />
      <Input
        label={t('backoffice.common.odds')}
        inputMode="decimal"
        placeholder="1.85"
        autoComplete="off"
        error={error('odds')}
        {...register('odds')}
      />
      <Input
        label={t('backoffice.portal.priceUsd')}
        inputMode="decimal"
        placeholder="25.00"
        autoComplete="off"
        disabled={isFree}
        error={isFree ? undefined : error('price')}
        {...register('price')}
      />
      <label className="flex min-h-11 items-center gap-3 self-end text-sm font-semibold text-ink">
        <input type="checkbox" className="size-5 accent-gold-400" {...register('isFree')} />
        {t('backoffice.portal.free')}
      </label>
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
