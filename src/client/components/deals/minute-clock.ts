import { atom } from 'jotai';
import { bootstrapAtom } from '../../lib/bootstrap-atom';

const MINUTE = 60_000;

// null until a card mounts: the first render reads the time the server drew the page at, so hydration matches.
const nowAtom = atom<number | null>(null);

// One timer for every countdown on the page, ticking on the minute while at least one card is mounted.
nowAtom.onMount = (set) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    set(Date.now());
    timer = setTimeout(tick, MINUTE - (Date.now() % MINUTE));
  };
  tick();
  return () => clearTimeout(timer);
};

/** The current time (ms), refreshed each minute: what the deal cards' live countdowns read. */
export const minuteClockAtom = atom((get) => get(nowAtom) ?? get(bootstrapAtom).renderedAt ?? Date.now());
