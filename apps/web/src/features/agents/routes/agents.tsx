import { AgentsPage } from '../components/agents-page';

// /agents: the agency's users (admins)
export function AgentsRoute() {
  return <AgentsPage />;
}
