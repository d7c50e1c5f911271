import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { applyTheme, readStoredTheme } from '@/features/theme/utils/theme-storage';
import './index.css';

// Apply the saved theme before the first render so a dark-theme visitor sees no light flash.
// (The CSP forbids inline scripts, so this is the earliest point we control.)
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
