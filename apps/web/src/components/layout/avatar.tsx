import { cx } from '../../lib/cx';

interface AvatarProps {
  name: string | null;
  imageUrl: string | null;
  className?: string;
}

export function Avatar({ name, imageUrl, className }: AvatarProps) {
  const initial = (name ?? '?').trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      className={cx(
        'grid size-9 shrink-0 place-items-center overflow-hidden rounded-full bg-gradient-to-br from-gold-300 to-gold-600 font-bold text-pitch-950 ring-2 ring-gold-400/40',
        className,
      )}
    >
      {imageUrl ? (
        <img src={imageUrl} alt="" className="size-full object-cover" width={36} height={36} />
      ) : (
        // Drawn by CSS rather than as text: the letter is decoration, and as text it would become part
        // of the visible label of the button around it (axe label-content-name-mismatch, WCAG 2.5.3).
        <span aria-hidden="true" data-initial={initial} className="before:content-[attr(data-initial)]" />
      )}
    </span>
  );
}
