import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AdminPromoCode } from '@portal/contract';
import { addDays } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { ListPage, ListResults } from '../components/list-page';
import { ListTable, type ListColumn } from '../components/list-table';
import { usePromoCodes, useSavePromoCode } from './api/catalogue';
import { ActiveBadge } from './components/active-badge';
import { applyServerErrors } from '@/lib/form';
import { TypedDateInput } from '@/components/typed-date-input';

// /admin/promo-codes: every code with its percent, dates and state; a code's name never changes once created
export function PromoCodesPage() {
  const { t } = useTranslation();
  const codes = usePromoCodes();
  const [editing, setEditing] = useState<AdminPromoCode | 'new' | null>(null);
  const columns: ListColumn<AdminPromoCode>[] = [
    {
      key: 'code',
      title: t('boCatalogue.promo.fields.code'),
      cell: (code) => (
        <Text span inherit fw={600}>
          {code.code}
        </Text>
      ),
    },
    { key: 'percent', title: t('boCatalogue.promo.fields.percent'), cell: (code) => `${code.percent}%` },
    { key: 'valid', title: t('boCatalogue.promo.valid'), cell: (code) => `${code.validFrom} – ${code.validTo}` },
    { key: 'state', cell: (code) => <ActiveBadge isActive={code.isActive} /> },
  ];
  return (
    <ListPage
      testId="promo-codes-page"
      textKeys="boCatalogue.promo"
      action={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('boCatalogue.promo.new')}
        </Button>
      }
    >
      <ListResults query={codes} isEmpty={(rows) => rows.length === 0} empty={t('boCatalogue.promo.empty')}>
        {(rows) => (
          <ListTable
            rows={rows}
            rowKey={(code) => code.code}
            columns={columns}
            minWidth={360}
            variant="striped"
            rowProps={(code) => ({ style: { cursor: 'pointer' }, onClick: () => setEditing(code) })}
          />
        )}
      </ListResults>
      {editing !== null ? (
        <PromoCodeModal code={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </ListPage>
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
        onError: (error) => applyServerErrors(form, error),
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
