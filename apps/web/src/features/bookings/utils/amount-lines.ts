import { RU_FEE_PERCENT, RU_TAX_PERCENT } from '@portal/contract';
import type { TFunction } from '@/lib/i18n';

// One money line of a summary: its label, the amount, the amount's test id, and how it stands out
export type AmountLine = { label: string; amount: number; testId: string; strong?: boolean; negative?: boolean };

export function isAmountLine(line: AmountLine | false): line is AmountLine {
  return line !== false;
}

// SPEC §9 Russian site: the tax and the fee the net includes, where the amounts have them
export function includedChargeLines(
  t: TFunction,
  { tax, fee }: { tax: number | null; fee: number | null },
  testIdPrefix: string,
): (AmountLine | false)[] {
  return [
    tax !== null && {
      label: t('checkout.summary.taxIncluded', { percent: RU_TAX_PERCENT }),
      amount: tax,
      testId: `${testIdPrefix}-tax`,
    },
    fee !== null && {
      label: t('checkout.summary.feeIncluded', { percent: RU_FEE_PERCENT }),
      amount: fee,
      testId: `${testIdPrefix}-fee`,
    },
  ];
}
