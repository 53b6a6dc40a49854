import { ContactPage } from '../../features/static-pages/components/contact-page';

export function Component() {
  return <ContactPage />;
}
