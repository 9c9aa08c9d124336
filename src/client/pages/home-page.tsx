import { LayoutSlot } from '../engine/layout-slot';

/** Home: the tenant's home layout document (or, on /home2–/home4, the document serving that home_page value). */
export function HomePage({ variant }: { variant?: string }) {
  return <LayoutSlot kind="home" variant={variant} element="div" className="home" />;
}
