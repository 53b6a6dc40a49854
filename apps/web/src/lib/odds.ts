import { formatOdds } from '@tips/contract/rules';
import { useOddsFormatStore } from '../stores/odds-format-store';

/** Formats decimal odds in the viewer's chosen format (decimal, fractional or American). */
export function useFormatOdds(): (decimalOdds: number) => string {
  const format = useOddsFormatStore((state) => state.format);
  return (decimalOdds) => formatOdds(decimalOdds, format);
}
