import { useParams } from 'react-router';
import { type TodayTipsCategory, TodayTipsPage } from '../../features/tips/components/today-tips-page';

// SPEC §2: premium, senior, or anything else (free/all).
function toCategory(segment: string | undefined): TodayTipsCategory {
  const value = segment?.toLowerCase();
  return value === 'premium' || value === 'senior' ? value : 'all';
}

export function Component() {
  const { category } = useParams();
  const selected = toCategory(category);
  // key: a new category starts from a fresh page state (filters, pages loaded).
  return <TodayTipsPage key={selected} category={selected} />;
}
