import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './console-app';

// The operators' console entry (admin.html, served at /admin): its own entry chunk, so the shop's first load is the
// same bytes with or without it (docs/decisions/015-operator-console.md).
createRoot(document.getElementById('console')!).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
