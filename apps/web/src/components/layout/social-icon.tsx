import type { SocialLink } from '../../lib/site';
import { FacebookIcon, InstagramIcon, TelegramIcon, XBrandIcon } from '../ui/icons';

const ICONS = {
  instagram: InstagramIcon,
  facebook: FacebookIcon,
  x: XBrandIcon,
  telegram: TelegramIcon,
} as const;

export function SocialIcon({ id, className }: { id: SocialLink['id']; className?: string }) {
  const Icon = ICONS[id];
  return <Icon className={className} />;
}
