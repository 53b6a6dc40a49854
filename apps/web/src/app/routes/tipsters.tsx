import { useParams } from 'react-router';
import { type TipsterListCategory, TipstersPage } from '../../features/tipsters/components/tipsters-page';

function toCategory(segment: string | undefined): TipsterListCategory {
  const value = segment?.toLowerCase();
  return value === 'premium' || value === 'senior' ? value : 'all';
}

export function Component() {
  const { category } = useParams();
  const selected = toCategory(category);
  return <TipstersPage key={selected} category={selected} />;
}
