import { useTranslation } from '@/lib/i18n';
import { PasswordField } from '@/components/password-field';
import { requiredField } from '@/components/required-field';

import type { GetInputPropsReturnType } from '@mantine/form';

type InputProps = GetInputPropsReturnType;

// The "new password" + "confirm" pair shared by the reset and change-password forms.
export function NewPasswordFields({
  password,
  confirmPassword,
}: {
  password: InputProps;
  confirmPassword: InputProps;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('fields.newPassword')}
        description={t('auth.passwordRule')}
        autoComplete="new-password"
        {...requiredField}
        {...password}
      />
      <PasswordField
        label={t('fields.confirmNewPassword')}
        autoComplete="new-password"
        {...requiredField}
        {...confirmPassword}
      />
    </>
  );
}
