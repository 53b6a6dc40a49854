import { type ComponentType, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { Container } from '../../../components/ui/container';
import { cx } from '../../../lib/cx';
import { useHasRole } from '../../../lib/roles';
import { AuditTab } from './audit-tab';
import { ContactTab } from './contact-tab';
import { FixturesTab } from './fixtures-tab';
import { NotAllowed } from './not-allowed';
import { OrdersTab } from './orders-tab';
import { PayoutsTab } from './payouts-tab';
import { SettlementTab } from './settlement/settlement-tab';
import { TipstersTab } from './tipsters-tab';
import { UsersTab } from './users/users-tab';

export const ADMIN_TABS = [
  'settlement',
  'fixtures',
  'orders',
  'payouts',
  'users',
  'tipsters',
  'contact',
  'audit',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const PANELS: Record<AdminTab, ComponentType> = {
  settlement: SettlementTab,
  fixtures: FixturesTab,
  orders: OrdersTab,
  payouts: PayoutsTab,
  users: UsersTab,
  tipsters: TipstersTab,
  contact: ContactTab,
  audit: AuditTab,
};

export function toAdminTab(value: string | undefined): AdminTab | null {
  if (!value) return 'settlement';
  return (ADMIN_TABS as readonly string[]).includes(value) ? (value as AdminTab) : null;
}

function TabNav({ current }: { current: AdminTab }) {
  const { t } = useTranslation();
  const currentRef = useRef<HTMLAnchorElement>(null);
  // On a phone the strip scrolls sideways: keep the open section in sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ref moves to another link when `current` changes.
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <nav aria-label={t('backoffice.admin.title')} className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex min-w-max gap-1 border-b border-line">
        {ADMIN_TABS.map((tab) => (
          <li key={tab}>
            <NavLink
              to={`/admin/${tab}`}
              ref={tab === current ? currentRef : undefined}
              aria-current={tab === current ? 'page' : undefined}
              className={cx(
                '-mb-px inline-flex h-11 items-center whitespace-nowrap border-b-2 px-3.5 text-sm font-semibold uppercase tracking-wide transition-colors',
                tab === current
                  ? 'border-gold-400 text-gold-200'
                  : 'border-transparent text-ink-muted hover:border-line-strong hover:text-ink',
              )}
            >
              {t(`backoffice.tabs.${tab}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AdminPage({ tab }: { tab: AdminTab }) {
  const { t } = useTranslation();
  const isAdmin = useHasRole('admin');
  const title = t('backoffice.admin.title');
  const Panel = PANELS[tab];
  return (
    <>
      <PageMeta
        title={`${t(`backoffice.tabs.${tab}`)} – ${title}`}
        description={t('backoffice.admin.description')}
        noIndex
      />
      <PageHeader title={title} lede={t('backoffice.admin.description')} />
      <Container className="flex flex-col gap-6 py-8 md:py-12">
        {isAdmin ? (
          <>
            <TabNav current={tab} />
            <Panel />
          </>
        ) : (
          <NotAllowed />
        )}
      </Container>
    </>
  );
}
