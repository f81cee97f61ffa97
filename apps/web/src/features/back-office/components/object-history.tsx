import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import type { AdminAuditQuery } from '@portal/contract';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuditHistory } from '@/components/audit-history';
import { paths } from '@/config/paths';
import { useAuditLog } from '../api/audit';
import { backOfficeAuditWords } from './audit-words';

type Filter = Pick<AdminAuditQuery, 'entity' | 'entityId' | 'agencyId'>;

// The changes made to one object (an agency, a tour, an option's slots), ten at a time, with a link to the same
// filter in the audit log. `extra` sits beside the title (e.g. a switch between an option and its slots).
export function ObjectHistory({ filter, testId, extra }: { filter: Filter; testId: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const history = useAuditLog({ ...filter, page, onPage: 10 });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={2} size="h4" id={titleId}>
              {t('backOffice.agency.history')}
            </Title>
            {extra}
          </Group>
          <Anchor component={Link} to={paths.backOffice.audit.getHref(filter)} size="sm">
            {t('backOffice.agency.allHistory')}
          </Anchor>
        </Group>
        <AuditHistory
          history={history}
          page={page}
          onPageChange={setPage}
          words={backOfficeAuditWords(t, t('backOffice.audit.none'))}
        />
      </Stack>
    </Paper>
  );
}
