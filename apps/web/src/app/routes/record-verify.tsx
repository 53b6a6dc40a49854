import { useParams } from 'react-router';
import { RecordVerifyPage } from '../../features/record-verify/components/record-verify-page';

export function Component() {
  const { tipsterId = '' } = useParams();
  return <RecordVerifyPage key={tipsterId} tipsterId={tipsterId} />;
}
