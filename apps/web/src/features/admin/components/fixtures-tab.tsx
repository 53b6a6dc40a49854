import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { apiErrorStatus, firstErrorMessage } from '../../../lib/api-errors';
import { type FixtureImportResult, useImportFixtures } from '../api/fixtures-api';
import { ErrorNote, SectionTitle } from './form-controls';

/** The message for a failed upload: the API's own words for a refused file, else a retry hint. */
function useErrorMessage(error: unknown): string | undefined {
  const { t } = useTranslation();
  if (!error) return undefined;
  const status = apiErrorStatus(error);
  const message = firstErrorMessage(error) ?? '';
  if (status === 413) return t('backoffice.fixturesImport.tooLarge', { message });
  if (status === 400) return t('backoffice.fixturesImport.invalid', { message });
  return message || t('backoffice.fixturesImport.failed');
}

function ImportReport({ result }: { result: FixtureImportResult }) {
  const { t } = useTranslation();
  const counts = [
    ['added', result.added],
    ['updated', result.updated],
    ['unchanged', result.unchanged],
    ['skipped', result.skipped.length],
  ] as const;
  return (
    <section aria-live="polite" className="flex flex-col gap-3 rounded-card border border-line bg-panel p-4">
      <h3 className="font-semibold">
        {t('backoffice.fixturesImport.resultTitle', {
          file: result.file,
          competition: result.competition,
          season: result.season,
        })}
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(([key, n]) => (
          <div key={key} className="rounded-lg border border-line px-3 py-2">
            <dt className="text-xs uppercase tracking-wide text-ink-subtle">
              {t(`backoffice.fixturesImport.${key}`)}
            </dt>
            <dd className="font-display text-2xl font-bold" data-testid={`import-${key}`}>
              {n}
            </dd>
          </div>
        ))}
      </dl>
      {result.skipped.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold">{t('backoffice.fixturesImport.skippedTitle')}</h4>
          <ul className="mt-1 list-disc pl-5 text-sm text-ink-muted">
            {result.skipped.map((s) => (
              <li key={s.match.index} className="break-words">
                {t('backoffice.fixturesImport.skippedMatch', {
                  index: s.match.index + 1,
                  home: s.match.homeTeam ?? '?',
                  away: s.match.awayTeam ?? '?',
                  reason: s.reason,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** Back office: import one openfootball JSON file of fixtures and results (POST /admin/fixtures/import). */
export function FixturesTab() {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const upload = useImportFixtures();
  const error = useErrorMessage(upload.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      input.current?.focus();
      return;
    }
    setMissing(false);
    upload.mutate(file);
  };

  return (
    <section className="flex flex-col gap-4">
      <SectionTitle>{t('backoffice.fixturesImport.title')}</SectionTitle>
      <p id={hintId} className="max-w-prose text-sm text-ink-muted">
        {t('backoffice.fixturesImport.lede')}
      </p>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-semibold">
            {t('backoffice.fixturesImport.file')}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            name="file"
            accept=".json,application/json"
            aria-describedby={hintId}
            aria-invalid={missing || undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setMissing(false);
              upload.reset();
            }}
            className="block w-full min-w-0 max-w-full text-sm file:mr-3 file:h-11 file:rounded-lg file:border file:border-line file:bg-panel file:px-3 file:font-semibold file:text-ink"
          />
        </div>
        <Button type="submit" variant="primary" isLoading={upload.isPending}>
          {upload.isPending ? t('backoffice.fixturesImport.pending') : t('backoffice.fixturesImport.submit')}
        </Button>
      </form>
      {missing ? <ErrorNote message={t('backoffice.fixturesImport.chooseFile')} /> : null}
      <ErrorNote message={error} />
      {upload.data ? <ImportReport result={upload.data} /> : null}
    </section>
  );
}
