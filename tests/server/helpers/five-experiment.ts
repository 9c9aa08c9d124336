import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A scratch copy of layouts/ in which five.localhost's home (top-deals.json, Home Page Five) runs a 50/50 experiment
 * `five-home`: its `control` arm and a `bold` copy. Answers the directory (the caller removes it).
 */
export async function layoutsWithFiveExperiment(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dealdeck-layouts-'));
  await cp('layouts', dir, { recursive: true });
  const file = path.join(dir, 'home', 'top-deals.json');
  const doc = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const arm = (variant: string) => ({ ...doc, schemaVersion: 2, experiment: { id: 'five-home', variant, weight: 50 } });
  await writeFile(file, JSON.stringify(arm('control')));
  await writeFile(path.join(dir, 'home', 'five-bold.json'), JSON.stringify({ ...arm('bold'), title: 'Bold' }));
  return dir;
}
