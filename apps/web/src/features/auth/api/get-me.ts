export { accountKeys, meQuery, useMe } from '@/lib/me';
