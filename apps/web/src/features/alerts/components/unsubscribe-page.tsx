import type { UnsubscribeResponse } from '@tips/contract/alerts.schemas';
import { ALERT_MESSAGES } from '@tips/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { firstErrorMessage } from '../../../lib/api-errors';
import { unsubscribe } from '../api/alerts-api';

/**
 * Where the link in an alert email lands. It asks before it acts: mail scanners open links, and
 * an unsubscribe must come from a person (mail clients use the RFC 8058 POST instead). No login.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'ask' | 'busy' | 'invalid' | 'expired' | UnsubscribeResponse>(
    token ? 'ask' : 'invalid',
  );

  async function confirm() {
    setState('busy');
    try {
      setState(await unsubscribe(token));
    } catch (error) {
      // A link older than 60 days or than a later settings change (decision 113) says so.
      setState(firstErrorMessage(error) === ALERT_MESSAGES.unsubscribeLinkExpired ? 'expired' : 'invalid');
    }
  }

  return (
    <>
      <PageMeta title={t('alerts.unsubscribe.title')} description={t('alerts.unsubscribe.lede')} noIndex />
      <PageHeader title={t('alerts.unsubscribe.title')} />
      <Container className="max-w-xl py-10">
        <Card className="flex flex-col gap-4" data-testid="unsubscribe">
          {state === 'ask' || state === 'busy' ? (
            <>
              <p className="text-ink">{t('alerts.unsubscribe.lede')}</p>
              <button
                type="button"
                className={buttonClasses('primary', 'md', 'self-start')}
                disabled={state === 'busy'}
                onClick={() => void confirm()}
              >
                {t('alerts.unsubscribe.confirm')}
              </button>
            </>
          ) : state === 'invalid' || state === 'expired' ? (
            <p role="alert" className="text-ink">
              {t(state === 'expired' ? 'alerts.unsubscribe.expired' : 'alerts.unsubscribe.invalid')}
            </p>
          ) : (
            <p role="status" className="text-ink">
              {state.scope === 'all'
                ? t('alerts.unsubscribe.doneAll')
                : state.tipsterName === null
                  ? t('alerts.unsubscribe.doneUnfollowed')
                  : t('alerts.unsubscribe.doneTipster', { tipster: state.tipsterName })}
            </p>
          )}
          <Link to="/dashboard" className="text-sm font-semibold text-gold-300 underline underline-offset-4">
            {t('alerts.unsubscribe.manage')}
          </Link>
        </Card>
      </Container>
    </>
  );
}
