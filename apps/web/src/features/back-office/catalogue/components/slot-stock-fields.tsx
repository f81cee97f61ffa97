import { NumberInput } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { StockDraft } from '../utils/slot-stock';

type SlotStockFieldsProps = {
  isSameTicket: boolean;
  value: StockDraft;
  onChange: (value: StockDraft) => void;
  width?: number;
  capacityTestId: string;
};

// A slot's stock: one number, or the adults' and the children's where one ticket serves both
export function SlotStockFields({ isSameTicket, value, onChange, width, capacityTestId }: SlotStockFieldsProps) {
  const { t } = useTranslation();
  const field = (key: keyof StockDraft, label: string, testId?: string) => (
    <NumberInput
      label={label}
      min={0}
      allowDecimal={false}
      value={value[key]}
      onChange={(typed) => onChange({ ...value, [key]: typed })}
      w={width}
      data-testid={testId}
    />
  );
  if (!isSameTicket) return field('capacity', t('boCatalogue.slots.stock'), capacityTestId);
  return (
    <>
      {field('adults', t('boCatalogue.slots.adultStock'))}
      {field('children', t('boCatalogue.slots.childStock'))}
    </>
  );
}
