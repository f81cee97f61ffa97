import { ActionIcon, CopyButton, Tooltip, type TooltipProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

type CopyFieldButtonProps = {
  value: string;
  // the field's name, read out as "Copy {{field}}"
  label: string;
  // the words: at `${textKeys}.copy`, `.copied` and `.copyField`
  textKeys: string;
  position?: TooltipProps['position'];
};

// A field's copy button: turns teal with a tick for two seconds once the value is on the clipboard
export function CopyFieldButton({ value, label, textKeys, position }: CopyFieldButtonProps) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t(`${textKeys}.copied`) : t(`${textKeys}.copy`)} withArrow position={position}>
          <ActionIcon
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : 'brand'}
            onClick={copy}
            aria-label={t(`${textKeys}.copyField`, { field: label })}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
