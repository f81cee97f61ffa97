// Mantine's components bring their own styles (scripts/mantine-styles-plugin.ts); these come before any of them
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/global.css';
import './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { localeReady } from './lib/locale';
import { loadSession } from './lib/session';
import { loadAgentNav } from './components/header';

const agentNavReady = loadSession().status === 'authenticated' ? loadAgentNav().catch(() => undefined) : null;
// The server's first HTML drew an agent's page with the places of the menu's burger and bar (issue 32): the first
// render waits for the menu's code (preloaded beside the entry), so that it draws them there instead of moving the
// page down when they come
const firstRenderReady =
  agentNavReady && document.querySelector('[data-preview="agent"]')
    ? Promise.all([localeReady, agentNavReady])
    : localeReady;

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing');

// The first render waits for the first language's texts. Not a top-level await: that would keep the bundler from
// putting the modules the entry shares with the pages into the entry chunk (dozens of tiny chunks on a phone).
void firstRenderReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        {/* without transitions a navigation to a page whose code is still loading shows the spinner at once */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  ),
);
