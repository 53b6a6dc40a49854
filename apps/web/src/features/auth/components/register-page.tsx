import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, MIN_AGE, PASSWORD_MIN } from '@tips/contract/rules';
import { type RegisterForm, RegisterFormSchema } from '@tips/contract/users.schemas';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentLanguage } from '../../../components/layout/language-switch';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { apiErrorBody } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { countryOptions } from '../../../lib/countries';
import { useRegister } from '../api/auth-api';
import { useRecaptcha } from '../hooks/use-recaptcha';
import { AuthLayout } from './auth-layout';
import { AUTH_LINK } from './auth-link';
import { CheckboxField } from './checkbox-field';
import { FormAlert } from './form-alert';
import { RecaptchaNotice } from './recaptcha-notice';

/** The form's own values: the checkboxes start unticked, which the schema then refuses. */
type RegisterValues = Omit<RegisterForm, 'AcceptAge18' | 'AcceptTerms'> & {
  AcceptAge18: boolean;
  AcceptTerms: boolean;
};
type FieldName = keyof RegisterValues | 'root';

const EMPTY_FORM: RegisterValues = {
  FirstName: '',
  LastName: '',
  Username: '',
  Email: '',
  Country: '',
  Mobile: '',
  Password: '',
  confirmPassword: '',
  AcceptAge18: false,
  AcceptTerms: false,
};

// Server messages that belong to one field; anything else shows above the form.
const FIELD_OF_MESSAGE: Record<string, FieldName> = {
  [MESSAGES.firstNameRequired]: 'FirstName',
  [MESSAGES.lastNameRequired]: 'LastName',
  [MESSAGES.usernameRequired]: 'Username',
  [MESSAGES.usernameInvalid]: 'Username',
  [MESSAGES.usernameTaken]: 'Username',
  [MESSAGES.emailRequired]: 'Email',
  [MESSAGES.emailInvalid]: 'Email',
  [MESSAGES.emailTaken]: 'Email',
  [MESSAGES.countryRequired]: 'Country',
  [MESSAGES.phoneRequired]: 'Mobile',
  [MESSAGES.phoneTooShort]: 'Mobile',
  [MESSAGES.phoneInvalid]: 'Mobile',
  [MESSAGES.passwordRequired]: 'Password',
  [MESSAGES.passwordTooShort]: 'Password',
  [MESSAGES.passwordTooLong]: 'Password',
  [MESSAGES.mustBeAdult]: 'AcceptAge18',
  [MESSAGES.mustAcceptTerms]: 'AcceptTerms',
};

/** SPEC §5: where a server message goes and what it says. */
export function placeServerMessage(message: string): { field: FieldName; message: string } {
  const field = FIELD_OF_MESSAGE[message];
  if (field) return { field, message };
  if (/mobile/i.test(message)) return { field: 'Mobile', message: MESSAGES.phoneTooShort };
  return { field: 'root', message };
}

export function RegisterPage() {
  const { t } = useTranslation();
  const registration = useRegister();
  const language = useCurrentLanguage();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const getRecaptchaToken = useRecaptcha();
  const [isRegistered, setIsRegistered] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues, unknown, RegisterForm>({
    resolver: zodResolver(RegisterFormSchema) as unknown as Resolver<RegisterValues, unknown, RegisterForm>,
    defaultValues: EMPTY_FORM,
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...body }) => {
    try {
      const RecaptchaToken = await getRecaptchaToken('signup');
      const ReferralCode = searchParams.get('ref')?.trim() || undefined;
      await registration.mutateAsync({ ...body, RecaptchaToken, ReferralCode });
      setIsRegistered(true);
    } catch (error) {
      const messages = apiErrorBody(error)?.errors ?? [];
      if (messages.length === 0) messages.push(MESSAGES.internal);
      for (const placed of messages.map(placeServerMessage)) {
        setError(placed.field, { message: placed.message }, { shouldFocus: placed.field !== 'root' });
      }
    }
  });

  const errorText = (message: string | undefined) => (message ? messageText(message) : undefined);
  const input = (name: Exclude<keyof RegisterValues, 'AcceptAge18' | 'AcceptTerms'>) => ({
    error: errorText(errors[name]?.message),
    ...register(name),
  });

  return (
    <AuthLayout
      title={t('pages.register.title')}
      description={t('pages.register.description')}
      wide
      footer={
        <p>
          {t('auth.haveAccount')}{' '}
          <Link to="/login" className={AUTH_LINK}>
            {t('nav.login')}
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormAlert message={errorText(errors.root?.message)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label={t('account.fields.firstName')} autoComplete="given-name" {...input('FirstName')} />
          <Input label={t('account.fields.lastName')} autoComplete="family-name" {...input('LastName')} />
          <Input
            label={t('account.fields.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...input('Username')}
          />
          <Input label={t('account.fields.email')} type="email" autoComplete="email" {...input('Email')} />
          <Select
            label={t('account.fields.country')}
            autoComplete="country-name"
            options={[{ value: '', label: t('account.fields.chooseCountry') }, ...countryOptions(language)]}
            {...input('Country')}
          />
          <Input label={t('account.fields.phone')} type="tel" autoComplete="tel" {...input('Mobile')} />
          <Input
            label={t('account.fields.password')}
            type="password"
            autoComplete="new-password"
            hint={t('account.fields.passwordHint', { min: PASSWORD_MIN })}
            {...input('Password')}
          />
          <Input
            label={t('account.fields.confirmPassword')}
            type="password"
            autoComplete="new-password"
            {...input('confirmPassword')}
          />
        </div>
        <div className="flex flex-col gap-3 pt-1">
          <CheckboxField
            label={t('account.register.ageConfirm', { age: MIN_AGE })}
            error={errorText(errors.AcceptAge18?.message)}
            {...register('AcceptAge18')}
          />
          <CheckboxField
            label={
              <Trans
                i18nKey="account.register.termsConfirm"
                components={{ terms: <Link to="/terms" target="_blank" className={AUTH_LINK} /> }}
              />
            }
            error={errorText(errors.AcceptTerms?.message)}
            {...register('AcceptTerms')}
          />
        </div>
        <RecaptchaNotice />
        <Button type="submit" size="lg" isLoading={isSubmitting} className="mt-2 w-full">
          {t('account.register.submit')}
        </Button>
      </form>
      <Modal
        open={isRegistered}
        onClose={() => navigate('/login')}
        title={t('account.register.successTitle')}
        closeLabel={t('common.close')}
        footer={
          <Button onClick={() => navigate('/login')} className="min-w-24">
            {t('account.common.ok')}
          </Button>
        }
      >
        <p className="text-ink-muted">{messageText(MESSAGES.registered)}</p>
      </Modal>
    </AuthLayout>
  );
}
