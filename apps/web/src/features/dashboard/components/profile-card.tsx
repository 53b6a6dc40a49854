import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@tips/contract/rules';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../components/layout/language-switch';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { useMessageText } from '../../../lib/api-messages';
import { useFormatCreditAmount } from '../../../lib/format';
import { PROFILE_QUERY_KEY, type UserProfile } from '../../../lib/user-profile';
import { toast } from '../../../stores/toast-store';
import { useUserProfileStore } from '../../../stores/user-profile-store';
import { useUploadProfileImage } from '../api/dashboard-api';
import { formatDashboardDate } from '../format';
import { EditProfileModal } from './edit-profile-modal';

/** SPEC §5: image files only, the first selected file. */
export function pickImageFile(files: FileList | null): File | null {
  const file = files?.[0];
  return file?.type.startsWith('image/') ? file : null;
}

function ProfilePhoto({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  return (
    <span className="grid size-24 place-items-center overflow-hidden rounded-full bg-gradient-to-br from-gold-300 to-gold-600 font-display text-4xl font-bold text-pitch-950 ring-4 ring-gold-400/40">
      {imageUrl ? (
        <img src={imageUrl} alt="" className="size-full object-cover" width={96} height={96} />
      ) : (
        <span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>
      )}
    </span>
  );
}

function AvatarUpload({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const imageUpload = useUploadProfileImage();
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);
  const storedImage = useUserProfileStore((state) => state.profileImage);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = pickImageFile(event.target.files);
    event.target.value = '';
    if (!file) return;
    setIsUploading(true);
    try {
      const profileImage = await imageUpload.mutateAsync(file);
      useUserProfileStore.getState().setProfile({ profileImage });
      queryClient.setQueryData<UserProfile>(PROFILE_QUERY_KEY, (old) =>
        old ? { ...old, profileImage } : old,
      );
      toast.success(messageText(MESSAGES.imageUpdated));
    } catch {
      toast.error(messageText(MESSAGES.imageUpdateFailed));
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <div className="relative shrink-0">
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        // The photo button below is the control; this input is its mechanism, hidden from assistive tech.
        aria-hidden="true"
        onChange={onFile}
      />
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        disabled={isUploading}
        className="group relative block rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-gold-300"
      >
        <ProfilePhoto name={profile.username} imageUrl={storedImage ?? profile.profileImage} />
        <span className="absolute inset-0 grid place-items-center rounded-full bg-pitch-950/60 text-xs font-bold uppercase tracking-wide text-ink opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
          {isUploading ? <Spinner /> : t('account.dashboard.changePhoto')}
        </span>
        <span className="sr-only">{t('account.dashboard.uploadPhoto')}</span>
      </button>
    </div>
  );
}

export function ProfileCardSkeleton() {
  return (
    <Card className="flex flex-col items-center gap-4 text-center">
      <Skeleton className="size-24 rounded-full" />
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-10 w-40" />
      <Skeleton className="h-4 w-36" />
    </Card>
  );
}

export function ProfileCard({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const [isEditing, setIsEditing] = useState(false);
  const balance = useUserProfileStore((state) => state.balance);
  const formatCredits = useFormatCreditAmount();
  return (
    <Card as="section" aria-label={t('account.dashboard.profileTitle')} className="flex flex-col gap-5">
      <div className="flex items-center gap-5 xl:flex-col xl:text-center">
        <AvatarUpload profile={profile} />
        <div className="flex min-w-0 flex-col gap-1 xl:items-center">
          <p className="truncate font-display text-2xl font-bold text-ink" data-testid="dashboard-username">
            {profile.username}
          </p>
          <Badge tone={profile.emailVerified ? 'green' : 'neutral'} className="w-fit">
            {profile.emailVerified ? t('account.profile.verified') : t('account.profile.notVerified')}
          </Badge>
          <p className="text-sm text-ink-muted">
            {t('account.dashboard.memberSince', { date: formatDashboardDate(profile.memberSince, language) })}
          </p>
        </div>
      </div>
      <div className="rounded-xl border border-gold-400/30 bg-gold-400/8 px-4 py-3">
        <p className="text-xs font-bold uppercase tracking-[0.14em] text-ink-subtle">
          {t('account.dashboard.accountBalance')}
        </p>
        <p className="font-display text-3xl font-extrabold text-gold-200" data-testid="dashboard-balance">
          {t('nav.creditsValue', { value: formatCredits(balance) })}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <ButtonLink to="/buy-credits" size="md">
          {t('account.common.buyCredits')}
        </ButtonLink>
        <Button variant="secondary" onClick={() => setIsEditing(true)}>
          {t('account.profile.edit')}
        </Button>
      </div>
      {isEditing ? <EditProfileModal profile={profile} onClose={() => setIsEditing(false)} /> : null}
    </Card>
  );
}
