import { Badge, Button, Code, Table } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyRoutes } from '@portal/contract';
import type { AdminAgencyDetail } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { callRoute } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { Section } from '../../components/section';

// Issue 30: the agency's reseller API keys as the tours company sees them; any can be revoked from here (the next
// call with it is refused). The agency's access itself is the "reseller API" switch of its settings.
export function AgencyApiKeys({ agency }: { agency: AdminAgencyDetail }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ru' ? 'ru' : 'en';
  const queryClient = useQueryClient();
  const queryKey = ['admin', 'agency-api-keys', agency.id];
  const keys = useQuery({
    queryKey,
    queryFn: ({ signal }) => callRoute(apiKeyRoutes.agencyKeys, { params: { id: agency.id }, signal }),
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => callRoute(apiKeyRoutes.revokeAgencyKey, { params: { id: agency.id, keyId } }),
    onSuccess: (key) => {
      notify.success(t('backOffice.apiKeys.revoked', { name: key.name }));
      return queryClient.invalidateQueries({ queryKey });
    },
  });
  const list = keys.data?.keys ?? [];
  if (!agency.isApiAllowed && list.length === 0) return null;
  return (
    <Section
      title={t('backOffice.apiKeys.title')}
      testId="agency-api-keys"
      empty={list.length === 0 && t('backOffice.apiKeys.empty')}
    >
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Tbody>
            {list.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>
                  <Code>{key.prefix}…</Code>
                </Table.Td>
                <Table.Td>
                  {key.lastUsedAt
                    ? t('backOffice.apiKeys.lastUsed', { when: formatDateTime(key.lastUsedAt, language) })
                    : t('backOffice.apiKeys.neverUsed')}
                </Table.Td>
                <Table.Td>
                  {key.revokedAt ? (
                    <Badge color="gray" variant="light">
                      {t('backOffice.apiKeys.revokedBadge')}
                    </Badge>
                  ) : (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      loading={revoke.isPending && revoke.variables === key.id}
                      onClick={() => revoke.mutate(key.id)}
                    >
                      {t('backOffice.apiKeys.revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}
