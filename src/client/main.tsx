import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { readBootstrap } from './app/bootstrap';
import { createAppStore } from './app/store';
import { App } from './app/app';
import { BootFailure } from './app/boot-failure';
import { ensureVisitorToken } from './api/session';
import { configureHttp } from './api/http';
import './styles/base.css';

const root = createRoot(document.getElementById('root')!);
const bootstrap = readBootstrap();

if (!bootstrap) {
  root.render(<BootFailure />);
} else {
  ensureVisitorToken();
  configureHttp({ apiBase: bootstrap.config.apiBase, stagingApiBase: bootstrap.config.stagingApiBase ?? null });
  const store = createAppStore(bootstrap);
  root.render(
    <StrictMode>
      <Provider store={store}>
        <App />
      </Provider>
    </StrictMode>,
  );
}
