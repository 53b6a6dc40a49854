import { useLocation } from 'react-router';
import { NotFoundPage } from '../../features/not-found/components/not-found-page';

export function Component() {
  const { pathname } = useLocation();
  return <NotFoundPage location={pathname} />;
}
