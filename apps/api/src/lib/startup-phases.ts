// Start-up phases, measured where they run and printed on the "ready" line (bench/startup.mjs reads them back):
// how long each step before the port opened took, in milliseconds. Steps that overlap (the database opens while the
// code loads) each keep their own duration. performance.now() counts from the process's start.
export type StartupPhases = {
  add: (name: string, ms: number) => void;
  time: <T>(name: string, work: Promise<T> | (() => Promise<T>)) => Promise<T>;
  list: () => Array<[string, number]>;
  // "name=ms name=ms …": one token per phase
  format: () => string;
};

export function startupPhases(): StartupPhases {
  const phases: Array<[string, number]> = [];
  const add = (name: string, ms: number) => void phases.push([name, Math.max(0, Math.round(ms))]);
  return {
    add,
    async time(name, work) {
      const since = performance.now();
      try {
        return await (typeof work === 'function' ? work() : work);
      } finally {
        add(name, performance.now() - since);
      }
    },
    list: () => [...phases],
    format: () => phases.map(([name, ms]) => `${name}=${ms}`).join(' '),
  };
}

// What ran in this process before the server's code: Node.js's boot, and when `npm start` runs it, scripts/start.mjs
// (which marks its own start and the end of its build check with performance.mark).
export function phasesBeforeMain(phases: StartupPhases, mainStarted: number): void {
  const script = performance.getEntriesByName('portal:start-script')[0]?.startTime;
  const checked = performance.getEntriesByName('portal:build-checked')[0]?.startTime;
  if (script === undefined || checked === undefined) {
    phases.add('node', mainStarted);
    return;
  }
  phases.add('node', script);
  phases.add('build-check', checked - script);
  phases.add('load', mainStarted - checked);
}
