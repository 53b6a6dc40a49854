// The AI tipsters' location and bio as the demo seeds them, in English. Defined once so that the
// web recognises them and shows its own translation (#21.5); a bio an admin rewrote is shown as written.

export const AI_TIPSTER_LOCATION = 'Tips Market demo';

export function aiTipsterBio(category: string): string {
  return (
    `The ${category}: a Dixon–Coles and Elo football model fitted on the league results this site holds, ` +
    "publishing its own pick each day (on the demo: real matches of a past season replayed on today's calendar), " +
    'graded from the real results. How it works, and its measured hit rates, are on the AI tips page.'
  );
}
