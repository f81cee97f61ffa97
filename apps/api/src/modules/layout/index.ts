// What other modules may use of layout (module faces: nothing else is imported from outside this folder)
export { layoutInfoFor } from './layout-info.ts';
