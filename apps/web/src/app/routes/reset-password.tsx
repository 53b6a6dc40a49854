import { useParams } from 'react-router';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page';

export function Component() {
  const { code } = useParams();
  return <ResetPasswordPage code={code ?? null} />;
}
