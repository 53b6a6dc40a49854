import { useId } from 'react';
import { Link } from 'react-router';
import { SITE_NAME } from '../../lib/site';

export function LogoMark({ className }: { className?: string }) {
  // Unique per instance (header and footer both draw it); useId's punctuation is not valid in url(#…).
  const gradientId = `logo-gold-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const gold = `url(#${gradientId})`;
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fbe6ad" />
          <stop offset="0.55" stopColor="#efc04b" />
          <stop offset="1" stopColor="#b6861a" />
        </linearGradient>
      </defs>
      <circle cx="20" cy="20" r="18.5" fill={gold} />
      <circle cx="20" cy="20" r="15.5" fill="#082015" />
      <path d="M20 11.5 27.4 17l-2.8 8.6h-9.2L12.6 17 20 11.5Z" fill={gold} />
      <path
        d="M20 11.5V5.5M27.4 17l5.7-1.9M24.6 25.6l3.5 4.9M15.4 25.6l-3.5 4.9M12.6 17l-5.7-1.9"
        stroke={gold}
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <Link
      to="/"
      className="group flex shrink-0 items-center gap-2.5 whitespace-nowrap rounded-lg"
      aria-label={`${SITE_NAME} – home`}
    >
      <LogoMark className="size-9 shrink-0 transition-transform duration-300 group-hover:rotate-[18deg]" />
      <span className="font-display text-xl font-extrabold uppercase leading-none tracking-wide text-ink md:max-lg:sr-only">
        Tips<span className="text-gold-400">Market</span>
      </span>
    </Link>
  );
}
