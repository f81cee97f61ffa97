import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from '@/lib/i18n';
import { requiredField } from '@/components/required-field';
import type { OfferForm } from '../utils/offer-form';

// An offer's name and description in English and Russian
export function OfferTextFields({ form }: { form: UseFormReturnType<OfferForm> }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        size="sm"
        label={t('boCatalogue.offer.fields.nameEn')}
        {...requiredField}
        {...form.getInputProps('name.en')}
      />
      <TextInput
        size="sm"
        label={t('boCatalogue.offer.fields.nameRu')}
        {...requiredField}
        {...form.getInputProps('name.ru')}
      />
      <Textarea
        label={t('boCatalogue.offer.fields.descriptionEn')}
        autosize
        minRows={2}
        {...form.getInputProps('description.en')}
      />
      <Textarea
        label={t('boCatalogue.offer.fields.descriptionRu')}
        autosize
        minRows={2}
        {...form.getInputProps('description.ru')}
      />
    </SimpleGrid>
  );
}
