import type { AiModelFigures } from '@tips/contract/ai-model.schemas';
import { useTranslation } from 'react-i18next';
import { CalibrationChart } from './calibration-chart';

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

/** "How our AI models work": the model in plain words, the backtest figures and the calibration chart. */
export function AiModelSection({ figures }: { figures: AiModelFigures | undefined }) {
  const { t } = useTranslation();
  const bt = figures?.backtest;
  const rows = bt
    ? [
        { key: 'dixonColes', m: bt },
        { key: 'poisson', m: bt.baselines.poisson },
        { key: 'baseRates', m: bt.baselines.baseRates },
      ]
    : [];
  return (
    <section
      aria-labelledby="ai-how"
      data-testid="ai-model-section"
      className="grid grid-cols-1 gap-8 rounded-card border border-line bg-hero p-6 md:p-10 lg:grid-cols-[1.1fr_1fr] lg:gap-12"
    >
      <div className="flex min-w-0 flex-col gap-4">
        <h2 id="ai-how" className="font-display text-2xl font-extrabold uppercase tracking-wide md:text-3xl">
          <span
            className="me-2 inline-block h-6 w-1.5 rounded-full bg-gold-400 align-[-0.1em]"
            aria-hidden="true"
          />
          {t('aiModel.howTitle')}
        </h2>
        <p className="text-ink-muted">{t('aiModel.howText1')}</p>
        <p className="text-ink-muted">{t('aiModel.howText2')}</p>
        <p className="text-ink-muted">{t('aiModel.howText3')}</p>
        {bt && (
          <div className="flex flex-col gap-2">
            <h3 className="font-semibold text-ink">
              {t('aiModel.backtestTitle', {
                seasons: bt.seasons.join(', '),
                competitions: bt.competitions.join(', '),
              })}
            </h3>
            <p className="text-sm text-ink-muted">{t('aiModel.backtestIntro', { n: bt.n })}</p>
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="ai-backtest-table">
                <thead>
                  <tr className="text-start text-ink-subtle">
                    <th className="py-1 pe-3 text-start font-semibold">{t('aiModel.table.model')}</th>
                    <th className="py-1 pe-3 text-end font-semibold">{t('aiModel.table.accuracy')}</th>
                    <th className="py-1 text-end font-semibold">{t('aiModel.table.rps')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map(({ key, m }) => (
                    <tr key={key} className="border-t border-line">
                      <td className="py-1 pe-3 text-ink">{t(`aiModel.table.${key}`)}</td>
                      <td className="py-1 pe-3 text-end tabular-nums">{pct(m.accuracy)}</td>
                      <td className="py-1 text-end tabular-nums">{m.rps.toFixed(4)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
        <p className="text-sm text-ink-subtle">{t('aiModel.disclaimer')}</p>
      </div>
      {bt && (
        <div className="flex min-w-0 flex-col gap-3">
          <h3 className="font-semibold text-ink">{t('aiModel.calibrationTitle')}</h3>
          <CalibrationChart bands={bt.calibration} />
        </div>
      )}
    </section>
  );
}
