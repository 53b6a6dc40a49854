import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, PASSWORD_MIN } from '@tips/contract/rules';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../components/layout/language-switch';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { apiErrorBody } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { countryOptionsWith } from '../../../lib/countries';
import { PROFILE_QUERY_KEY, storeProfile, type UserProfile } from '../../../lib/user-profile';
import { toast } from '../../../stores/toast-store';
import { useChangePassword, useUpdateProfile } from '../api/dashboard-api';
import {
  ProfileFormSchema,
  type ProfileFormValues,
  profileFieldOf,
  profileFormValues,
} from '../profile-form';

export type EditProfileView = 'form' | 'password' | 'confirm';

interface EditProfileModalProps {
  profile: UserProfile;
  onClose: () => void;
  initialView?: EditProfileView;
}

/**
 * SPEC §2: three views. The form; the change-password view; and the confirm view that asks for the
 * current password before the profile is saved. A save or a password change closes them all.
 */
export function EditProfileModal({ profile, onClose, initialView = 'form' }: EditProfileModalProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<EditProfileView>(initialView);
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: profileFormValues(profile),
  });

  const titles: Record<EditProfileView, string> = {
    form: t('account.profile.edit'),
    password: t('account.profile.changePassword'),
    confirm: t('account.profile.confirmTitle'),
  };

  return (
    <Modal open onClose={onClose} title={titles[view]} size="md" closeLabel={t('common.close')}>
      {view === 'form' ? (
        <ProfileFormView
          profile={profile}
          form={form}
          onCancel={onClose}
          onChangePassword={() => setView('password')}
          onContinue={() => setView('confirm')}
        />
      ) : null}
      {view === 'confirm' ? (
        <ConfirmView
          values={form.getValues()}
          onBack={() => setView('form')}
          onSaved={onClose}
          onFieldError={(field, message) => {
            form.setError(field, { message });
            setView('form');
          }}
        />
      ) : null}
      {view === 'password' ? <PasswordView onBack={() => setView('form')} onChanged={onClose} /> : null}
    </Modal>
  );
}

interface ProfileFormViewProps {
  profile: UserProfile;
  form: ReturnType<typeof useForm<ProfileFormValues>>;
  onCancel: () => void;
  onChangePassword: () => void;
  onContinue: () => void;
}

function ProfileFormView({ profile, form, onCancel, onChangePassword, onContinue }: ProfileFormViewProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const messageText = useMessageText();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;
  const field = (name: keyof ProfileFormValues) => ({
    error: errors[name]?.message ? messageText(errors[name].message) : undefined,
    ...register(name),
  });

  return (
    <form onSubmit={handleSubmit(onContinue)} noValidate className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm text-ink-muted">
        {t('account.profile.status')}
        <Badge tone={profile.emailVerified ? 'green' : 'neutral'}>
          {profile.emailVerified ? t('account.profile.verified') : t('account.profile.notVerified')}
        </Badge>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t('account.fields.firstName')} autoComplete="given-name" {...field('firstName')} />
        <Input label={t('account.fields.lastName')} autoComplete="family-name" {...field('lastName')} />
        <Input label={t('account.fields.username')} autoComplete="username" {...field('username')} />
        <Input label={t('account.fields.email')} type="email" autoComplete="email" {...field('email')} />
        <Input label={t('account.fields.phone')} type="tel" autoComplete="tel" {...field('phone')} />
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
      </div>
      <button
        type="button"
        onClick={onChangePassword}
        className="w-fit text-sm font-semibold text-gold-300 underline decoration-gold-400/40 underline-offset-4 hover:text-gold-200"
      >
        {t('account.profile.changePassword')}
      </button>
      <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
        <Button variant="ghost" onClick={onCancel}>
          {t('account.common.cancel')}
        </Button>
        <Button type="submit">{t('account.profile.saveChanges')}</Button>
      </div>
    </form>
  );
}

interface ConfirmViewProps {
  values: ProfileFormValues;
  onBack: () => void;
  onSaved: () => void;
  onFieldError: (field: keyof ProfileFormValues, message: string) => void;
}

function ConfirmView({ values, onBack, onSaved, onFieldError }: ConfirmViewProps) {
  const { t } = useTranslation();
  const profileUpdate = useUpdateProfile();
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [isSaving, setIsSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword) {
      setPasswordError(messageText(MESSAGES.currentPasswordRequired));
      return;
    }
    setIsSaving(true);
    try {
      const saved = await profileUpdate.mutateAsync({ ...values, currentPassword });
      storeProfile(saved);
      queryClient.setQueryData<UserProfile>(PROFILE_QUERY_KEY, (old) => (old ? { ...old, ...values } : old));
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      toast.success(messageText(MESSAGES.profileUpdated));
      onSaved();
    } catch (error) {
      setIsSaving(false);
      toast.error(messageText(MESSAGES.profileUpdateFailed));
      // Point at what the server refused: a wrong password here, a taken name in the form.
      for (const message of apiErrorBody(error)?.errors ?? []) {
        const field = profileFieldOf(message);
        if (field === 'currentPassword') setPasswordError(messageText(message));
        else if (field) return onFieldError(field, message);
      }
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted">{t('account.profile.confirmHint')}</p>
      <Input
        label={t('account.profile.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        error={passwordError}
        onChange={(event) => {
          setCurrentPassword(event.target.value);
          setPasswordError(undefined);
        }}
      />
      <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
        <Button variant="ghost" onClick={onBack}>
          {t('account.common.back')}
        </Button>
        <Button type="submit" isLoading={isSaving}>
          {t('account.profile.confirmSave')}
        </Button>
      </div>
    </form>
  );
}

/** SPEC §5: submitted only when the new password equals the confirmation; otherwise nothing happens. */
export function canChangePassword(current: string, next: string, confirmation: string): boolean {
  return current.length > 0 && next.length > 0 && next === confirmation;
}

function PasswordView({ onBack, onChanged }: { onBack: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const passwordChange = useChangePassword();
  const messageText = useMessageText();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isSaving, setIsSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canChangePassword(currentPassword, newPassword, confirmation)) return;
    setIsSaving(true);
    try {
      await passwordChange.mutateAsync({ currentPassword, newPassword });
      toast.success(messageText(MESSAGES.passwordChanged));
      onChanged();
    } catch {
      // SPEC §8: a failed password change shows no message.
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Input
        label={t('account.profile.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <Input
        label={t('account.reset.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('account.fields.passwordHint', { min: PASSWORD_MIN })}
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <Input
        label={t('account.reset.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
        <Button variant="ghost" onClick={onBack}>
          {t('account.common.back')}
        </Button>
        <Button type="submit" isLoading={isSaving}>
          {t('account.profile.changePassword')}
        </Button>
      </div>
    </form>
  );
}
