/** Escapes text for HTML bodies: nothing a user typed may become markup in an email. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface EmailContent {
  heading: string;
  paragraphs: string[];
  /** Key/value rows, e.g. a tip's match, market and selection. */
  rows?: Array<[string, string]>;
  action?: { label: string; url: string };
  footer?: string;
  /** A link under the footer, e.g. the one-click unsubscribe of alert emails. */
  footerLink?: { label: string; url: string };
}

const BRAND = 'Tips Market';

/**
 * The footer's current year, filled in by the outbox worker from its clock when the email is
 * sent (emails are rendered when queued, inside the transaction of their event, which has no
 * business knowing the calendar): the footer never goes stale like the hard-coded "2015-2025".
 */
export const FOOTER_YEAR = '{{footer-year}}';
const DEFAULT_FOOTER = `${BRAND} · 2015–${FOOTER_YEAR}`;

/** The email as sent: the footer's year from the sender's clock. */
export function withFooterYear(body: string, now: Date): string {
  return body.replaceAll(FOOTER_YEAR, String(now.getUTCFullYear()));
}

/** The recipient's language as the HTML needs it; English left-to-right when not given. */
export interface EmailDirection {
  htmlLang: string;
  dir: 'ltr' | 'rtl';
}

/**
 * One layout for every email, as HTML and plain text; all values are escaped. `lang` and `dir`
 * go on <html> and the content block, so a right-to-left language (Arabic, Hebrew) reads and
 * aligns from the right in mail clients that ignore one or the other.
 */
export function renderEmail(
  content: EmailContent,
  locale: EmailDirection = { htmlLang: 'en', dir: 'ltr' },
): { html: string; text: string } {
  const lang = escapeHtml(locale.htmlLang);
  // The gap between label and value sits on the label's inner side, whichever way the text runs.
  const labelPadding = locale.dir === 'rtl' ? '4px 0 4px 12px' : '4px 12px 4px 0';
  const rowsHtml = content.rows?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${content.rows
        .map(
          ([k, v]) =>
            `<tr><td style="padding:${labelPadding};color:#555">${escapeHtml(k)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const actionHtml = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#c9a227;color:#10231a;padding:10px 20px;border-radius:999px;text-decoration:none;font-weight:700">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const footerLinkHtml = content.footerLink
    ? `\n<p style="font-size:12px;margin-top:4px"><a href="${escapeHtml(content.footerLink.url)}" style="color:#0f5132">${escapeHtml(content.footerLink.label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${lang}" dir="${locale.dir}"><body style="margin:0;background:#f4f6f5;font-family:Arial,Helvetica,sans-serif;color:#10231a">
<div dir="${locale.dir}" style="max-width:560px;margin:0 auto;padding:24px;text-align:${locale.dir === 'rtl' ? 'right' : 'left'}">
<div style="font-size:20px;font-weight:700;color:#0f5132;margin-bottom:16px">${BRAND}</div>
<div style="background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${rowsHtml}${actionHtml}
</div>
<p style="font-size:12px;color:#666;margin-top:16px">${escapeHtml(content.footer ?? DEFAULT_FOOTER)}</p>${footerLinkHtml}
</div></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs,
    ...(content.rows?.length ? ['', ...content.rows.map(([k, v]) => `${k}: ${v}`)] : []),
    ...(content.action ? ['', `${content.action.label}: ${content.action.url}`] : []),
    '',
    content.footer ?? DEFAULT_FOOTER,
    ...(content.footerLink ? [`${content.footerLink.label}: ${content.footerLink.url}`] : []),
  ].join('\n');
  return { html, text };
}
