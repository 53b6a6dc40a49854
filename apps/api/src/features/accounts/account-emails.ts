import { RESET_CODE_TTL_MINUTES } from '@tips/contract';
import { renderEmail } from '../../infra/mail/email-layout';
import type { OutgoingEmail } from '../../infra/mail/outbox.repo';

// The account emails. Links carry one-time codes, so they are built only here and never logged.

export function verificationEmail(to: string, firstName: string, link: string): OutgoingEmail {
  return {
    to,
    subject: 'Verify your email address',
    template: 'verify-email',
    ...renderEmail({
      heading: 'Confirm your email address',
      paragraphs: [
        `Hello ${firstName},`,
        'Please confirm that this address belongs to you by opening the link below.',
        'If you did not ask for this, you can ignore this email.',
      ],
      action: { label: 'Verify email', url: link },
    }),
  };
}

export function passwordResetEmail(to: string, firstName: string, link: string): OutgoingEmail {
  return {
    to,
    subject: 'Reset your password',
    template: 'reset-password',
    ...renderEmail({
      heading: 'Reset your password',
      paragraphs: [
        `Hello ${firstName},`,
        `Someone asked to reset the password of your account. The link below is valid for ${RESET_CODE_TTL_MINUTES} minutes and works once.`,
        'If it was not you, ignore this email: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url: link },
    }),
  };
}

export function passwordChangedEmail(to: string, firstName: string, how: 'reset' | 'changed'): OutgoingEmail {
  return {
    to,
    subject: 'Your password was changed',
    template: how === 'reset' ? 'password-reset-done' : 'password-changed',
    ...renderEmail({
      heading: 'Your password was changed',
      paragraphs: [
        `Hello ${firstName},`,
        how === 'reset'
          ? 'The password of your account was just reset. You have been signed out everywhere.'
          : 'The password of your account was just changed. Other devices have been signed out.',
        'If this was not you, reset your password now and contact support.',
      ],
    }),
  };
}

export function emailChangedNotice(to: string, firstName: string, newEmail: string): OutgoingEmail {
  return {
    to,
    subject: 'Your email address was changed',
    template: 'email-changed',
    ...renderEmail({
      heading: 'Your email address was changed',
      paragraphs: [
        `Hello ${firstName},`,
        `Your account now uses the address ${newEmail}. Emails will no longer be sent here.`,
        'If this was not you, contact support right away.',
      ],
    }),
  };
}

export function contactEmail(
  supportAddress: string,
  message: { name: string; email: string; subject: string; message: string; id: number },
): OutgoingEmail {
  // Subjects are a header: no line breaks or other control characters from the visitor.
  const subject = message.subject.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').slice(0, 200);
  return {
    to: supportAddress,
    subject: `Contact form: ${subject}`,
    template: 'contact-message',
    dedupeKey: `contact:${message.id}`,
    ...renderEmail({
      heading: 'New message from the contact form',
      paragraphs: message.message.split(/\r?\n/),
      rows: [
        ['Name', message.name],
        ['Email', message.email],
        ['Subject', subject],
        ['Reference', `#${message.id}`],
      ],
    }),
  };
}
