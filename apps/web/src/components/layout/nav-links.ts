// The shell's links (SPEC §2 "Global shell"), grouped as the header shows them.

export interface NavLinkItem {
  to: string;
  labelKey: string;
  /** Match the path exactly, so /today-tips is not "current" on /today-tips/senior. */
  end?: boolean;
}

export interface NavGroup {
  id: string;
  labelKey: string;
  items: readonly NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavGroup;

export function isNavGroup(entry: NavEntry): entry is NavGroup {
  return 'items' in entry;
}

export const PRIMARY_NAV: readonly NavEntry[] = [
  { to: '/home', labelKey: 'nav.home' },
  {
    id: 'tips',
    labelKey: 'nav.tips',
    items: [
      { to: '/today-tips', labelKey: 'nav.todayTips', end: true },
      { to: '/today-ai-tips', labelKey: 'nav.freeTips' },
      { to: '/today-tips/senior', labelKey: 'nav.seniorTips' },
      { to: '/today-tips/premium', labelKey: 'nav.premiumTips' },
    ],
  },
  {
    id: 'tipsters',
    labelKey: 'nav.tipsters',
    items: [
      { to: '/tipsters', labelKey: 'nav.allTipsters', end: true },
      { to: '/tipsters/senior', labelKey: 'nav.seniorTipsters' },
      { to: '/tipsters/premium', labelKey: 'nav.premiumTipsters' },
      { to: '/tipster-statistics', labelKey: 'nav.statistics' },
    ],
  },
  { to: '/livescores', labelKey: 'nav.livescores' },
  {
    id: 'more',
    labelKey: 'nav.more',
    items: [
      { to: '/about', labelKey: 'nav.about' },
      { to: '/contact', labelKey: 'nav.contact' },
      { to: '/terms', labelKey: 'nav.terms' },
      { to: '/privacy', labelKey: 'nav.privacy' },
    ],
  },
];

export const VISITOR_LINKS = {
  login: { to: '/login', labelKey: 'nav.login' },
  register: { to: '/register', labelKey: 'nav.register' },
} as const;

export const MEMBER_LINKS = {
  dashboard: { to: '/dashboard', labelKey: 'nav.dashboard' },
  fundAccount: { to: '/buy-credits', labelKey: 'nav.fundAccount' },
} as const;
