import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';

/**
 * Real, long-standing organisations only (names, numbers and sites as they publish them); the
 * descriptions are translated, the names are not.
 */
const HELP_LINES = [
  {
    id: 'gamblingTherapy',
    name: 'Gambling Therapy',
    url: 'https://www.gamblingtherapy.org',
    phone: null,
    tel: null,
  },
  {
    id: 'gamblersAnonymous',
    name: 'Gamblers Anonymous',
    url: 'https://www.gamblersanonymous.org',
    phone: null,
    tel: null,
  },
  {
    id: 'beGambleAware',
    name: 'BeGambleAware',
    url: 'https://www.begambleaware.org',
    phone: '0808 8020 133',
    tel: '+448088020133',
  },
  {
    id: 'gamCare',
    name: 'GamCare',
    url: 'https://www.gamcare.org.uk',
    phone: '0808 8020 133',
    tel: '+448088020133',
  },
  {
    id: 'ncpg',
    name: 'National Council on Problem Gambling',
    url: 'https://www.ncpgambling.org',
    phone: '1-800-GAMBLER',
    tel: '+18004262537',
  },
  {
    id: 'gamblingHelpOnline',
    name: 'Gambling Help Online',
    url: 'https://www.gamblinghelponline.org.au',
    phone: '1800 858 858',
    tel: '+611800858858',
  },
] as const;

export function HelpLines() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="help-lines-title" className="flex flex-col gap-4">
      <h2
        id="help-lines-title"
        className="font-display text-2xl font-bold uppercase tracking-wide text-gold-200"
      >
        {t('saferGambling.helpTitle')}
      </h2>
      <p className="text-ink-muted">{t('saferGambling.helpIntro')}</p>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {HELP_LINES.map((line) => (
          <li key={line.id}>
            <Card className="flex h-full flex-col gap-2">
              <p className="font-display text-lg font-bold text-ink">{line.name}</p>
              <p className="text-xs font-bold uppercase tracking-[0.14em] text-gold-300">
                {t(`saferGambling.lines.${line.id}.region`)}
              </p>
              <p className="text-sm text-ink-muted">{t(`saferGambling.lines.${line.id}.text`)}</p>
              <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
                {line.phone ? (
                  <a href={`tel:${line.tel}`} className="text-gold-200 underline underline-offset-4">
                    {line.phone}
                  </a>
                ) : null}
                <a
                  href={line.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-gold-200 underline underline-offset-4"
                >
                  {line.url.replace('https://www.', '')}
                </a>
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
