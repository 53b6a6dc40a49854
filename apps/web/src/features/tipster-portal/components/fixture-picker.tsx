import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTROL_CLASSES, Field, fieldDescriptionIds } from '../../../components/ui/field';
import { cx } from '../../../lib/cx';
import { type UpcomingFixture, useUpcomingFixtures } from '../api/tipster-portal-api';

const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function fixtureTitle(fixture: Pick<UpcomingFixture, 'homeTeam' | 'awayTeam'>): string {
  return `${fixture.homeTeam} – ${fixture.awayTeam}`;
}

function useKickoffText() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));
}

interface FixturePickerProps {
  value: UpcomingFixture | null;
  onChange: (fixture: UpcomingFixture | null) => void;
  error?: string;
}

/**
 * A combobox over GET /api/fixtures (upcoming only): type a team or a competition, pick with the
 * arrow keys and Enter (or a click). Shows "Home – Away", the competition and the local kick-off.
 */
export function FixturePicker({ value, onChange, error }: FixturePickerProps) {
  const { t } = useTranslation();
  const kickoffText = useKickoffText();
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const query = useUpcomingFixtures(search);
  const options = query.data?.data ?? [];
  const hint = value
    ? `${value.competition.name} · ${kickoffText(value.kickoffAt)}`
    : t('backoffice.publish.searchHint');

  function pick(fixture: UpcomingFixture) {
    onChange(fixture);
    setText(fixtureTitle(fixture));
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const fixture = options[active];
      if (fixture) pick(fixture);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const loading = query.isFetching && options.length === 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <Field id={inputId} label={t('backoffice.publish.match')} hint={hint} error={error}>
      <div className="relative">
        <input
          id={inputId}
          type="search"
          role="combobox"
          autoComplete="off"
          placeholder={t('backoffice.publish.searchPlaceholder')}
          className={cx(CONTROL_CLASSES)}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && options[active] ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescriptionIds(inputId, hint, error)}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
            if (value) onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {open ? (
          <div className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto rounded-lg border border-line-strong bg-pitch-900 shadow-xl">
            {loading ? (
              <p role="status" className="px-3.5 py-3 text-sm text-ink-subtle">
                {t('backoffice.publish.searching')}
              </p>
            ) : query.isError ? (
              <p role="alert" className="px-3.5 py-3 text-sm text-loss">
                {t('backoffice.publish.searchFailed')}
              </p>
            ) : options.length === 0 ? (
              <p role="status" className="px-3.5 py-3 text-sm text-ink-subtle">
                {t('backoffice.publish.noMatches')}
              </p>
            ) : null}
            <div id={listId} role="listbox" aria-label={t('backoffice.publish.match')}>
              {query.isError
                ? null
                : options.map((fixture, index) => (
                    <div
                      key={fixture.id}
                      id={optionId(index)}
                      role="option"
                      // Focus stays in the search box (aria-activedescendant); options are not tab stops.
                      tabIndex={-1}
                      aria-selected={index === active}
                      className={cx(
                        'cursor-pointer px-3.5 py-2.5 text-sm',
                        index === active ? 'bg-gold-400/15 text-ink' : 'text-ink-muted',
                      )}
                      // Picks before the input's blur closes the list.
                      onMouseDown={(event) => {
                        event.preventDefault();
                        pick(fixture);
                      }}
                      onMouseEnter={() => setActive(index)}
                    >
                      <span className="block font-semibold text-ink">{fixtureTitle(fixture)}</span>
                      <span className="block text-xs text-ink-subtle">
                        {fixture.competition.name} · {kickoffText(fixture.kickoffAt)}
                      </span>
                    </div>
                  ))}
            </div>
          </div>
        ) : null}
      </div>
    </Field>
  );
}
