import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import { localeReady } from './lib/locale';
import { loadSession } from './lib/session';
import { loadAgentNav } from './components/header';

if (loadSession().status === 'authenticated') void loadAgentNav();
await localeReady;

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
