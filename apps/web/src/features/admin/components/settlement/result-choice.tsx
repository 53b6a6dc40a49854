import type { TipResultCode } from '@tips/contract/backoffice.schemas';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../../lib/cx';

const RESULTS: readonly TipResultCode[] = ['WIN', 'LOSS', 'VOID'];

const RESULT_STYLE: Record<TipResultCode, string> = {
  WIN: 'peer-checked:border-win peer-checked:bg-win/15 peer-checked:text-win',
  LOSS: 'peer-checked:border-loss peer-checked:bg-loss/15 peer-checked:text-loss',
  VOID: 'peer-checked:border-ink-muted peer-checked:bg-white/10 peer-checked:text-ink',
};

interface ResultChoiceProps {
  /** The radio group's name; the error message's id derives from it. */
  name: string;
  value: TipResultCode | '';
  onChange: (result: TipResultCode) => void;
  error?: string;
}

/** WIN / LOSS / VOID as three large radio buttons. */
export function ResultChoice({ name, value, onChange, error }: ResultChoiceProps) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-2 text-sm font-semibold text-ink">{t('backoffice.common.result')}</legend>
      <div className="grid grid-cols-3 gap-2">
        {RESULTS.map((code) => (
          <label key={code} className="relative">
            <input
              type="radio"
              name={name}
              value={code}
              checked={value === code}
              onChange={() => onChange(code)}
              className="peer sr-only"
            />
            <span
              className={cx(
                'flex h-11 cursor-pointer items-center justify-center rounded-lg border border-line-strong text-sm font-bold uppercase tracking-wide text-ink-muted transition-colors hover:border-pitch-400',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-300',
                RESULT_STYLE[code],
              )}
            >
              {t(`backoffice.result.${code}`)}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} role="alert" className="mt-1.5 text-sm font-medium text-loss">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
