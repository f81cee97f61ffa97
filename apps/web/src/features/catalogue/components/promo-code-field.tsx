import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, CloseButton, Group, TextInput } from '@mantine/core';
import { CATALOGUE_MESSAGES } from '@portal/contract';
import type { PromoCodeResponse } from '@portal/contract';
import { IconDiscount, IconDiscountCheck } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { isApiError } from '@/lib/api-client';
import { takeFieldError } from '@/lib/form';
import { translateMessage } from '@/lib/i18n';
import { useCheckPromoCode } from '../api/check-promo-code';
import { NoticeAlert } from '@/components/notice-alert';

type PromoCodeFieldProps = { applied: PromoCodeResponse | null; onApply: (promo: PromoCodeResponse | null) => void };

// SPEC §8: a wrong code says 'You entered the wrong promo code'; a right one states the discount percent
export function PromoCodeField({ applied, onApply }: PromoCodeFieldProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useCheckPromoCode();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return;
    setError(null);
    check.mutate(value, {
      onSuccess: (promo) => onApply(promo),
      onError: (failure) => {
        const message = takeFieldError(failure, 'code');
        if (message) setError(message);
        else if (isApiError(failure) && failure.status === 422)
          setError(translateMessage(CATALOGUE_MESSAGES.wrongPromoCode));
      },
    });
  };

  if (applied) {
    return (
      <NoticeAlert
        color="teal"
        icon={IconDiscountCheck}
        iconSize={20}
        title={t('catalogue.promo.applied', { percent: applied.percent })}
        testId="promo-applied"
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <span>{t('catalogue.promo.code', { code: applied.code })}</span>
          <CloseButton size="sm" aria-label={t('catalogue.promo.remove')} onClick={() => onApply(null)} />
        </Group>
      </NoticeAlert>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          flex={1}
          size="sm"
          label={t('catalogue.promo.label')}
          placeholder={t('catalogue.promo.placeholder')}
          leftSection={<IconDiscount size={16} />}
          value={code}
          maxLength={40}
          error={error}
          onChange={(event) => {
            setCode(event.currentTarget.value.toUpperCase());
            setError(null);
          }}
        />
        <Button type="submit" variant="light" size="sm" mt={25} loading={check.isPending} disabled={!code.trim()}>
          {t('catalogue.promo.apply')}
        </Button>
      </Group>
    </form>
  );
}
