export const AUTH_LINK =
  'font-semibold text-gold-300 underline decoration-gold-400/40 underline-offset-4 hover:text-gold-200';
