import { PasswordInput } from '@mantine/core';
import type { PasswordInputProps } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

// Mantine's toggle is labelled "Toggle password visibility", which would also match getByLabel('Password').
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('common.toggleVisibility') }} {...props} />;
}
