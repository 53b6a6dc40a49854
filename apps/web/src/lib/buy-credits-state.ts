/** Navigation state of /buy-credits: the pack chosen on the dashboard arrives preselected (SPEC §2). */
export interface BuyCreditsState {
  credits: number;
}

export const BUY_CREDITS_PATH = '/buy-credits';

export function creditsFromState(state: unknown): number | null {
  const credits = (state as Partial<BuyCreditsState> | null)?.credits;
  return typeof credits === 'number' && Number.isInteger(credits) && credits > 0 ? credits : null;
}
