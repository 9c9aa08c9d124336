import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes';

// Declarative router: the data router costs ~16 KB gzip more on the home page's first load and we use none of its loaders.
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
