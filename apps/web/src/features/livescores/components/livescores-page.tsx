import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsentGate } from '../../../components/consent/consent-gate';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { AlertIcon, InfoIcon } from '../../../components/ui/icons';
import { ExternalIcon, RefreshIcon } from '../../../components/ui/public-icons';
import { Spinner } from '../../../components/ui/spinner';
import { useLivescoresUrl } from '../api/livescores-config';

// A cross-origin frame reports no errors; if it has not loaded by then, it is not coming.
export const WIDGET_TIMEOUT_MS = 15_000;

type WidgetState = 'loading' | 'loaded' | 'failed';

function LivescoresWidget({ url }: { url: string }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<WidgetState>(() =>
    typeof navigator !== 'undefined' && navigator.onLine === false ? 'failed' : 'loading',
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt restarts the clock.
  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(
      () => setState((current) => (current === 'loading' ? 'failed' : current)),
      WIDGET_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, [attempt, state]);

  if (state === 'failed') {
    return (
      <div
        role="alert"
        className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 rounded-card border border-dashed border-line-strong p-8 text-center"
      >
        <span className="grid size-14 place-items-center rounded-full bg-pitch-800 text-gold-300">
          <AlertIcon className="size-7" />
        </span>
        <p className="font-display text-xl font-bold uppercase tracking-wide">
          {t('livescoresPage.failedTitle')}
        </p>
        <p className="max-w-md text-sm text-ink-muted">{t('livescoresPage.failed')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button
            variant="secondary"
            icon={<RefreshIcon className="size-4" />}
            onClick={() => {
              setAttempt((current) => current + 1);
              setState('loading');
            }}
          >
            {t('livescoresPage.retry')}
          </Button>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-11 items-center gap-2 rounded-full px-5 text-sm font-bold uppercase tracking-wide text-gold-200 hover:bg-white/8"
          >
            {t('livescoresPage.openDirect')}
            <ExternalIcon className="size-4" />
          </a>
        </div>
      </div>
    );
  }

  return (
    <div className="relative min-h-[70dvh] overflow-hidden rounded-card border border-line bg-pitch-900">
      {state === 'loading' ? (
        <div className="absolute inset-0 grid place-items-center bg-pitch-900 text-gold-300">
          <Spinner size="lg" label={t('livescoresPage.loading')} />
        </div>
      ) : null}
      <iframe
        key={attempt}
        src={url}
        title={t('livescoresPage.frameTitle')}
        onLoad={() => setState('loaded')}
        loading="eager"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        className="block h-[70dvh] min-h-[560px] w-full border-0"
      />
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** SPEC §2 /livescores: the third-party widget in a frame, with a clear fallback. */
export function LivescoresPage() {
  const { t } = useTranslation();
  const widget = useLivescoresUrl();
  return (
    <>
      <PageMeta title={t('livescoresPage.metaTitle')} description={t('pages.livescores.description')} />
      <PageHeader title={t('pages.livescores.title')} lede={t('pages.livescores.description')} />
      <Container className="flex flex-col gap-4 py-8 md:py-12">
        <div className="flex flex-col gap-3 rounded-card border border-line bg-panel px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-3 text-sm text-ink-muted">
            <InfoIcon className="mt-0.5 size-5 shrink-0 text-info" />
            <span>{t('livescoresPage.notice', { host: hostOf(widget.url) })}</span>
          </p>
          <a
            href={widget.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-9 shrink-0 items-center gap-2 self-start rounded-full border border-gold-400/70 px-4 text-xs font-bold uppercase tracking-wide text-gold-200 hover:bg-gold-400/10 sm:self-auto"
          >
            {t('livescoresPage.openDirect')}
            <ExternalIcon className="size-4" />
          </a>
        </div>
        {widget.isPending ? (
          <div className="grid min-h-[70dvh] place-items-center rounded-card border border-line bg-pitch-900 text-gold-300">
            <Spinner size="lg" label={t('livescoresPage.loading')} />
          </div>
        ) : (
          // #22.6: the frame is another company's page; it loads after consent or on a click.
          <ConsentGate service="livescores" loadLabel={t('consent.loadLivescores')}>
            <LivescoresWidget url={widget.url} />
          </ConsentGate>
        )}
      </Container>
    </>
  );
}
