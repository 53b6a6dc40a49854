import { useParams } from 'react-router';
import { VerifyEmailPage } from '../../features/auth/components/verify-email-page';

export function Component() {
  const { code } = useParams();
  return <VerifyEmailPage code={code ?? null} />;
}
