import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AdminPromoCode } from '@portal/contract';
import { addDays } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';
import { notify } from '@/lib/notify';
import { usePromoCodes, useSavePromoCode } from './api/catalogue';
import { applyCatalogueErrors } from './messages';
import { TypedDateInput } from '@/components/typed-date-input';

// /admin/promo-codes: every code with its percent, dates and state; a code's name never changes once created
export function PromoCodesPage() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('boCatalogue.promo.title'));
  const codes = usePromoCodes();
  const [editing, setEditing] = useState<AdminPromoCode | 'new' | null>(null);
  return (
    <Stack gap="lg" data-testid="promo-codes-page">
      <PageHeader
        title={t('boCatalogue.promo.title')}
        subtitle={t('boCatalogue.promo.subtitle')}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('boCatalogue.promo.new')}
          </Button>
        }
      />
      {codes.isError && !codes.data ? (
        <LoadFailed error={codes.error} onRetry={() => void codes.refetch()} isRetrying={codes.isFetching} />
      ) : !codes.data ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : codes.data.length === 0 ? (
        <Text c="dimmed">{t('boCatalogue.promo.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('boCatalogue.promo.fields.code')}</Table.Th>
                <Table.Th>{t('boCatalogue.promo.fields.percent')}</Table.Th>
                <Table.Th>{t('boCatalogue.promo.valid')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {codes.data.map((code) => (
                <Table.Tr key={code.code} style={{ cursor: 'pointer' }} onClick={() => setEditing(code)}>
                  <Table.Td fw={600}>{code.code}</Table.Td>
                  <Table.Td>{code.percent}%</Table.Td>
                  <Table.Td>
                    {code.validFrom} – {code.validTo}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={code.isActive ? 'teal' : 'gray'} variant="light">
                      {code.isActive ? t('boCatalogue.tours.active') : t('boCatalogue.tours.inactive')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== null ? (
        <PromoCodeModal code={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}

function PromoCodeModal({ code, onClose }: { code: AdminPromoCode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePromoCode(code?.code ?? null);
  const today = new Date().toISOString().slice(0, 10);
  const form = useForm({
    initialValues: {
      code: code?.code ?? '',
      percent: (code?.percent ?? 10) as number | string,
      validFrom: code?.validFrom ?? today,
      validTo: code?.validTo ?? addDays(today, 90),
      isActive: code?.isActive ?? true,
    },
  });
  const handleSubmit = form.onSubmit((v) =>
    save.mutate(
      { ...v, percent: Number(v.percent) || 0 },
      {
        onSuccess: () => {
          notify.success(t('boCatalogue.promo.saved'));
          onClose();
        },
        onError: (error) => applyCatalogueErrors(form, error),
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={code ? code.code : t('boCatalogue.promo.new')} centered>
      <form onSubmit={handleSubmit} noValidate data-testid="promo-form">
        <Stack gap="sm">
          <TextInput
            size="sm"
            label={t('boCatalogue.promo.fields.code')}
            disabled={code !== null}
            maxLength={30}
            {...form.getInputProps('code')}
          />
          <NumberInput
            label={t('boCatalogue.promo.fields.percent')}
            min={1}
            max={100}
            allowDecimal={false}
            suffix=" %"
            {...form.getInputProps('percent')}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TypedDateInput
              label={t('boCatalogue.promo.fields.validFrom')}
              value={form.values.validFrom}
              onChange={(value) => form.setFieldValue('validFrom', value)}
              error={form.errors.validFrom}
            />
            <TypedDateInput
              label={t('boCatalogue.promo.fields.validTo')}
              value={form.values.validTo}
              onChange={(value) => form.setFieldValue('validTo', value)}
              error={form.errors.validTo}
            />
          </SimpleGrid>
          <Switch
            label={t('boCatalogue.promo.fields.isActive')}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('boCatalogue.promo.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
