import { PERSON_TIERS, type PersonTier, TIER_RULES, type TierShortfall } from '@tips/contract/rules';
import { localizedEmail } from '../../infra/mail/localized-email';
import type { MailLocale } from '../../infra/mail/mail-i18n';
import type { OutgoingEmail } from '../../infra/mail/outbox.repo';

// The tier emails (issue #28 parts 2 and 5, decision 165), in the tipster's language: a move up or
// down and why, and the warning when the record falls below the tier's keep bar.

export interface TierEmailRecipient {
  email: string;
  firstName: string;
  language: string;
}

/** Why the tier changed: the daily review (with what the record missed) or an admin (with the reason). */
export type TierChangeCause =
  | { by: 'rules'; missed: readonly TierShortfall[] }
  | { by: 'admin'; reason: string };

type T = MailLocale['t'];

function tierName(t: T, tier: string): string {
  return t(`tier.names.${tier}`, { defaultValue: tier });
}

function formatValue(t: T, shortfall: TierShortfall, value: number | boolean | null): string {
  if (value === null) return '—';
  switch (shortfall.criterion) {
    case 'yield':
      return `${value} %`;
    case 'luck':
      return t('tier.oneIn', { n: value });
    case 'verified':
      return t(value ? 'tier.yes' : 'tier.no');
    default:
      return String(value);
  }
}

/** One row per missed criterion: its name, then "what the record has (needs …)". */
function shortfallRows(t: T, missed: readonly TierShortfall[]): Array<[string, string]> {
  return missed.map((m) => [
    t(`tier.criteria.${m.criterion}`),
    t('tier.needs', { actual: formatValue(t, m, m.actual), required: formatValue(t, m, m.required) }),
  ]);
}

export function tierChangedEmail(
  to: TierEmailRecipient,
  change: { tipsterId: number; from: string; to: PersonTier; day: string },
  cause: TierChangeCause,
  tiersUrl: string,
): OutgoingEmail {
  const rank = (tier: string) => (PERSON_TIERS as readonly string[]).indexOf(tier);
  const isUp = rank(change.to) > rank(change.from);
  return localizedEmail(to.email, to.language, isUp ? 'tier-promoted' : 'tier-demoted', ({ t }) => {
    const names = { from: tierName(t, change.from), to: tierName(t, change.to) };
    const why =
      cause.by === 'admin'
        ? t('tier.byAdmin', { ...names, reason: cause.reason })
        : isUp
          ? t('tier.promotedBody', names)
          : t('tier.demotedBody', { ...names, days: TIER_RULES.demotionWindowDays });
    return {
      subject: t(isUp ? 'tier.promotedSubject' : 'tier.demotedSubject', names),
      // The same move on the same day is mailed once, whichever process or admin made it.
      dedupeKey: `tier:${change.tipsterId}:${change.from}>${change.to}:${change.day}`,
      content: {
        heading: t(isUp ? 'tier.promotedHeading' : 'tier.demotedHeading', names),
        paragraphs: [
          to.firstName ? t('common.hello', { name: to.firstName }) : t('common.helloNoName'),
          why,
          ...(change.to === 'NOVICE' ? [t('tier.noviceFreeOnly')] : []),
        ],
        rows: cause.by === 'rules' ? shortfallRows(t, cause.missed) : [],
        action: { label: t('tier.rulesLink'), url: tiersUrl },
      },
    };
  });
}

export function tierWarningEmail(
  to: TierEmailRecipient,
  warning: { tipsterId: number; tier: PersonTier; day: string; missed: readonly TierShortfall[] },
  tiersUrl: string,
): OutgoingEmail {
  return localizedEmail(to.email, to.language, 'tier-warning', ({ t }) => {
    const tier = tierName(t, warning.tier);
    return {
      subject: t('tier.warningSubject', { tier }),
      dedupeKey: `tier-warning:${warning.tipsterId}:${warning.day}`,
      content: {
        heading: t('tier.warningHeading', { tier }),
        paragraphs: [
          to.firstName ? t('common.hello', { name: to.firstName }) : t('common.helloNoName'),
          t('tier.warningBody', { tier, days: TIER_RULES.demotionWindowDays }),
        ],
        rows: shortfallRows(t, warning.missed),
        action: { label: t('tier.rulesLink'), url: tiersUrl },
      },
    };
  });
}
