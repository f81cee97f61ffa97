import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { AdminSlotsResponse } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useUpdateSlots } from '../api/catalogue';
import { firstMessage } from '../messages';
import { isStockTyped, stockBody, type StockDraft } from '../utils/slot-stock';
import { SlotStockFields } from './slot-stock-fields';

const NO_STOCK = { capacity: null, adultCapacity: null, childCapacity: null };
const OPEN_OR_CLOSE = [
  { isClosed: true, action: 'close' },
  { isClosed: false, action: 'open' },
] as const;

type SlotsBulkBarProps = {
  offer: AdminSlotsResponse['offer'];
  selected: readonly number[];
  onDone: () => void;
  onClear: () => void;
};

// The chosen slots get a new stock, or are closed or opened, in one request; a refusal is said under the buttons
export function SlotsBulkBar({ offer, selected, onDone, onClear }: SlotsBulkBarProps) {
  const { t } = useTranslation();
  const update = useUpdateSlots(offer.id);
  const isSame = offer.isSameTicketForAdultsAndChildren;
  const [stock, setStock] = useState<StockDraft>({ capacity: '', adults: '', children: '' });
  const [error, setError] = useState<string | null>(null);
  const send = (change: { stock?: boolean; isClosed?: boolean }) => {
    setError(null);
    update.mutate(
      {
        slotIds: [...selected],
        ...(change.stock ? stockBody(stock, isSame) : NO_STOCK),
        isClosed: change.isClosed ?? null,
      },
      {
        onSuccess: () => {
          notify.success(t('boCatalogue.slots.updated', { count: selected.length }));
          onDone();
        },
        onError: (e) => setError(firstMessage(e)),
      },
    );
  };
  const nothingChosen = selected.length === 0;
  return (
    <Card withBorder padding="sm" data-testid="slots-bulk">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{t('boCatalogue.slots.selected', { count: selected.length })}</Text>
          {nothingChosen ? null : (
            <Button variant="subtle" size="xs" onClick={onClear}>
              {t('boCatalogue.slots.clear')}
            </Button>
          )}
        </Group>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <SlotStockFields
            isSameTicket={isSame}
            value={stock}
            onChange={setStock}
            width={130}
            capacityTestId="bulk-capacity"
          />
          <Button
            disabled={nothingChosen || !isStockTyped(stock, isSame)}
            loading={update.isPending}
            onClick={() => send({ stock: true })}
            data-testid="bulk-set-stock"
          >
            {t('boCatalogue.slots.setStock')}
          </Button>
          {OPEN_OR_CLOSE.map(({ isClosed, action }) => (
            <Button
              key={action}
              variant="default"
              disabled={nothingChosen}
              onClick={() => send({ isClosed })}
              data-testid={`bulk-${action}`}
            >
              {t(`boCatalogue.slots.${action}`)}
            </Button>
          ))}
        </Group>
        {error ? (
          <Alert color="red" variant="light" data-testid="slots-error">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
