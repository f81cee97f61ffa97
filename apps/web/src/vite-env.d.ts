/// <reference types="vite/client" />

// Declaration merging with Vite's ImportMetaEnv needs an interface.
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_SUPPORT_PHONE?: string;
}
