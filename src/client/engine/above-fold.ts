import { createContext } from 'react';

/** How many sections at the top of a document are treated as the first viewport: their images load eagerly. */
export const ABOVE_FOLD_SECTIONS = 2;

/** True inside a section of the first viewport (the engine sets it); images there skip lazy loading. */
export const AboveFoldContext = createContext(false);
