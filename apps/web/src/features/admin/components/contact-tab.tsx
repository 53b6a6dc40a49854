import type { AdminContactMessage } from '@tips/contract/admin-contact.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataTable, Pager, queryStates } from '../../../components/ui/data-table';
import { Select } from '../../../components/ui/select';
import { firstErrorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/backoffice-format';
import { toast } from '../../../stores/toast-store';
import { type ContactStatus, useContactMessages, useMarkHandled } from '../api/contact-api';
import { usePagerLabels, useTableLabels } from './use-table-labels';

const STATUSES: readonly ContactStatus[] = ['open', 'handled', 'all'];

export function ContactTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ContactStatus>('open');
  const [page, setPage] = useState(1);
  const messages = useContactMessages(status, page);
  const markHandled = useMarkHandled();
  const labels = useTableLabels('backoffice.contact.empty');
  const pager = usePagerLabels(page, messages.data?.totalPages ?? 0);

  async function handle(message: AdminContactMessage) {
    try {
      await markHandled.mutateAsync(message.id);
      toast.success(t('backoffice.common.saved'));
    } catch (error) {
      toast.error(firstErrorMessage(error) ?? t('backoffice.common.failed'));
    }
  }

  const columns: DataColumn<AdminContactMessage>[] = [
    {
      key: 'from',
      header: t('backoffice.contact.from'),
      cell: (message) => (
        <>
          <span className="font-semibold">{message.name}</span>
          <a
            href={`mailto:${message.email}`}
            className="block break-all text-xs text-gold-300 underline-offset-2 hover:underline"
          >
            {message.email}
          </a>
          <span className="block text-xs font-normal text-ink-subtle">
            {formatDateTime(message.createdAt)}
          </span>
        </>
      ),
    },
    {
      key: 'message',
      header: t('backoffice.contact.message'),
      className: 'max-w-xl',
      cell: (message) => (
        <>
          <span className="font-semibold">{message.subject}</span>
          <span className="block whitespace-pre-line break-words text-ink-muted">{message.message}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: t('backoffice.common.status'),
      cell: (message) =>
        message.handledAt ? (
          <Badge tone="win">{t('backoffice.contact.statuses.handled')}</Badge>
        ) : (
          <Badge tone="info">{t('backoffice.contact.statuses.open')}</Badge>
        ),
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <h2 className="sr-only">{t('backoffice.tabs.contact')}</h2>
      <div className="w-full sm:w-56">
        <Select
          label={t('backoffice.common.status')}
          value={status}
          options={STATUSES.map((value) => ({ value, label: t(`backoffice.contact.statuses.${value}`) }))}
          onChange={(event) => {
            setStatus(event.target.value as ContactStatus);
            setPage(1);
          }}
        />
      </div>
      <DataTable
        caption={t('backoffice.tabs.contact')}
        columns={columns}
        rows={messages.data?.data}
        rowKey={(message) => message.id}
        {...queryStates(messages)}
        labels={labels}
        actionsHeader={t('backoffice.common.actions')}
        actions={(message) =>
          message.handledAt ? null : (
            <Button
              size="sm"
              variant="secondary"
              disabled={markHandled.isPending}
              onClick={() => handle(message)}
            >
              {t('backoffice.contact.markHandled')}
            </Button>
          )
        }
      />
      <Pager page={page} totalPages={messages.data?.totalPages ?? 0} onPage={setPage} labels={pager} />
    </section>
  );
}
