import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsSignedIn } from '../../lib/auth-tokens';
import { useFollowTipster } from '../../lib/queries/tipsters-api';
import { toast } from '../../stores/toast-store';
import { Button, type ButtonSize } from '../ui/button';
import { UserCheckIcon, UserPlusIcon } from '../ui/public-icons';

interface FollowButtonProps {
  tipsterId: number;
  tipsterName: string;
  isFollowed: boolean;
  size?: ButtonSize;
  className?: string;
}

/**
 * SPEC §2/§4: FOLLOW or UNFOLLOW. Visitors are sent to /login. On success the state flips
 * everywhere the tipster is shown and a toast confirms; failures are silent (SPEC §8).
 */
export function FollowButton({
  tipsterId,
  tipsterName,
  isFollowed,
  size = 'sm',
  className,
}: FollowButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isSignedIn = useIsSignedIn();
  const mutation = useFollowTipster(tipsterId, (follow) =>
    toast.success(
      follow
        ? t('followButton.followed', { name: tipsterName })
        : t('followButton.unfollowed', { name: tipsterName }),
    ),
  );

  const onClick = () => {
    if (!isSignedIn) {
      navigate('/login');
      return;
    }
    mutation.mutate(!isFollowed);
  };

  return (
    <Button
      size={size}
      variant={isFollowed ? 'secondary' : 'primary'}
      isLoading={mutation.isPending}
      icon={isFollowed ? <UserCheckIcon className="size-4" /> : <UserPlusIcon className="size-4" />}
      onClick={onClick}
      className={className}
    >
      {isFollowed ? t('followButton.unfollow') : t('followButton.follow')}
      <span className="sr-only"> {tipsterName}</span>
    </Button>
  );
}
