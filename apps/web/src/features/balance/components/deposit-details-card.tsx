import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { DepositDetails } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { CopyFieldButton } from '@/components/copy-field-button';
import { QueryContent } from '@/components/query-content';
import { SectionHeading } from '@/components/section-heading';
import { useDepositDetails } from '../api/get-deposit-details';

const FIELDS = [
  'bankName',
  'accountName',
  'iban',
  'swift',
  'reference',
] as const satisfies readonly (keyof DepositDetails)[];

function DetailRow({ field, value }: { field: (typeof FIELDS)[number]; value: string }) {
  const { t } = useTranslation();
  const label = t(`balance.deposit.${field}`);
  const isCode = field === 'iban' || field === 'swift' || field === 'reference';
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid={`deposit-${field}`}>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
          {label}
        </Text>
        <Text
          fw={field === 'reference' ? 800 : 600}
          c={field === 'reference' ? 'brand.7' : undefined}
          ff={isCode ? 'monospace' : undefined}
          style={{ overflowWrap: 'anywhere' }}
          data-testid={`deposit-${field}-value`}
        >
          {value}
        </Text>
      </div>
      <CopyFieldButton value={value} label={label} textKeys="balance.deposit" position="left" />
    </Group>
  );
}

// GET /b2b/balance/deposit: where to send a bank transfer, each line with a copy button
export function DepositDetailsCard() {
  const { t } = useTranslation();
  const details = useDepositDetails();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="deposit-details">
      <Stack gap="md">
        <SectionHeading title={t('balance.deposit.title')} description={t('balance.deposit.quoteReference')} />
        <QueryContent
          query={details}
          loading={
            <Stack gap="sm">
              {FIELDS.map((field) => (
                <Skeleton key={field} h={40} />
              ))}
            </Stack>
          }
        >
          {(data) => (
            <Stack gap="sm">
              {FIELDS.map((field) => (
                <DetailRow key={field} field={field} value={data[field]} />
              ))}
            </Stack>
          )}
        </QueryContent>
      </Stack>
    </Paper>
  );
}
