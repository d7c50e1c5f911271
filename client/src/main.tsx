import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { applyTheme, readStoredTheme } from '@/features/theme/utils/theme-storage';
import './index.css';

// Apply the saved theme before the first render so a dark-theme visitor sees no light flash.
// (The CSP forbids inline scripts, so this is the earliest point we control.)
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The page the build prerendered for this address is already on screen (public/prerender-init.js):
// React adopts it rather than drawing it again. Any other address starts empty.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
