import { useParams } from 'react-router';
import { TipsterProfilePage } from '../../features/tipster-profile/components/tipster-profile-page';

export function Component() {
  const { tipsterId = '' } = useParams();
  return <TipsterProfilePage key={tipsterId} tipsterId={tipsterId} />;
}
