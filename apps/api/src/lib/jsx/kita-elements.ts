import type {} from '@kitajs/html';

// @kitajs/html declares its elements in the global JSX namespace, whose name the runtime's own namespace shadows
export type KitaIntrinsicElements = JSX.IntrinsicElements;

// attributes our pages use that @kitajs/html 4.2 does not declare
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- merged into @kitajs/html's declarations
  namespace JSX {
    interface HtmlImageTag {
      sizes?: undefined | string;
    }
    interface HtmlVideoTag {
      playsinline?: undefined | boolean;
    }
  }
}
