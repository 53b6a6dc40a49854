import { Navigate, useParams } from 'react-router';
import { AdminPage, toAdminTab } from '../../features/admin/components/admin-page';

export function Component() {
  const tab = toAdminTab(useParams().tab);
  return tab ? <AdminPage tab={tab} /> : <Navigate to="/admin" replace />;
}
