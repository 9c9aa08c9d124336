import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Shell } from './shell';
import { RequireToken, LoginRedirect } from './require-token';
import { HomePage } from '../pages/home-page';

const NotFoundPage = lazy(() => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/** SPEC §2 route table: exact matches, all behind the token guard; every route but home is lazy. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route element={<RequireToken />}>
          <Route path="/" element={<HomePage />} />
          <Route path="/home2" element={<HomePage variant="Home Page Two" />} />
          <Route path="/home3" element={<HomePage variant="Home Page Three" />} />
          <Route path="/home4" element={<HomePage variant="Home Page Four" />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="/login" element={<LoginRedirect />} />
      </Route>
    </Routes>
  );
}
