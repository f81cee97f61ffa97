import { Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { AGENT_ROLES, CAPABILITIES, can } from '@portal/contract/plain';
import { useTranslation } from '@/lib/i18n';

// SPEC §2 the user-roles table, drawn from the contract's matrix (the same data the server enforces): one row per
// capability, one column per role. Compact (short role names) in the form and on a phone, to fit without scrolling.
export function RolesTable({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    // the frame scrolls only if a language's role names are longer than a phone is wide
    <Table.ScrollContainer minWidth={0} type="native">
      <Table
        data-testid="roles-table"
        striped
        withTableBorder
        verticalSpacing={compact ? 4 : 'xs'}
        horizontalSpacing={compact ? 4 : 'sm'}
        fz={compact ? 'xs' : 'sm'}
        aria-label={t('agents.roles.title')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('agents.roles.capability')}</Table.Th>
            {AGENT_ROLES.map((role) => (
              <Table.Th key={role} ta="center" data-role={role} title={t(`agents.roleNames.${role}`)}>
                {compact ? t(`agents.roleShortNames.${role}`) : t(`agents.roleNames.${role}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {CAPABILITIES.map((capability) => (
            <Table.Tr key={capability} data-capability={capability}>
              <Table.Td>
                <Text inherit>{t(`agents.capabilities.${capability}`)}</Text>
              </Table.Td>
              {AGENT_ROLES.map((role) => {
                const isAllowed = can(role, capability);
                return (
                  <Table.Td key={role} ta="center" data-role={role} data-allowed={isAllowed}>
                    {isAllowed ? (
                      <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
                    ) : (
                      <IconMinus size={16} color="var(--mantine-color-gray-5)" aria-hidden />
                    )}
                    <VisuallyHidden>{isAllowed ? t('agents.roles.yes') : t('agents.roles.no')}</VisuallyHidden>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
