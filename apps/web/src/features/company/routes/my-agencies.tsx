import { CompanySettingsPage } from '../components/company-settings-page';

// /my-agencies: the company settings (every role reads them; admins edit)
export function MyAgenciesRoute() {
  return <CompanySettingsPage />;
}
