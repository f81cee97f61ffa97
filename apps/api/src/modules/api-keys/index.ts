// What other modules may use of api-keys: the reseller API's authentication, the operator's view of the keys
export {
  authenticateApiKey,
  listAgencyApiKeys,
  octoBaseUrl,
  revokeAgencyApiKey,
  type ApiKeyCaller,
} from './api-keys.service.ts';
