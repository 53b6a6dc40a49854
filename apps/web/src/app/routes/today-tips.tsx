import { toCategoryPage } from '@tips/contract/rules';
import { useParams } from 'react-router';
import { TodayTipsPage } from '../../features/tips/components/today-tips-page';

export function Component() {
  const { category } = useParams();
  const selected = toCategoryPage(category);
  // key: a new category starts from a fresh page state (filters, pages loaded).
  return <TodayTipsPage key={selected} category={selected} />;
}
