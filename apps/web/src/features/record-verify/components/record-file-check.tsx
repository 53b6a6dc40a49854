import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { type Verification, verifyFile } from './use-verification';
import { UnreadableBox, VerifyResultBox } from './verify-result';

/** "Check a saved file": a drop zone and a file input; the file is read and checked locally. */
export function RecordFileCheck() {
  const { t } = useTranslation();
  const inputId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [verification, setVerification] = useState<Verification>({ state: 'idle' });
  const [isOver, setIsOver] = useState(false);

  async function check(file: File | undefined) {
    if (!file) return;
    setFileName(file.name);
    setVerification({ state: 'checking' });
    setVerification(await verifyFile(file));
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsOver(false);
    void check(event.dataTransfer.files[0]);
  }

  return (
    <Card as="section" aria-labelledby="record-file-title" className="flex flex-col gap-4">
      <h2 id="record-file-title" className="font-display text-xl font-extrabold uppercase tracking-wide">
        {t('recordVerify.fileTitle')}
      </h2>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-card border-2 border-dashed p-6 text-center text-sm transition-colors focus-within:ring-2 focus-within:ring-gold-300 ${
          isOver ? 'border-gold-300 bg-gold-300/10' : 'border-line-strong hover:border-gold-400'
        }`}
      >
        <span className="font-bold text-ink">{t('recordVerify.chooseFile')}</span>
        <span className="text-ink-muted">{t('recordVerify.fileHint')}</span>
        <input
          id={inputId}
          type="file"
          accept=".json,.csv,application/json,text/csv"
          className="sr-only"
          data-testid="record-file"
          onChange={(event) => void check(event.target.files?.[0])}
        />
      </label>
      {fileName && verification.state !== 'idle' ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-ink-muted">{t('recordVerify.fileResult', { file: fileName })}</p>
          {verification.state === 'checking' ? (
            <p role="status">{t('recordVerify.checking')}</p>
          ) : verification.state === 'done' ? (
            <VerifyResultBox result={verification.result} />
          ) : (
            <UnreadableBox message={verification.message} />
          )}
        </div>
      ) : null}
    </Card>
  );
}
