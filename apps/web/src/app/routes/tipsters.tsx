import { toCategoryPage } from '@tips/contract/rules';
import { useParams } from 'react-router';
import { TipstersPage } from '../../features/tipsters/components/tipsters-page';

export function Component() {
  const { category } = useParams();
  const selected = toCategoryPage(category);
  return <TipstersPage key={selected} category={selected} />;
}
