import { LegalDocument } from '../components/legal-document';

export function TermsOfUseRoute() {
  return <LegalDocument document="terms" />;
}
