import { CommissionsPage } from '../components/commissions-page';

// /my-commissions: the commissions of the bookings this user sees (their own for a junior, the agency's otherwise)
export function MyCommissionsRoute() {
  return <CommissionsPage />;
}
