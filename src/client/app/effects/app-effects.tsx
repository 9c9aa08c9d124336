import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { bootstrapAtom } from '../../lib/bootstrap-atom';
import { createAnalytics, type Analytics } from './analytics';
import { useDomainHead } from './head';
import { useDomainScripts } from './inject-scripts';
import { useRecaptchaLoader } from './recaptcha';
import { usePageViews } from './use-page-views';

/** The app shell's side effects (SPEC §1): head tags, tenant scripts, recaptcha loader, a page view per route. Renders nothing. */
export function AppEffects({ analytics }: { analytics?: Analytics }) {
  const config = useAtomValue(bootstrapAtom).config;
  const fromConfig = useMemo(() => createAnalytics(config.analyticsId), [config.analyticsId]);
  useDomainHead();
  useDomainScripts();
  useRecaptchaLoader(config.recaptchaSiteKey);
  usePageViews(analytics ?? fromConfig);
  return null;
}
