import type { RecordExport } from '@tips/contract/record-verify';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { ButtonLink, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { ListError } from '../../../components/ui/list-states';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorStatus } from '../../../lib/api-errors';
import { recordDownloadUrl, useRecordExport } from '../api/record-api';
import { RecordFileCheck } from './record-file-check';
import { useVerification } from './use-verification';
import { UnreadableBox, VerifyResultBox } from './verify-result';

const isMissing = (error: unknown) => {
  const status = error ? apiErrorStatus(error) : null;
  return status === 404 || status === 400;
};

function parseId(raw: string): number | null {
  if (!/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

function LiveCheck({ record }: { record: RecordExport }) {
  const { t } = useTranslation();
  const verification = useVerification(record);
  return (
    <Card as="section" aria-labelledby="record-live-title" className="flex flex-col gap-4">
      <h2 id="record-live-title" className="font-display text-xl font-extrabold uppercase tracking-wide">
        {t('recordVerify.liveTitle', { name: record.tipster.name })}
      </h2>
      {verification.state === 'done' ? (
        <VerifyResultBox result={verification.result} />
      ) : verification.state === 'unreadable' ? (
        <UnreadableBox message={verification.message} />
      ) : (
        <p role="status" className="text-ink-muted">
          {t('recordVerify.checking')}
        </p>
      )}
      {record.head ? (
        <p className="text-sm text-ink-muted">
          {t('recordVerify.head', { seq: record.head.seq })}{' '}
          <code className="break-all font-mono text-xs text-ink">{record.head.hash}</code>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <a
          className={buttonClasses('secondary', 'sm')}
          href={recordDownloadUrl(record.tipster.id, 'json')}
          download
        >
          {t('recordVerify.downloadJson')}
        </a>
        <a
          className={buttonClasses('secondary', 'sm')}
          href={recordDownloadUrl(record.tipster.id, 'csv')}
          download
        >
          {t('recordVerify.downloadCsv')}
        </a>
      </div>
    </Card>
  );
}

/** "Verify this record" (/tipster-profile/:id/verify): the chain checked in the browser. */
export function RecordVerifyPage({ tipsterId }: { tipsterId: string }) {
  const { t } = useTranslation();
  const id = parseId(tipsterId);
  const record = useRecordExport(id);
  const name = record.data?.tipster.name;
  return (
    <>
      <PageMeta
        title={name ? t('recordVerify.metaTitle', { name }) : t('recordVerify.title')}
        description={t('recordVerify.lede')}
        path={id ? `/tipster-profile/${id}/verify` : undefined}
        noIndex={id === null || record.isError}
      />
      <PageHeader
        eyebrow={name}
        title={t('recordVerify.title')}
        lede={t('recordVerify.lede')}
        actions={
          id ? (
            <ButtonLink variant="ghost" to={`/tipster-profile/${id}`}>
              {t('recordVerify.back')}
            </ButtonLink>
          ) : null
        }
      />
      <Container className="grid grid-cols-1 gap-6 py-8 md:py-12 lg:grid-cols-2 lg:items-start">
        {id === null || isMissing(record.error) ? (
          <p className="text-ink-muted">{t('recordVerify.notFound')}</p>
        ) : record.isError ? (
          <ListError onRetry={() => void record.refetch()} />
        ) : record.isPending ? (
          <Skeleton className="h-48 rounded-card" />
        ) : (
          <LiveCheck record={record.data} />
        )}
        <RecordFileCheck />
      </Container>
    </>
  );
}
