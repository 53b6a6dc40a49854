import { type EmailContent, renderEmail } from './email-layout';
import { type MailLocale, mailLocale } from './mail-i18n';
import type { OutgoingEmail } from './outbox.repo';

/**
 * An email written in `language` (a stored users.language or a request's; unknown → English):
 * `write` gets the locale and returns the subject, the content and, for emails an event may queue
 * twice, the outbox's dedupe key; the layout renders both
 * parts in that language and direction.
 */
export function localizedEmail(
  to: string,
  language: unknown,
  template: string,
  write: (locale: MailLocale) => { subject: string; content: EmailContent; dedupeKey?: string },
): OutgoingEmail {
  const locale = mailLocale(language);
  const { subject, content, dedupeKey } = write(locale);
  return { to, subject, template, ...(dedupeKey ? { dedupeKey } : {}), ...renderEmail(content, locale) };
}
