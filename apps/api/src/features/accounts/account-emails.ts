import { RESET_CODE_TTL_MINUTES } from '@tips/contract';
import { renderEmail } from '../../infra/mail/email-layout';
import { mailLocale } from '../../infra/mail/mail-i18n';
import type { OutgoingEmail } from '../../infra/mail/outbox.repo';

// The account emails, in the recipient's language (users.language; unknown → English). Links
// carry one-time codes, so they are built only here and never logged.

export function verificationEmail(
  to: string,
  firstName: string,
  link: string,
  language: string,
): OutgoingEmail {
  const locale = mailLocale(language);
  const { t } = locale;
  return {
    to,
    subject: t('verify.subject'),
    template: 'verify-email',
    ...renderEmail(
      {
        heading: t('verify.heading'),
        paragraphs: [t('common.hello', { name: firstName }), t('verify.body'), t('verify.ignore')],
        action: { label: t('verify.action'), url: link },
      },
      locale,
    ),
  };
}

export function passwordResetEmail(
  to: string,
  firstName: string,
  link: string,
  language: string,
): OutgoingEmail {
  const locale = mailLocale(language);
  const { t } = locale;
  return {
    to,
    subject: t('reset.subject'),
    template: 'reset-password',
    ...renderEmail(
      {
        heading: t('reset.heading'),
        paragraphs: [
          t('common.hello', { name: firstName }),
          t('reset.body', { minutes: RESET_CODE_TTL_MINUTES }),
          t('reset.ignore'),
        ],
        action: { label: t('reset.action'), url: link },
      },
      locale,
    ),
  };
}

export function passwordChangedEmail(
  to: string,
  firstName: string,
  how: 'reset' | 'changed',
  language: string,
): OutgoingEmail {
  const locale = mailLocale(language);
  const { t } = locale;
  return {
    to,
    subject: t('passwordChanged.subject'),
    template: how === 'reset' ? 'password-reset-done' : 'password-changed',
    ...renderEmail(
      {
        heading: t('passwordChanged.heading'),
        paragraphs: [
          t('common.hello', { name: firstName }),
          how === 'reset' ? t('passwordChanged.reset') : t('passwordChanged.changed'),
          t('passwordChanged.warning'),
        ],
      },
      locale,
    ),
  };
}

export function emailChangedNotice(
  to: string,
  firstName: string,
  newEmail: string,
  language: string,
): OutgoingEmail {
  const locale = mailLocale(language);
  const { t } = locale;
  return {
    to,
    subject: t('emailChanged.subject'),
    template: 'email-changed',
    ...renderEmail(
      {
        heading: t('emailChanged.heading'),
        paragraphs: [
          t('common.hello', { name: firstName }),
          t('emailChanged.body', { email: newEmail }),
          t('emailChanged.warning'),
        ],
      },
      locale,
    ),
  };
}

/**
 * The contact form's message goes to the support team, not to the visitor, so it is written in
 * the team's language (English) whatever subdomain it came from; there is no auto-reply.
 */
export function contactEmail(
  supportAddress: string,
  message: { name: string; email: string; subject: string; message: string; id: number },
): OutgoingEmail {
  const locale = mailLocale('en');
  const { t } = locale;
  // Subjects are a header: no line breaks or other control characters from the visitor.
  const subject = message.subject.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').slice(0, 200);
  return {
    to: supportAddress,
    subject: t('contact.subject', { subject }),
    template: 'contact-message',
    dedupeKey: `contact:${message.id}`,
    ...renderEmail(
      {
        heading: t('contact.heading'),
        paragraphs: message.message.split(/\r?\n/),
        rows: [
          [t('contact.name'), message.name],
          [t('contact.email'), message.email],
          [t('contact.subjectLabel'), subject],
          [t('common.reference'), `#${message.id}`],
        ],
      },
      locale,
    ),
  };
}
