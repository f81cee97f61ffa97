import { Anchor } from '@mantine/core';
import type { AdminAuditQuery } from '@portal/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { AuditHistory } from '@/components/audit-history';
import { paths } from '@/config/paths';
import { useAuditLog } from '../api/audit';
import { backOfficeAuditWords } from './audit-words';
import { Section } from './section';

type Filter = Pick<AdminAuditQuery, 'entity' | 'entityId' | 'agencyId'>;

// The changes made to one object (an agency, a tour, an option's slots), ten at a time, with a link to the same
// filter in the audit log. `extra` sits beside the title (e.g. a switch between an option and its slots).
export function ObjectHistory({ filter, testId, extra }: { filter: Filter; testId: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useAuditLog({ ...filter, page, onPage: 10 });
  return (
    <Section
      title={t('backOffice.agency.history')}
      testId={testId}
      aside={extra}
      action={
        <Anchor component={Link} to={paths.backOffice.audit.getHref(filter)} size="sm">
          {t('backOffice.agency.allHistory')}
        </Anchor>
      }
    >
      <AuditHistory
        history={history}
        page={page}
        onPageChange={setPage}
        words={backOfficeAuditWords(t, t('backOffice.audit.none'))}
      />
    </Section>
  );
}
