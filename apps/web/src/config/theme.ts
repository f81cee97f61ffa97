import { createTheme } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

// SPEC §9: primary colour #2637AA (shade 6, the primary shade)
const brand: MantineColorsTuple = [
  '#f2f3fa',
  '#e1e3f3',
  '#c2c7e7',
  '#a0a7da',
  '#7d87cc',
  '#515fbb',
  '#2637aa',
  '#213095',
  '#1c2980',
  '#172169',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  // SPEC §9: breakpoints 430, 768, 960 px
  breakpoints: { xs: '26.875em', sm: '48em', md: '60em', lg: '75em', xl: '88em' },
  // app/global.css holds the stack, so that the server's first HTML uses it before this theme is applied
  fontFamily: 'var(--app-font-family)',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'xl' } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});
