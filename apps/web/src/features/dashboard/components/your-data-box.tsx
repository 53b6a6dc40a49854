import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { apiClient } from '../../../lib/api-client';
import { firstErrorMessage } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { queryClient } from '../../../lib/query-client';
import { endSession } from '../../../lib/session';
import { toast } from '../../../stores/toast-store';

/** Saves the export as a file: the browser gets a Blob, not a page. */
async function downloadMyData(): Promise<void> {
  const response = await apiClient.get('/users/profile/data-export', { responseType: 'blob' });
  const blob = response.data instanceof Blob ? response.data : new Blob([JSON.stringify(response.data)]);
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'tips-market-my-data.json';
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function DeleteAccountModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isPending, setIsPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsPending(true);
    setError(undefined);
    try {
      await apiClient.post('/users/profile/delete', { currentPassword: password });
      toast.success(t('privacyTools.deleted'));
      queryClient.clear();
      endSession();
    } catch (failure) {
      const message = firstErrorMessage(failure);
      setError(message ? messageText(message) : t('privacyTools.failed'));
      setIsPending(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('privacyTools.deleteTitle')}
      size="md"
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">{t('privacyTools.deleteWarning')}</p>
        <Input
          label={t('privacyTools.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
          required
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('account.common.cancel')}
          </Button>
          <Button type="submit" variant="danger" isLoading={isPending} disabled={password === ''}>
            {t('privacyTools.confirmDelete')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Issue #20: download my data, delete my account. */
export function YourDataBox() {
  const { t } = useTranslation();
  const [isDownloading, setIsDownloading] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);

  async function download() {
    setIsDownloading(true);
    try {
      await downloadMyData();
    } catch {
      toast.error(t('privacyTools.failed'));
    } finally {
      setIsDownloading(false);
    }
  }

  return (
    <Card as="section" aria-labelledby="your-data-title" className="flex flex-col gap-3">
      <h2
        id="your-data-title"
        className="font-display text-xl font-bold uppercase tracking-wide text-gold-200"
      >
        {t('privacyTools.title')}
      </h2>
      <p className="text-sm text-ink-muted">{t('privacyTools.intro')}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" isLoading={isDownloading} onClick={download}>
          {t('privacyTools.download')}
        </Button>
        <Button variant="danger" size="sm" onClick={() => setIsDeleteOpen(true)}>
          {t('privacyTools.delete')}
        </Button>
      </div>
      {isDeleteOpen ? <DeleteAccountModal onClose={() => setIsDeleteOpen(false)} /> : null}
    </Card>
  );
}
