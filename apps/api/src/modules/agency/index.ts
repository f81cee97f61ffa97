// What other modules may use of agency (module faces: nothing else is imported from outside this folder)
export { agencyDocuments, findAgency, lockAgency } from './agency.repo.ts';
export { agencyDetailsView } from './agency-views.ts';
