// Handles, addresses and codes are left-to-right text. Inside an Arabic or Hebrew sentence the
// bidi algorithm moves their punctuation ("@tipsmarket_support" shows as "tipsmarket_support@"):
// isolate them. In JSX use <bdi dir="ltr">; inside a translated string, these isolate marks.
const LEFT_TO_RIGHT_ISOLATE = '\u2066';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** `text` as a left-to-right island for interpolation into a translated sentence. */
export function isolateLtr(text: string): string {
  return `${LEFT_TO_RIGHT_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}
