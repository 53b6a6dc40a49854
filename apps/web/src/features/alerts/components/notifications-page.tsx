import { bettingTypeName } from '@tips/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { useMarkRead, useNotifications } from '../../../lib/queries/notifications-api';
import { formatDecimal, formatPrice, matchTitle, useFormatKickOff } from '../../../lib/tip-format';

const PAGE_SIZE = 20;

/** Every notification of followed tipsters' new tips, newest first, twenty a page. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const formatKickOff = useFormatKickOff();
  const [page, setPage] = useState(1);
  const list = useNotifications(page, PAGE_SIZE);
  const markRead = useMarkRead();
  const data = list.data;

  return (
    <>
      <PageMeta title={t('alerts.page.title')} description={t('alerts.page.description')} noIndex />
      <PageHeader
        title={t('alerts.page.title')}
        lede={t('alerts.page.description')}
        actions={
          <button
            type="button"
            className={buttonClasses('ghost', 'sm')}
            onClick={() => markRead.mutate('all')}
          >
            {t('alerts.bell.markAllRead')}
          </button>
        }
      />
      <Container className="flex max-w-3xl flex-col gap-3 py-8">
        {data && data.data.length === 0 ? (
          <Card>
            <p className="text-ink-muted">{t('alerts.bell.empty')}</p>
            <Link to="/tipsters" className="mt-2 inline-block font-semibold text-gold-300 underline">
              {t('alerts.page.findTipsters')}
            </Link>
          </Card>
        ) : null}
        <ul className="flex flex-col gap-3" data-testid="notifications-list">
          {data?.data.map((item) => (
            <li key={item.id}>
              <Card className={item.isRead ? 'opacity-80' : 'border-gold-400/50'}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">
                      {item.isRead ? null : <span className="sr-only">{t('alerts.item.unread')}: </span>}
                      <Link
                        to={`/tipster-profile/${item.tipsterId}`}
                        className="underline-offset-4 hover:underline"
                      >
                        {t('alerts.item.newTip', { tipster: item.tipsterName })}
                      </Link>
                    </p>
                    <p className="text-ink-muted">
                      {matchTitle(item.homeTeam, item.awayTeam)} · {item.league}
                    </p>
                    <p className="text-sm text-ink-subtle">
                      {bettingTypeName(item.bettingType)} ·{' '}
                      {t('alerts.item.odds', { odds: formatDecimal(item.odds) })} ·{' '}
                      {item.price === 0 ? t('alerts.item.free') : formatPrice(item.price)} ·{' '}
                      {t('alerts.item.kickoff', { time: formatKickOff(item.eventTime) })}
                    </p>
                  </div>
                  {item.isRead ? null : (
                    <button
                      type="button"
                      className={buttonClasses('ghost', 'sm')}
                      onClick={() => markRead.mutate(item.id)}
                    >
                      {t('alerts.page.markRead')}
                    </button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
        {data && data.totalPages > 1 ? (
          <nav className="flex items-center justify-between gap-3" aria-label={t('alerts.page.pages')}>
            <button
              type="button"
              className={buttonClasses('ghost', 'sm')}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t('alerts.page.previous')}
            </button>
            <span className="text-sm text-ink-muted">
              {page} / {data.totalPages}
            </span>
            <button
              type="button"
              className={buttonClasses('ghost', 'sm')}
              disabled={page >= data.totalPages}
              onClick={() => setPage(page + 1)}
            >
              {t('alerts.page.next')}
            </button>
          </nav>
        ) : null}
      </Container>
    </>
  );
}
