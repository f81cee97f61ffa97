import { Anchor, Badge, Divider, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { AUDIT_ENTITIES, type AdminAuditEntry } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { AuditChangeText, AuditEntryHeading, type AuditWords } from '@/components/audit-history';
import { paths } from '@/config/paths';
import { useAuditLog } from '../api/audit';
import { backOfficeAuditWords } from '../components/audit-words';
import { ListPage, ListResults } from '../components/list-page';
import { useListParams } from '../hooks/use-list-params';
import { listParam } from '../utils/list-params';

const ON_PAGE = 25;
const PARAMS = {
  entity: listParam.oneOf(AUDIT_ENTITIES),
  entityId: listParam.text(),
  agencyId: listParam.uuid(),
  actorId: listParam.uuid(),
};

// Where an entry's object is shown in the back office
function objectHref(entry: AdminAuditEntry): string | null {
  if (entry.entity === 'agency' || entry.entity === 'agent' || entry.entity === 'topUp')
    return entry.agencyId ? paths.backOffice.agency.getHref(entry.agencyId) : null;
  if (entry.entity === 'tour') return paths.backOffice.tour.getHref(Number(entry.entityId));
  if (entry.entity === 'booking') return paths.backOffice.booking.getHref(entry.entityId);
  return null;
}

function AuditEntryView({
  entry,
  words,
  onActor,
}: {
  entry: AdminAuditEntry;
  words: AuditWords;
  onActor: (actorId: string) => void;
}) {
  const { t } = useTranslation();
  const href = objectHref(entry);
  const actorId = entry.actorUserId;
  return (
    <>
      <AuditEntryHeading
        entry={entry}
        words={words}
        actor={
          actorId ? (
            <Anchor size="sm" onClick={() => onActor(actorId)}>
              {entry.actorName}
            </Anchor>
          ) : undefined
        }
      >
        <Badge variant="outline" color="gray" size="sm">
          {t(`backOffice.audit.entities.${entry.entity}`)}
        </Badge>
      </AuditEntryHeading>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {href ? (
          <Anchor component={Link} to={href} size="sm">
            {entry.subject}
          </Anchor>
        ) : (
          entry.subject
        )}
      </Text>
      {entry.changes.map((change) => (
        <AuditChangeText key={change.field} change={change} words={words} />
      ))}
    </>
  );
}

// /admin/audit: every change by operators and agency admins — who, when, what, before and after
export function AuditPage() {
  const { t } = useTranslation();
  const { filters, page, isFiltered, setFilters, setPage, clearFilters } = useListParams(PARAMS);
  const log = useAuditLog({ ...filters, page, onPage: ON_PAGE });
  const words = backOfficeAuditWords(t, t('backOffice.audit.none'));
  const setEntityId = (value: string) => setFilters({ entityId: value.trim() || undefined });

  return (
    <ListPage
      testId="audit-page"
      textKeys="backOffice.audit"
      clear={{ label: t('backOffice.audit.clear'), isFiltered, onClear: clearFilters }}
      filters={
        <>
          <Select
            label={t('backOffice.audit.entity')}
            placeholder={t('backOffice.audit.anyEntity')}
            data={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: t(`backOffice.audit.entities.${entity}`) }))}
            value={filters.entity ?? null}
            onChange={(value) => setFilters({ entity: value })}
            clearable
            w={{ base: '100%', sm: 220 }}
          />
          <TextInput
            label={t('backOffice.audit.entityId')}
            defaultValue={filters.entityId ?? ''}
            key={filters.entityId ?? ''}
            onBlur={(event) => setEntityId(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setEntityId(event.currentTarget.value);
            }}
            w={{ base: '100%', sm: 260 }}
          />
        </>
      }
    >
      {(filters.agencyId || filters.actorId) && (
        <Text size="sm" c="dimmed">
          {filters.actorId ? t('backOffice.audit.byOperator') : t('backOffice.audit.byAgency')}
        </Text>
      )}
      <Paper withBorder p="md">
        <ListResults
          query={log}
          isEmpty={(data) => data.items.length === 0}
          empty={words.empty}
          isDense
          gap="md"
          pagination={(data) => ({ total: data.total, onPage: data.onPage, page, onChange: setPage })}
        >
          {(data) =>
            data.items.map((entry, index) => (
              <Stack key={entry.id} gap={6} data-testid="audit-entry">
                {index > 0 && <Divider mb="xs" />}
                <AuditEntryView entry={entry} words={words} onActor={(actorId) => setFilters({ actorId })} />
              </Stack>
            ))
          }
        </ListResults>
      </Paper>
    </ListPage>
  );
}
