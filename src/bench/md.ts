// Markdown helpers shared by the report's sections.

export const kb = (n: number) => (n / 1024).toFixed(1);
export const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
export const table = (head: string[], rows: (string | number)[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
export const pct = (ratio: number | null) => (ratio === null ? '–' : `${Math.round(ratio * 100)} %`);
