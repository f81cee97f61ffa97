import { jsx } from './jsx-runtime.ts';

// The development form of the runtime (vitest compiles JSX with it): the same markup; the source position is unused
export { Fragment, type JSX } from './jsx-runtime.ts';
export const jsxDEV = (type: Parameters<typeof jsx>[0], props: Parameters<typeof jsx>[1]) => jsx(type, props);
