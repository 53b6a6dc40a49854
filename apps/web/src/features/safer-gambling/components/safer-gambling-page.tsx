import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { useIsSignedIn } from '../../../lib/auth-tokens';
import { HelpLines } from './help-lines';
import { SaferGamblingTools } from './safer-gambling-tools';

/** Issue #20: help lines for everyone, and the tools for a signed-in user. */
export function SaferGamblingPage() {
  const { t } = useTranslation();
  const isSignedIn = useIsSignedIn();
  return (
    <>
      <PageMeta title={t('saferGambling.title')} description={t('saferGambling.description')} />
      <PageHeader title={t('saferGambling.title')} lede={t('saferGambling.lede')} />
      <Container className="flex max-w-5xl flex-col gap-12 py-10 md:py-14">
        <HelpLines />
        <section aria-labelledby="tools-title" className="flex flex-col gap-4">
          <h2
            id="tools-title"
            className="font-display text-2xl font-bold uppercase tracking-wide text-gold-200"
          >
            {t('saferGambling.toolsTitle')}
          </h2>
          <p className="text-ink-muted">{t('saferGambling.toolsIntro')}</p>
          {isSignedIn ? (
            <SaferGamblingTools />
          ) : (
            <div className="flex flex-wrap items-center gap-3 rounded-xl border border-gold-400/30 bg-gold-400/8 p-4">
              <p className="text-sm text-ink">{t('saferGambling.signInPrompt')}</p>
              <ButtonLink to="/login" size="sm">
                {t('nav.login')}
              </ButtonLink>
            </div>
          )}
        </section>
      </Container>
    </>
  );
}
