// The module that draws every section type: all section components live in ./section-components, one lazy chunk
// that the server preloads beside the entry on every page (every page draws header and footer sections). The build
// reads the import below to find that chunk (src/server/build/section-chunks.ts).
export const loadSectionComponents = () => import('./section-components');
