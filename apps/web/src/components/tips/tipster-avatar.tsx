import { useState } from 'react';
import { cx } from '../../lib/cx';

const SIZES = {
  sm: 'size-10 text-sm',
  md: 'size-12 text-base',
  lg: 'size-16 text-xl',
  xl: 'size-24 text-3xl md:size-28',
} as const;

export type AvatarSize = keyof typeof SIZES;

interface TipsterAvatarProps {
  name: string;
  imageUrl: string | null;
  size?: AvatarSize;
  className?: string;
  /** Images above the fold load eagerly; the rest wait until they are near the viewport. */
  isEager?: boolean;
}

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part[0]?.toUpperCase() ?? '').join('') || '?';
}

/**
 * A tipster's photo in a gold ring, or their initials when there is none (or it fails to load).
 * Decorative: the name is always printed next to it.
 */
export function TipsterAvatar({
  name,
  imageUrl,
  size = 'md',
  className,
  isEager = false,
}: TipsterAvatarProps) {
  const [hasFailed, setHasFailed] = useState(false);
  const showImage = Boolean(imageUrl) && !hasFailed;
  return (
    <span
      aria-hidden="true"
      className={cx(
        'relative grid shrink-0 place-items-center overflow-hidden rounded-full bg-pitch-700 font-display font-bold text-gold-200 ring-2 ring-gold-400/60 ring-offset-2 ring-offset-pitch-900',
        SIZES[size],
        className,
      )}
    >
      {showImage ? (
        <img
          src={imageUrl ?? undefined}
          alt=""
          width={112}
          height={112}
          loading={isEager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setHasFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
