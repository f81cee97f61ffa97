import { Anchor, Badge, Button, Divider, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AUDIT_ENTITIES, isUuid, type AdminAuditEntry, type AdminAuditQuery } from '@portal/contract';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';
import { useAuditLog } from '../api/audit';
import { backOfficeAuditWords } from '../components/audit-words';

const ON_PAGE = 25;

// Where an entry's object is shown in the back office
function objectHref(entry: AdminAuditEntry): string | null {
  if (entry.entity === 'agency' || entry.entity === 'agent' || entry.entity === 'topUp')
    return entry.agencyId ? paths.backOffice.agency.getHref(entry.agencyId) : null;
  if (entry.entity === 'tour') return paths.backOffice.tour.getHref(Number(entry.entityId));
  if (entry.entity === 'booking') return paths.backOffice.booking.getHref(entry.entityId);
  return null;
}

function queryFrom(params: URLSearchParams): AdminAuditQuery {
  const entity = params.get('entity');
  const page = Number(params.get('page') ?? '1');
  const uuid = (name: string) => {
    const value = params.get(name);
    return value && isUuid(value) ? value : undefined;
  };
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    onPage: ON_PAGE,
    entity: (AUDIT_ENTITIES as readonly string[]).includes(entity ?? '')
      ? (entity as AdminAuditQuery['entity'])
      : undefined,
    entityId: params.get('entityId')?.trim() || undefined,
    agencyId: uuid('agencyId'),
    actorId: uuid('actorId'),
  };
}

// /admin/audit: every change by operators and agency admins — who, when, what, before and after
export function AuditPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  useDocumentPageTitle(t('backOffice.audit.title'));
  const [params, patch] = useSearchParamsPatch();
  const query = queryFrom(params);
  const log = useAuditLog(query);
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const words = backOfficeAuditWords(t, t('backOffice.audit.none'));
  const isFiltered = Boolean(query.entity || query.entityId || query.agencyId || query.actorId);
  const data = log.data;

  return (
    <Stack gap="lg" data-testid="audit-page">
      <PageHeader title={t('backOffice.audit.title')} subtitle={t('backOffice.audit.subtitle')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('backOffice.audit.entity')}
          placeholder={t('backOffice.audit.anyEntity')}
          data={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: t(`backOffice.audit.entities.${entity}`) }))}
          value={query.entity ?? null}
          onChange={(value) => patch({ entity: value ?? undefined })}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
        <TextInput
          label={t('backOffice.audit.entityId')}
          defaultValue={query.entityId ?? ''}
          key={query.entityId ?? ''}
          onBlur={(event) => patch({ entityId: event.currentTarget.value.trim() || undefined })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') patch({ entityId: event.currentTarget.value.trim() || undefined });
          }}
          w={{ base: '100%', sm: 260 }}
        />
        {isFiltered && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} />}
            onClick={() => patch({ entity: undefined, entityId: undefined, agencyId: undefined, actorId: undefined })}
          >
            {t('backOffice.audit.clear')}
          </Button>
        )}
      </Group>
      {(query.agencyId || query.actorId) && (
        <Text size="sm" c="dimmed">
          {query.actorId ? t('backOffice.audit.byOperator') : t('backOffice.audit.byAgency')}
        </Text>
      )}
      <Paper withBorder p="md">
        {log.isError && !data ? (
          <LoadFailed error={log.error} onRetry={() => void log.refetch()} isRetrying={log.isFetching} />
        ) : !data ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {words.empty}
          </Text>
        ) : (
          <Stack gap="md" style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }}>
            {data.items.map((entry, index) => {
              const href = objectHref(entry);
              return (
                <Stack key={entry.id} gap={6} data-testid="audit-entry">
                  {index > 0 && <Divider mb="xs" />}
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {formatDateTime(entry.at, language)}
                    </Text>
                    {entry.actorUserId ? (
                      <Anchor size="sm" onClick={() => patch({ actorId: entry.actorUserId ?? undefined })}>
                        {entry.actorName}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {entry.actorName}
                      </Text>
                    )}
                    <Badge variant="light" size="sm">
                      {words.action(entry.action)}
                    </Badge>
                    <Badge variant="outline" color="gray" size="sm">
                      {t(`backOffice.audit.entities.${entry.entity}`)}
                    </Badge>
                  </Group>
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
                    <Text key={change.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <Text span fw={600} size="sm">
                        {words.field(change.field)}:
                      </Text>{' '}
                      {words.value(change, change.from)} → {words.value(change, change.to)}
                    </Text>
                  ))}
                </Stack>
              );
            })}
            <ListPagination
              total={data.total}
              onPage={data.onPage}
              page={query.page}
              onChange={(page) => patch({ page: page > 1 ? String(page) : undefined })}
              isCompact={isPhone}
              textKeys="backOffice.pagination"
            />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
