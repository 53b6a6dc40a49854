/**
 * Every competition the openfootball files carry: display name, country key (pools a country's
 * divisions in one model; 'eu' for UEFA), the IANA zone its local kick-off times are written in,
 * and the tier (null for cups). A file whose code is not here is reported and skipped.
 *
 * Time zones were checked against the data, not assumed:
 * - uefa.cl: kick-offs are 20:45 until 2017-18, then 21:00 and 18:55/18:45 — UEFA's slots in
 *   Central European Time (the 2025 final, Munich, is listed at 21:00): Europe/Berlin.
 * - au.1: Perth Glory's home games are listed at 21:45 (18:45 in Perth): Sydney time.
 * - br.1, mx.1, ar.1: the usual local slots (Brazil 16:00/19:00/21:30; the Liga MX 2025 final
 *   in Toluca at 19:00): the country's capital zone.
 * - mls: not in the bundled snapshot; openfootball writes MLS times in US Eastern (unverified here).
 */
export interface CompetitionInfo {
  code: string;
  name: string;
  country: string;
  timeZone: string;
  tier: number | null;
  /** 'split' seasons run July–June ('2024-25'); 'calendar' seasons are one year ('2024'). */
  seasonStyle: 'split' | 'calendar';
}

type Entry = [name: string, tier: number | null];

function country(
  key: string,
  timeZone: string,
  entries: Record<string, Entry>,
  seasonStyle: CompetitionInfo['seasonStyle'] = 'split',
): CompetitionInfo[] {
  return Object.entries(entries).map(([code, [name, tier]]) => ({
    code,
    name,
    country: key,
    timeZone,
    tier,
    seasonStyle,
  }));
}

const ALL: CompetitionInfo[] = [
  ...country('en', 'Europe/London', {
    'en.1': ['English Premier League', 1],
    'en.2': ['English Championship', 2],
    'en.3': ['English League One', 3],
    'en.4': ['English League Two', 4],
  }),
  ...country('de', 'Europe/Berlin', {
    'de.1': ['Bundesliga', 1],
    'de.2': ['2. Bundesliga', 2],
    'de.3': ['3. Liga', 3],
    'de.cup': ['DFB-Pokal', null],
  }),
  ...country('es', 'Europe/Madrid', { 'es.1': ['La Liga', 1], 'es.2': ['Segunda División', 2] }),
  ...country('it', 'Europe/Rome', { 'it.1': ['Serie A', 1], 'it.2': ['Serie B', 2] }),
  ...country('fr', 'Europe/Paris', { 'fr.1': ['Ligue 1', 1], 'fr.2': ['Ligue 2', 2] }),
  ...country('nl', 'Europe/Amsterdam', { 'nl.1': ['Eredivisie', 1] }),
  ...country('pt', 'Europe/Lisbon', { 'pt.1': ['Primeira Liga', 1] }),
  ...country('be', 'Europe/Brussels', { 'be.1': ['Belgian Pro League', 1] }),
  ...country('at', 'Europe/Vienna', {
    'at.1': ['Austrian Bundesliga', 1],
    'at.2': ['Austrian 2. Liga', 2],
    'at.cup': ['ÖFB Cup', null],
  }),
  ...country('ch', 'Europe/Zurich', {
    'ch.1': ['Swiss Super League', 1],
    'ch.2': ['Swiss Challenge League', 2],
  }),
  ...country('sco', 'Europe/London', { 'sco.1': ['Scottish Premiership', 1] }),
  ...country('tr', 'Europe/Istanbul', { 'tr.1': ['Süper Lig', 1], 'tr.2': ['TFF First League', 2] }),
  ...country('gr', 'Europe/Athens', { 'gr.1': ['Greek Super League', 1] }),
  ...country('ru', 'Europe/Moscow', {
    'ru.1': ['Russian Premier League', 1],
    'ru.2': ['Russian First League', 2],
  }),
  ...country('cz', 'Europe/Prague', { 'cz.1': ['Czech First League', 1] }),
  ...country('hu', 'Europe/Budapest', { 'hu.1': ['Hungarian NB I', 1] }),
  ...country('dz', 'Africa/Algiers', { 'dz.1': ['Algerian Ligue 1', 1] }),
  ...country('eg', 'Africa/Cairo', { 'eg.1': ['Egyptian Premier League', 1] }),
  ...country('ma', 'Africa/Casablanca', { 'ma.1': ['Botola Pro', 1] }),
  ...country('br', 'America/Sao_Paulo', { 'br.1': ['Brasileirão Série A', 1] }, 'calendar'),
  ...country('ar', 'America/Argentina/Buenos_Aires', { 'ar.1': ['Argentine Primera División', 1] }),
  ...country('mx', 'America/Mexico_City', { 'mx.1': ['Liga MX', 1] }),
  ...country('us', 'America/New_York', { mls: ['Major League Soccer', 1] }, 'calendar'),
  ...country('jp', 'Asia/Tokyo', { 'jp.1': ['J1 League', 1] }, 'calendar'),
  ...country('cn', 'Asia/Shanghai', { 'cn.1': ['Chinese Super League', 1] }, 'calendar'),
  ...country('au', 'Australia/Sydney', { 'au.1': ['A-League Men', 1] }),
  ...country('eu', 'Europe/Berlin', { 'uefa.cl': ['UEFA Champions League', null] }),
];

const BY_CODE: ReadonlyMap<string, CompetitionInfo> = new Map(ALL.map((c) => [c.code, c]));

export const COMPETITION_CODES: readonly string[] = ALL.map((c) => c.code);

export function findCompetition(code: string): CompetitionInfo | undefined {
  return BY_CODE.get(code.toLowerCase());
}

const CODE_BY_NAME: ReadonlyMap<string, string> = new Map(ALL.map((c) => [c.name, c.code]));

/**
 * The code of a competition by its display name: tips store the name they copied from their
 * fixture, and the web translates names from the code (a stable key) rather than the English text.
 */
export function competitionCodeOfName(name: string | null): string | null {
  return name === null ? null : (CODE_BY_NAME.get(name) ?? null);
}
