import { zodResolver } from '@hookform/resolvers/zod';
import { BETTING_TYPES } from '@tips/contract/rules';
import {
  type TipsterApplication,
  type TipsterApplicationBody,
  TipsterApplicationBodySchema,
} from '@tips/contract/tipster-applications.schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { useCurrentLanguage } from '../../../components/layout/language-switch';
import { useBettingTypeLabel } from '../../../components/tips/tip-labels';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CONTROL_CLASSES, fieldDescriptionIds } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { apiErrorBody } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { countryOptionsWith } from '../../../lib/countries';
import { cx } from '../../../lib/cx';
import { useHasRole } from '../../../lib/roles';
import type { UserProfile } from '../../../lib/user-profile';
import { useApplyAsTipster } from '../api/dashboard-api';

const TITLE_ID = 'become-tipster-title';

/**
 * The contract's schema, reading the market checkboxes as they come: react-hook-form gives a group
 * of checkboxes as strings (false when none is ticked), the contract wants codes.
 */
const ApplicationFormSchema = TipsterApplicationBodySchema.extend({
  markets: z.preprocess(toCodes, TipsterApplicationBodySchema.shape.markets),
});
type ApplicationFormInput = z.input<typeof ApplicationFormSchema>;
const LINK_CLASSES =
  'font-semibold text-gold-300 underline decoration-gold-400/40 underline-offset-4 hover:text-gold-200';

/**
 * Issue #28 part 1: a verified member who is not a tipster applies here and is a Novice tipster at
 * once (free tips only until promoted). After success the tipster portal is one click away.
 */
export function BecomeTipsterBox({ profile }: { profile: UserProfile }) {
  const isTipster = useHasRole('tipster');
  const [joined, setJoined] = useState<TipsterApplication | null>(null);
  if (joined) return <JoinedCard application={joined} />;
  if (isTipster || !profile.emailVerified) return null;
  return <ApplicationForm profile={profile} onJoined={setJoined} />;
}

function JoinedCard({ application }: { application: TipsterApplication }) {
  const { t } = useTranslation();
  return (
    <Card as="section" aria-labelledby={TITLE_ID} className="flex flex-col gap-3">
      <h2 id={TITLE_ID} className="font-display text-xl font-bold uppercase tracking-wide text-gold-200">
        {t('account.becomeTipster.title')}
      </h2>
      <p role="status" className="text-sm text-win">
        {t('account.becomeTipster.success', { name: application.displayName })}
      </p>
      <ButtonLink to="/tipster" size="sm" className="w-fit">
        {t('account.becomeTipster.openPortal')}
      </ButtonLink>
    </Card>
  );
}

interface ApplicationFormProps {
  profile: UserProfile;
  onJoined: (application: TipsterApplication) => void;
}

function ApplicationForm({ profile, onJoined }: ApplicationFormProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const messageText = useMessageText();
  const bettingTypeLabel = useBettingTypeLabel();
  const apply = useApplyAsTipster();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ApplicationFormInput, unknown, TipsterApplicationBody>({
    resolver: zodResolver(ApplicationFormSchema),
    defaultValues: {
      displayName: '',
      bio: '',
      country: profile.country ?? '',
      markets: [],
      acceptCharter: false as unknown as true,
    },
  });
  const errorOf = (message: string | undefined) => (message ? messageText(message) : undefined);

  const onSubmit = handleSubmit(async (values) => {
    // The resolver hands over the schema's output (sorted, de-duplicated markets).
    setFormError(null);
    try {
      onJoined(await apply.mutateAsync(values));
    } catch (error) {
      // The API's first message (409 already a tipster or name taken, 403 unverified), translated.
      const message = apiErrorBody(error)?.errors[0];
      setFormError(message ? messageText(message) : t('account.becomeTipster.failed'));
    }
  });

  const bioId = 'become-tipster-bio';
  const marketsError = errorOf(errors.markets?.message);
  const charterError = errorOf(errors.acceptCharter?.message);
  const bioError = errorOf(errors.bio?.message);

  return (
    <Card as="section" aria-labelledby={TITLE_ID} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={TITLE_ID} className="font-display text-xl font-bold uppercase tracking-wide text-gold-200">
          {t('account.becomeTipster.title')}
        </h2>
        <p className="text-sm text-ink-muted">{t('account.becomeTipster.intro')}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby={TITLE_ID}>
        <Input
          label={t('account.becomeTipster.displayName')}
          autoComplete="nickname"
          maxLength={80}
          error={errorOf(errors.displayName?.message)}
          {...register('displayName')}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={bioId} className="text-sm font-semibold text-ink">
            {t('account.becomeTipster.bio')}
          </label>
          <textarea
            id={bioId}
            rows={4}
            maxLength={5000}
            className={cx(CONTROL_CLASSES, 'h-auto py-2.5')}
            aria-invalid={bioError ? true : undefined}
            aria-describedby={fieldDescriptionIds(bioId, true, bioError)}
            {...register('bio')}
          />
          <p id={`${bioId}-hint`} className="text-xs text-ink-subtle">
            {t('account.becomeTipster.bioHint')}
          </p>
          {bioError ? (
            <p id={`${bioId}-error`} role="alert" className="text-sm font-medium text-loss">
              {bioError}
            </p>
          ) : null}
        </div>
        <Select
          label={t('account.fields.country')}
          autoComplete="country-name"
          options={[
            { value: '', label: t('account.fields.chooseCountry') },
            ...countryOptionsWith(language, watch('country')),
          ]}
          error={errorOf(errors.country?.message)}
          {...register('country')}
          value={watch('country')}
        />
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={marketsError ? 'become-tipster-markets-error' : undefined}
        >
          <legend className="mb-1 text-sm font-semibold text-ink">
            {t('account.becomeTipster.markets')}
          </legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {BETTING_TYPES.map((type) => (
              <label key={type.code} className="flex min-h-11 items-center gap-2.5 text-sm text-ink">
                <input
                  type="checkbox"
                  value={type.code}
                  className="size-4 accent-gold-400"
                  {...register('markets')}
                />
                {bettingTypeLabel(type.code, type.name)}
              </label>
            ))}
          </div>
          {marketsError ? (
            <p id="become-tipster-markets-error" role="alert" className="text-sm font-medium text-loss">
              {marketsError}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label className="flex items-start gap-2.5 text-sm text-ink">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-gold-400"
              aria-invalid={charterError ? true : undefined}
              aria-describedby={charterError ? 'become-tipster-charter-error' : undefined}
              {...register('acceptCharter')}
            />
            <span>
              <Trans
                i18nKey="account.becomeTipster.acceptCharter"
                components={{
                  charter: <Link to="/tipster-charter" target="_blank" className={LINK_CLASSES} />,
                }}
              />
            </span>
          </label>
          {charterError ? (
            <p id="become-tipster-charter-error" role="alert" className="text-sm font-medium text-loss">
              {charterError}
            </p>
          ) : null}
        </div>
        {formError ? (
          <p role="alert" className="rounded-lg bg-loss/10 px-3 py-2 text-sm font-medium text-loss">
            {formError}
          </p>
        ) : null}
        <Button type="submit" isLoading={apply.isPending} className="w-full sm:w-fit">
          {apply.isPending ? t('account.becomeTipster.submitting') : t('account.becomeTipster.submit')}
        </Button>
      </form>
    </Card>
  );
}

function toCodes(value: unknown): unknown[] {
  const list: unknown[] = Array.isArray(value) ? value : value ? [value] : [];
  return list.map((item) => (typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item));
}
