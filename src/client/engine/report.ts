/** A problem found while rendering a layout document: where (file + JSON pointer) and what. */
export interface RenderProblem {
  file: string;
  pointer: string;
  message: string;
}

export function formatProblem(problem: RenderProblem): string {
  return `${problem.file} ${problem.pointer || '/'}: ${problem.message}`;
}

const reported = new Set<string>();

/** Shoppers never see these; operators find them in the console (once per problem). */
export function reportProblem(problem: RenderProblem): void {
  const line = formatProblem(problem);
  if (reported.has(line)) return;
  reported.add(line);
  console.warn(`[dealdeck layout] ${line}`);
}
