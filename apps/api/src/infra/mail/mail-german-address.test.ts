import { describe, expect, it } from 'vitest';
import { verificationEmail } from '../../features/accounts/account-emails';
import { MAIL_CATALOGUES, mailLocale } from './mail-i18n';

/**
 * The German site speaks to the user as "du" (apps/web/src/lib/ux-translations.test.ts); its emails
 * must too. The formal pronouns are capitalised wherever they stand, so a capitalised "Ihr…" or
 * "Ihnen" is always formal, and so is "Sie" inside a sentence. Lowercase "sie"/"ihr" (they, her,
 * their) is ordinary German and never matched. A sentence-initial "Sie" could mean "they": such a
 * string would have to be listed here by key, with the reason, to pass.
 */
const SENTENCE_INITIAL_SIE_MEANS_THEY = new Set<string>([]);

const POSSESSIVE_OR_DATIVE = /\b(Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/;
/** "Sie" after a word (not at the start of the text or after . ! ? : or an opening quote). */
const SIE_MID_SENTENCE = /[\p{L}\p{N},;)}]\s+Sie\b/u;
const SIE_ANYWHERE = /\bSie\b/;

function formalAddress(key: string, text: string): boolean {
  if (POSSESSIVE_OR_DATIVE.test(text) || SIE_MID_SENTENCE.test(text)) return true;
  return SIE_ANYWHERE.test(text) && !SENTENCE_INITIAL_SIE_MEANS_THEY.has(key);
}

function entries(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (!tree || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => entries(value, prefix ? `${prefix}.${key}` : key));
}

const german = entries(MAIL_CATALOGUES.de);

describe('German email wording', () => {
  it('tells the formal address from ordinary German', () => {
    expect(formalAddress('x', 'Bestätigen Sie Ihre E-Mail-Adresse')).toBe(true);
    expect(formalAddress('x', 'Wir senden Ihnen die Daten.')).toBe(true);
    expect(formalAddress('x', 'Das Passwort Ihres Kontos')).toBe(true);
    expect(formalAddress('x', 'Wenn Sie das nicht waren')).toBe(true);
    expect(formalAddress('x', 'Sie erhalten diese E-Mail')).toBe(true);
    expect(formalAddress('x', 'Du findest sie außerdem im Dashboard.')).toBe(false);
    expect(formalAddress('x', 'Die Tipps, die ihr Tippgeber veröffentlicht')).toBe(false);
    expect(formalAddress('x', 'Bestätige deine E-Mail-Adresse')).toBe(false);
  });

  it('speaks to the user as "du" in every string, never "Sie"', () => {
    expect(german.length).toBeGreaterThan(50);
    const formal = german
      .filter(([key, text]) => formalAddress(key, text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(formal).toEqual([]);
    // Not vacuous: the catalogue does address the reader, informally.
    expect(
      german.filter(([, text]) => /\b(du|Du|dein\w*|Dein\w*|dir|Dir|dich)\b/.test(text)).length,
    ).toBeGreaterThan(30);
  });

  it('renders a German email with the informal address', () => {
    const email = verificationEmail('a@example.test', 'Anna', 'https://x.test/verify-email/c', 'de');
    for (const text of [email.subject, email.text]) expect(formalAddress('rendered', text)).toBe(false);
    expect(email.subject).toBe('Bestätige deine E-Mail-Adresse');
    expect(mailLocale('de').t('tipAlert.why', { tipster: 'Max' })).toBe(
      'Du erhältst diese E-Mail, weil du Max folgst.',
    );
  });
});
