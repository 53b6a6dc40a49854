/**
 * Control characters no text field accepts: C0 but tab, line feed and carriage return (multi-line
 * fields keep their line breaks), DEL and C1. Zod-free, so the web can test a value too.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasNoControlCharacters(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value);
}
