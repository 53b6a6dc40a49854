import { RESET_CODE_TTL_MINUTES } from '@tips/contract';
import { localizedEmail } from '../../infra/mail/localized-email';
import type { OutgoingEmail } from '../../infra/mail/outbox.repo';

// The account emails, in the recipient's language (users.language; unknown → English). Links
// carry one-time codes, so they are built only here and never logged.

export function verificationEmail(
  to: string,
  firstName: string,
  link: string,
  language: string,
): OutgoingEmail {
  return localizedEmail(to, language, 'verify-email', ({ t }) => ({
    subject: t('verify.subject'),
    content: {
      heading: t('verify.heading'),
      paragraphs: [t('common.hello', { name: firstName }), t('verify.body'), t('verify.ignore')],
      action: { label: t('verify.action'), url: link },
    },
  }));
}

export function passwordResetEmail(
  to: string,
  firstName: string,
  link: string,
  language: string,
): OutgoingEmail {
  return localizedEmail(to, language, 'reset-password', ({ t }) => ({
    subject: t('reset.subject'),
    content: {
      heading: t('reset.heading'),
      paragraphs: [
        t('common.hello', { name: firstName }),
        t('reset.body', { minutes: RESET_CODE_TTL_MINUTES }),
        t('reset.ignore'),
      ],
      action: { label: t('reset.action'), url: link },
    },
  }));
}

export function passwordChangedEmail(
  to: string,
  firstName: string,
  how: 'reset' | 'changed',
  language: string,
): OutgoingEmail {
  return localizedEmail(
    to,
    language,
    how === 'reset' ? 'password-reset-done' : 'password-changed',
    ({ t }) => ({
      subject: t('passwordChanged.subject'),
      content: {
        heading: t('passwordChanged.heading'),
        paragraphs: [
          t('common.hello', { name: firstName }),
          how === 'reset' ? t('passwordChanged.reset') : t('passwordChanged.changed'),
          t('passwordChanged.warning'),
        ],
      },
    }),
  );
}

export function emailChangedNotice(
  to: string,
  firstName: string,
  newEmail: string,
  language: string,
): OutgoingEmail {
  return localizedEmail(to, language, 'email-changed', ({ t }) => ({
    subject: t('emailChanged.subject'),
    content: {
      heading: t('emailChanged.heading'),
      paragraphs: [
        t('common.hello', { name: firstName }),
        t('emailChanged.body', { email: newEmail }),
        t('emailChanged.warning'),
      ],
    },
  }));
}

/**
 * The contact form's message goes to the support team, not to the visitor, so it is written in
 * the team's language (English) whatever subdomain it came from; there is no auto-reply.
 */
export function contactEmail(
  supportAddress: string,
  message: { name: string; email: string; subject: string; message: string; id: number },
): OutgoingEmail {
  // Subjects are a header: no line breaks or other control characters from the visitor.
  const subject = message.subject.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').slice(0, 200);
  return localizedEmail(supportAddress, 'en', 'contact-message', ({ t }) => ({
    subject: t('contact.subject', { subject }),
    dedupeKey: `contact:${message.id}`,
    content: {
      heading: t('contact.heading'),
      paragraphs: message.message.split(/\r?\n/),
      rows: [
        [t('contact.name'), message.name],
        [t('contact.email'), message.email],
        [t('contact.subjectLabel'), subject],
        [t('common.reference'), `#${message.id}`],
      ],
    },
  }));
}
