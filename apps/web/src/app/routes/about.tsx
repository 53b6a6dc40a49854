import { AboutPage } from '../../features/static-pages/components/about-page';

export function Component() {
  return <AboutPage />;
}
