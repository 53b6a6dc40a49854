import { formatCentsPlain } from '@tips/contract';
import { localizedEmail } from '../../infra/mail/localized-email';
import { bettingTypeLabel, type MailLocale, selectionLabel } from '../../infra/mail/mail-i18n';
import type { OutgoingEmail } from '../../infra/mail/outbox.repo';
import type { AlertRow } from './alert-mailer.repo';

/**
 * Alert emails in the follower's language: a new tip (instant) or a day's new tips (digest).
 * They show match, competition, market, kick-off, odds and price; the pick only when the tip is
 * free (AlertRow.free_selection is null for a paid tip, so it cannot be written by mistake).
 * Every one carries the RFC 8058 one-click unsubscribe headers and the same signed link.
 */

export interface AlertLinks {
  publicUrl: string;
  /** Signed unsubscribe URL (API, answers the one-click POST). */
  oneClickUrl: string;
  /** The web page a person lands on from the link in the body (asks before it unsubscribes). */
  pageUrl: string;
}

const kickOffFormats = new Map<string, Intl.DateTimeFormat>();

/** Kick-off in UTC, written the recipient's way; English as en-GB (day before month). */
function kickOff(eventTime: string | Date, locale: MailLocale): string {
  const tag = locale.language === 'en' ? 'en-GB' : locale.htmlLang;
  let format = kickOffFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, {
      dateStyle: 'medium',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    kickOffFormats.set(tag, format);
  }
  return `${format.format(new Date(eventTime))} UTC`;
}

const matchOf = (row: AlertRow) => `${row.home_team} vs ${row.away_team}`;

function priceLabel(row: AlertRow, locale: MailLocale): string {
  return row.price_cents === 0
    ? locale.t('tipAlert.free')
    : locale.t('common.credits', { amount: formatCentsPlain(row.price_cents) });
}

function tipRows(row: AlertRow, locale: MailLocale): Array<[string, string]> {
  const { t } = locale;
  return [
    [t('tipAlert.match'), matchOf(row)],
    [t('tipAlert.competition'), row.league],
    [t('tipAlert.market'), bettingTypeLabel(row.betting_type, locale)],
    [t('tipAlert.kickoff'), kickOff(row.event_time, locale)],
    [t('tipAlert.odds'), formatCentsPlain(row.odds_hundredths)],
    [t('tipAlert.price'), priceLabel(row, locale)],
    ...(row.free_selection !== null
      ? [[t('tipAlert.pick'), selectionLabel(row.free_selection, locale)] as [string, string]]
      : []),
  ];
}

function unsubscribeHeaders(links: AlertLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function tipAlertEmail(row: AlertRow, links: AlertLinks): OutgoingEmail {
  const email = localizedEmail(row.email, row.language, 'tip-alert', (locale) => {
    const { t } = locale;
    const tipster = row.tipster_name;
    return {
      subject: t('tipAlert.subject', { tipster, match: matchOf(row) }),
      // One email per (follower, tip), whatever retries or processes do.
      dedupeKey: `tip-alert:${row.user_id}:${row.tip_id}`,
      content: {
        heading: t('tipAlert.heading', { tipster }),
        paragraphs: [
          t('tipAlert.body', { tipster }),
          ...(row.free_selection === null ? [t('tipAlert.paidNote')] : []),
        ],
        rows: tipRows(row, locale),
        action: { label: t('tipAlert.action'), url: `${links.publicUrl}/tipster-profile/${row.tipster_id}` },
        footer: t('tipAlert.why', { tipster }),
        footerLink: { label: t('tipAlert.unsubscribe', { tipster }), url: links.pageUrl },
      },
    };
  });
  return { ...email, headers: unsubscribeHeaders(links) };
}

/** One email for a day's tips of every followed tipster in digest mode (period = the UTC day). */
export function tipDigestEmail(rows: readonly AlertRow[], period: string, links: AlertLinks): OutgoingEmail {
  const [first] = rows;
  const email = localizedEmail(first.email, first.language, 'tip-digest', (locale) => {
    const { t } = locale;
    return {
      subject: t('tipDigest.subject', { count: rows.length }),
      dedupeKey: `tip-digest:${first.user_id}:${period}`,
      content: {
        heading: t('tipDigest.heading'),
        paragraphs: [
          t('tipDigest.body'),
          ...(rows.some((r) => r.free_selection === null) ? [t('tipAlert.paidNote')] : []),
        ],
        rows: rows.map((row) => [
          `${row.tipster_name}: ${matchOf(row)}`,
          [
            bettingTypeLabel(row.betting_type, locale),
            row.league,
            kickOff(row.event_time, locale),
            `@ ${formatCentsPlain(row.odds_hundredths)}`,
            priceLabel(row, locale),
            ...(row.free_selection !== null
              ? [`${t('tipAlert.pick')}: ${selectionLabel(row.free_selection, locale)}`]
              : []),
          ].join(' · '),
        ]),
        action: { label: t('tipDigest.action'), url: `${links.publicUrl}/dashboard` },
        footer: t('tipDigest.why'),
        footerLink: { label: t('tipDigest.unsubscribe'), url: links.pageUrl },
      },
    };
  });
  return { ...email, headers: unsubscribeHeaders(links) };
}
