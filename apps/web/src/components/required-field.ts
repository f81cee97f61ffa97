// Mantine's withAsterisk writes " *" into the <label> text, so getByLabel('Email', { exact: true }) and
// label-based lookups stop matching; the label gets data-required and the asterisk is drawn by CSS instead.
export const requiredField = { labelProps: { mod: { required: true } }, 'aria-required': true } as const;
