/**
 * The head tags a page must carry at most once (issue #32): the server writes them into the HTML
 * it sends, and the app updates those same elements after it navigates instead of adding its own
 * beside them (React hoists a rendered <link> or <meta> as one more element, so every page had two
 * canonicals, which disagreed whenever the site was reached under another name). `null` removes
 * the tag.
 */

function setSingle(doc: Document, selector: string, create: () => HTMLElement, value: [string, string]) {
  const [first, ...extra] = Array.from(doc.head.querySelectorAll<HTMLElement>(selector));
  for (const element of extra) element.remove();
  const element = first ?? doc.head.appendChild(create());
  if (element.getAttribute(value[0]) !== value[1]) element.setAttribute(value[0], value[1]);
}

function removeAll(doc: Document, selector: string) {
  for (const element of doc.head.querySelectorAll(selector)) element.remove();
}

export function setHeadLink(rel: string, href: string | null, doc: Document = document): void {
  const selector = `link[rel="${rel}"]`;
  if (href === null) removeAll(doc, selector);
  else setSingle(doc, selector, () => Object.assign(doc.createElement('link'), { rel }), ['href', href]);
}

export function setHeadMeta(name: string, content: string | null, doc: Document = document): void {
  const selector = `meta[name="${name}"]`;
  if (content === null) removeAll(doc, selector);
  else
    setSingle(doc, selector, () => Object.assign(doc.createElement('meta'), { name }), ['content', content]);
}
