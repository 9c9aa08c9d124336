import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { imageUrl } from '../../shared/rules/image-url';
import { bootstrapAtom } from './bootstrap-atom';

export const STORE_PLACEHOLDER = 'placeholder/store.svg';

/** SPEC §3: image paths get the asset base unless they already contain http; missing → the placeholder. */
export function useAssetUrl(): (path: string | null | undefined, placeholder?: string) => string {
  const assetBase = useAtomValue(bootstrapAtom).config.assetBase;
  return useCallback(
    (path, placeholder = STORE_PLACEHOLDER) => imageUrl(path, assetBase, imageUrl(placeholder, assetBase, '')),
    [assetBase],
  );
}
