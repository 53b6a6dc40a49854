import { useParams } from 'react-router';
import { TipsterProfilePage } from '../../features/tipsters/components/tipster-profile-page';

export function Component() {
  const { tipsterId = '' } = useParams();
  return <TipsterProfilePage key={tipsterId} tipsterId={tipsterId} />;
}
