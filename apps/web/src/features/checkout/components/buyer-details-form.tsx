import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../components/layout/language-switch';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useMessageText } from '../../../lib/api-messages';
import { countryOptionsWith } from '../../../lib/countries';
import type { BuyerDetails } from '../buyer-details';

/** SPEC §2: the required information for a Request Purchase (every method except 10 and 11). */
export function BuyerDetailsForm({ form }: { form: UseFormReturn<BuyerDetails> }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const messageText = useMessageText();
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const field = (name: keyof BuyerDetails) => ({
    error: errors[name]?.message ? messageText(errors[name].message) : undefined,
    required: true,
    ...register(name),
  });

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 text-sm font-bold uppercase tracking-[0.14em] text-gold-300">
        {t('account.checkout.requiredInformation')}
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t('account.fields.firstName')} autoComplete="given-name" {...field('firstName')} />
        <Input label={t('account.fields.lastName')} autoComplete="family-name" {...field('lastName')} />
        <Input label={t('account.fields.email')} type="email" autoComplete="email" {...field('email')} />
        <Input label={t('account.fields.phone')} type="tel" autoComplete="tel" {...field('mobile')} />
      </div>
      <Select
        label={t('account.fields.country')}
        autoComplete="country-name"
        options={[
          { value: '', label: t('account.fields.chooseCountry') },
          ...countryOptionsWith(language, watch('country')),
        ]}
        {...field('country')}
        // Controlled, so a value set by reset() or the account's data is always the one shown.
        value={watch('country')}
      />
    </fieldset>
  );
}
