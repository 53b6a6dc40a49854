import type { FullConfig } from '@playwright/test';

const HOUR_MS = 3_600_000;

/**
 * Says so at the start of a run when the demo's calendar leaves the day-bound specs nothing to find.
 * The demo replays a real season (decision 062), publishes tips on matches from an hour ahead, and
 * the AI tiers pick a match kicking off within 24 hours; the browser's day is the next 23–24 hours
 * (playwright.config.ts). When the next match is more than a day away (a Sunday evening, UTC, between
 * the last kick-off and 24 hours before Monday's first), the specs that read today's tips or buy an
 * AI pick fail for the clock, not the code. Runs after the web server is up.
 */
export default async function warnWhenTheDemoHasNoMatchToday(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) return;
  const from = new Date(Date.now() + HOUR_MS).toISOString();
  let next: string | undefined;
  try {
    const response = await fetch(`${baseURL}/api/fixtures?from=${encodeURIComponent(from)}&pageSize=1`);
    if (!response.ok) return;
    next = ((await response.json()) as { data: Array<{ kickoffAt: string }> }).data[0]?.kickoffAt;
  } catch {
    return; // A warning's look-up never fails the run; the specs report what is wrong.
  }
  if (next && Date.parse(next) - Date.now() <= 24 * HOUR_MS) return;
  console.warn(
    `\n!! The demo's next match kicks off ${next ?? 'nowhere in its calendar'}, more than a day from now:` +
      " the specs that need today's tips or an AI pick on sale will fail for the clock, not the code." +
      ' Run the suite again from 24 hours before that kick-off.\n',
  );
}
